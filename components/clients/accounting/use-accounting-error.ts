'use client';

import { useCallback } from 'react';
import { toast } from 'sonner';
import { ApiError } from '@/lib/client/api';
import { useErrorText } from '@/lib/client/error-text';
import { AccountingErrorCode } from '@/lib/contract/accounting';
import type { ErrorCodeName } from '@/lib/contract/errors';

/** Statuses the accounting calls answer themselves; their toasts come from here, not from the global notice. */
export const accountingQuietStatuses = [400, 422, 502, 503];

/** The refusals whose own text (errors.<code>) is the toast; the others are worded by the call that got them. */
const shownByCode: ReadonlySet<string> = new Set<ErrorCodeName>([
  AccountingErrorCode.invalidCredentials,
  AccountingErrorCode.notConnected,
  AccountingErrorCode.unavailable,
  AccountingErrorCode.keyMismatch,
]);

/**
 * Shows the spec's message for an accounting refusal, by its code, and answers the code; `fallback` is the call's
 * own failure text ('could not be saved', 'something went wrong'). A failure with a global notice already shown
 * adds nothing.
 */
export function useAccountingError() {
  const errorText = useErrorText();
  return useCallback(
    (error: unknown, fallback?: string): string | null => {
      if (!(error instanceof ApiError)) return null;
      const message = shownByCode.has(error.code) ? errorText(error) : accountingQuietStatuses.includes(error.status) ? fallback : undefined;
      if (message) toast.error(message);
      return error.code;
    },
    [errorText],
  );
}
