'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { toast } from 'sonner';
import { ApiError } from '@/lib/client/api';
import { AccountingErrorCode } from '@/lib/contract/accounting';

/** Statuses the accounting calls answer themselves; their toasts come from here, not from the global notice. */
export const accountingQuietStatuses = [400, 422, 502, 503];

/**
 * Shows the spec's message for an accounting refusal and answers its code; `fallback` is the call's own failure
 * text ('could not be saved', 'something went wrong'). A failure with a global notice already shown adds nothing.
 */
export function useAccountingError() {
  const t = useTranslations('accounting.messages');
  return useCallback(
    (error: unknown, fallback?: string): string | null => {
      if (!(error instanceof ApiError)) return null;
      const known: Record<string, string> = {
        [AccountingErrorCode.invalidCredentials]: t('credentialsNotValid'),
        [AccountingErrorCode.notConnected]: t('notConnected'),
        [AccountingErrorCode.unavailable]: t('unavailable'),
        [AccountingErrorCode.keyMismatch]: t('keyMismatch'),
      };
      const message = known[error.code] ?? (accountingQuietStatuses.includes(error.status) ? fallback : undefined);
      if (message) toast.error(message);
      return error.code;
    },
    [t],
  );
}
