'use client';

import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/client/api';
import { scheduleKeys } from '@/lib/client/query-keys';
import type { AutoScheduleSummary } from '@/lib/contract/auto-schedule';
import { summaryProblemOf } from './modal-rules';

export type SummaryState =
  | { kind: 'idle' }
  | { kind: 'loading'; date: string }
  | { kind: 'loaded'; summary: AutoScheduleSummary }
  | { kind: 'failed'; date: string; problem: 'dateNotAfterToday' | 'failed' };

/**
 * GET tasks/auto-schedule/summary for the chosen date, read again whenever the date changes (`date` is '' while
 * none is chosen or the chosen one is refused here). Each date is its own query, so no frame shows the last date's
 * table under the new date; `reloadKey` asks for the same date again.
 */
export function useSummary(date: string, reloadKey = 0): SummaryState {
  const summary = useQuery({
    queryKey: scheduleKeys.autoScheduleSummary(date, reloadKey),
    queryFn: () =>
      api<AutoScheduleSummary>(`tasks/auto-schedule/summary?${new URLSearchParams({ currentDate: date })}`, { quietStatuses: [400] }),
    enabled: date !== '',
  });
  if (!date) return { kind: 'idle' };
  if (summary.isPending) return { kind: 'loading', date };
  if (summary.isError) return { kind: 'failed', date, problem: summaryProblemOf(summary.error) };
  return { kind: 'loaded', summary: summary.data };
}
