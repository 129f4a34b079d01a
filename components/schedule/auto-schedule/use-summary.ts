'use client';

import { useEffect, useState } from 'react';
import { api } from '@/lib/client/api';
import type { AutoScheduleSummary } from '@/lib/contract/auto-schedule';
import { summaryProblemOf } from './modal-rules';

export type SummaryState =
  | { kind: 'idle' }
  | { kind: 'loading'; date: string }
  | { kind: 'loaded'; summary: AutoScheduleSummary }
  | { kind: 'failed'; date: string; problem: 'dateNotAfterToday' | 'failed' };

/**
 * GET tasks/auto-schedule/summary for the chosen date, read again whenever the date changes (`date` is '' while
 * none is chosen or the chosen one is refused here). An answer for a date no longer chosen is dropped; `reloadKey`
 * asks for the same date again.
 */
export function useSummary(date: string, reloadKey = 0): SummaryState {
  const [state, setState] = useState<SummaryState>({ kind: 'idle' });
  const [asked, setAsked] = useState({ date: '', reloadKey });

  // The state follows the date during render, so no frame shows the last date's table under the new date.
  if (asked.date !== date || asked.reloadKey !== reloadKey) {
    setAsked({ date, reloadKey });
    setState(date ? { kind: 'loading', date } : { kind: 'idle' });
  }

  useEffect(() => {
    if (!date) return;
    let current = true;
    api<AutoScheduleSummary>(`tasks/auto-schedule/summary?${new URLSearchParams({ currentDate: date })}`, { quietStatuses: [400] })
      .then((summary) => {
        if (current) setState({ kind: 'loaded', summary });
      })
      .catch((error: unknown) => {
        if (current) setState({ kind: 'failed', date, problem: summaryProblemOf(error) });
      });
    return () => {
      current = false;
    };
  }, [date, reloadKey]);

  return state;
}
