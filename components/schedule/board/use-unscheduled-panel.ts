'use client';

import { useCallback, useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { api } from '@/lib/client/api';
import type { BoardStore } from '@/lib/client/schedule/board-store';
import { unscheduledPageSize, type UnscheduledPage } from '@/lib/contract/schedule-board';

/** Typing settles before the server is asked; live changes that need the page again are gathered a little longer. */
const typingDelayMs = 250;
const staleDelayMs = 600;

/**
 * The unscheduled panel's page, read from GET tasks/board/unscheduled: when its filter changes, when a live change
 * the board cannot place in a cut page arrives, and after the board is read again with a filter typed. Only the
 * latest request's answer is kept.
 */
export function useUnscheduledPanel(store: BoardStore, failedText: string): (filter: string) => void {
  const filter = useRef('');
  const latest = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const read = useCallback(
    (delayMs: number, restart = true) => {
      // A steady stream of live changes must not put the read off for ever: only typing restarts the wait.
      if (timer.current && !restart) return;
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = null;
        const asked = ++latest.current;
        const text = filter.current;
        api<UnscheduledPage>(`tasks/board/unscheduled?${new URLSearchParams({ filter: text, limit: String(unscheduledPageSize) })}`)
          .then((page) => {
            if (asked === latest.current) store.setUnscheduled(text, page);
          })
          .catch(() => {
            if (asked === latest.current) toast.error(failedText);
          });
      }, delayMs);
    },
    [store, failedText],
  );

  useEffect(() => {
    const offStale = store.onUnscheduledStale(() => read(staleDelayMs, false));
    // A new range is read without the filter: the filtered page is asked for again.
    const offLoad = store.onLoad(() => {
      if (filter.current.trim()) read(0);
    });
    return () => {
      offStale();
      offLoad();
      if (timer.current) clearTimeout(timer.current);
    };
  }, [store, read]);

  return useCallback(
    (text: string) => {
      filter.current = text;
      read(typingDelayMs);
    },
    [read],
  );
}
