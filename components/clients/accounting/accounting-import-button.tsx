'use client';

import { Download, KeyRound, Link2 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { api } from '@/lib/client/api';
import { accountingKeys } from '@/lib/client/query-keys';
import { useFeatureOn } from '@/lib/client/console-config';
import {
  AccountingErrorCode,
  type AccountingCredentialsView,
  type AccountingImportAnswer,
  type DuplicatedContact,
} from '@/lib/contract/accounting';
import { Feature } from '@/lib/contract/features';
import { CredentialsDrawer } from './credentials-drawer';
import { DuplicatesModal } from './duplicates-modal';
import { accountingQuietStatuses, useAccountingError } from './use-accounting-error';

/**
 * The clients toolbar's 'fetch from accounting provider' (spec 03 §2.7, §4), shown only with feature 5: with saved
 * credentials it imports, opening the duplicates modal when contacts match existing clients, or the credentials
 * drawer when the provider is not connected; without credentials it offers to connect. `onImported` reloads the
 * list. With feature 5 off it renders nothing and asks nothing: the server would answer 403, a console error on
 * every visit of the clients page.
 */
export function AccountingImportButton({ onImported }: { onImported?: () => void }) {
  const featureEnabled = useFeatureOn(Feature.accounting);
  const t = useTranslations('accounting');
  const tm = useTranslations('accounting.messages');
  const showError = useAccountingError();
  const queryClient = useQueryClient();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [duplicates, setDuplicates] = useState<DuplicatedContact[] | null>(null);
  const [fetching, setFetching] = useState(false);
  // 403: feature 5 switched off since the page was rendered; there is nothing to show.
  const credentialsQuery = useQuery({
    queryKey: accountingKeys.credentials,
    queryFn: () => api<AccountingCredentialsView>('xero/get-credentials', { quietStatuses: [403, ...accountingQuietStatuses] }),
    enabled: featureEnabled,
  });
  const credentials = credentialsQuery.isError ? null : (credentialsQuery.data ?? null);
  const credentialsSaved = useCallback(
    (view: AccountingCredentialsView) => queryClient.setQueryData(accountingKeys.credentials, view),
    [queryClient],
  );

  const fetchContacts = useCallback(async () => {
    setFetching(true);
    try {
      const answer = await api<AccountingImportAnswer>('xero', { quietStatuses: accountingQuietStatuses });
      if (answer.savedContacts > 0) onImported?.();
      if (answer.duplicatedContacts.length > 0) setDuplicates(answer.duplicatedContacts);
      else toast.success(answer.savedContacts > 0 ? tm('imported') : tm('nothingNew'));
    } catch (error) {
      const code = showError(error);
      if (code === AccountingErrorCode.subscriptionInactive) toast.error(tm('importSubscriptionInactive'));
      const reconnect: (string | null)[] = [
        AccountingErrorCode.subscriptionInactive,
        AccountingErrorCode.notConnected,
        AccountingErrorCode.invalidCredentials,
        AccountingErrorCode.keyMismatch,
      ];
      if (reconnect.includes(code)) {
        setDrawerOpen(true);
      }
    } finally {
      setFetching(false);
    }
  }, [onImported, showError, tm]);

  if (!featureEnabled || !credentials) return null;

  return (
    <>
      {credentials.saved ? (
        <div className="inline-flex gap-1">
          <Button variant="secondary" onClick={fetchContacts} disabled={fetching}>
            <Download size={16} aria-hidden />
            {fetching ? t('fetching') : t('fetch')}
          </Button>
          <Button
            variant="ghost"
            className="px-2"
            aria-label={t('credentialsButton')}
            title={t('credentialsButton')}
            onClick={() => setDrawerOpen(true)}
          >
            <KeyRound size={16} aria-hidden />
          </Button>
        </div>
      ) : (
        <Button variant="secondary" onClick={() => setDrawerOpen(true)}>
          <Link2 size={16} aria-hidden />
          {t('connect')}
        </Button>
      )}
      <CredentialsDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} onSaved={credentialsSaved} />
      {duplicates ? (
        <DuplicatesModal
          duplicates={duplicates}
          onClose={() => setDuplicates(null)}
          onOverridden={() => {
            setDuplicates(null);
            onImported?.();
          }}
        />
      ) : null}
    </>
  );
}
