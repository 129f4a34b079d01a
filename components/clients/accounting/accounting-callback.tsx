'use client';

import { useTranslations } from 'next-intl';
import { useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { api } from '@/lib/client/api';
import { useFeatureOn } from '@/lib/client/console-config';
import type { AccountingCredentialsView } from '@/lib/contract/accounting';
import { Feature } from '@/lib/contract/features';
import { accountingQuietStatuses } from './use-accounting-error';

/**
 * Hands the provider's code and state to the server, which exchanges the code with the client secret the browser
 * never had, then goes to the clients. A failed exchange is only logged (spec 03 §8). With feature 5 off the server
 * would refuse the exchange, so it is not asked.
 */
export function AccountingCallback() {
  const t = useTranslations('accounting');
  const router = useRouter();
  const params = useSearchParams();
  const started = useRef(false);
  const accounting = useFeatureOn(Feature.accounting);

  useEffect(() => {
    // The code is single use: a second effect run (React's development double run) must not send it again.
    if (started.current) return;
    started.current = true;
    const code = params.get('code');
    const state = params.get('state');
    const done = () => router.replace('/app/main/clients/all');
    if (!accounting) {
      done();
      return;
    }
    if (!code || !state) {
      console.error('Accounting authorisation returned without a code:', params.get('error') ?? 'no code');
      done();
      return;
    }
    api<AccountingCredentialsView>('xero/save-credentials', {
      method: 'POST',
      json: { code, state },
      quietStatuses: accountingQuietStatuses,
    }).then(
      () => {
        toast.success(t('messages.credentialsSaved'));
        done();
      },
      (error: unknown) => {
        console.error('Accounting token exchange failed:', error);
        done();
      },
    );
  }, [accounting, params, router, t]);

  return <p className="p-8 text-center text-sm text-slate-600">{t('callback.connecting')}</p>;
}
