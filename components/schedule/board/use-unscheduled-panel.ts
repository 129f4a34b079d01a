'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { api } from '@/lib/client/api';
import { scheduleKeys } from '@/lib/client/query-keys';
import type { BoardStore } from '@/lib/client/schedule/board-store';
import { unscheduledPageSize, type UnscheduledPage } from '@/lib/contract/schedule-board';

/** Typing settles before the server is asked; live changes that need the page again are gathered a little longer. */
const typingDelayMs = 250;
const staleDelayMs = 600;

/**
 * The unscheduled panel's page, read from GET tasks/board/unscheduled: when its filter changes, when a live change
 * the board cannot place in a cut page arrives, and after the board is read again with a filter typed. Each answer
 * is poured into the board's store; an answer for a filter no longer typed is never shown. Until the user types
 * or the page goes stale, the page is the one the board's own read brought.
 */
export function useUnscheduledPanel(store: BoardStore, failedText: string): (filter: string) => void {
  const queryClient = useQueryClient();
  // null: the board's own page stands; a text (empty too) names the page read for it.
  const [filter, setFilter] = useState<string | null>(null);
  const typedFilter = useRef('');
  const typingTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const page = useQuery({
    queryKey: scheduleKeys.unscheduled(filter ?? ''),
    queryFn: async () => ({
      filter: filter ?? '',
      page: await api<UnscheduledPage>(`tasks/board/unscheduled?${new URLSearchParams({ filter: filter ?? '', limit: String(unscheduledPageSize) })}`),
    }),
    enabled: filter !== null,
    staleTime: Infinity,
    gcTime: 0,
    // Every answer is poured into the store again, even one equal to the last: live changes moved the store since.
    structuralSharing: false,
  });

  const answer = page.data;
  useEffect(() => {
    if (answer) store.setUnscheduled(answer.filter, answer.page);
  }, [answer, store]);

  const failedAt = page.errorUpdatedAt;
  useEffect(() => {
    if (failedAt > 0) toast.error(failedText);
  }, [failedAt, failedText]);

  useEffect(() => {
    let staleTimer: ReturnType<typeof setTimeout> | null = null;
    const readAgain = () => {
      setFilter((current) => current ?? '');
      void queryClient.refetchQueries({ queryKey: scheduleKeys.unscheduledAll, type: 'active' });
    };
    const offStale = store.onUnscheduledStale(() => {
      // A steady stream of live changes must not put the read off for ever: the wait is not restarted.
      staleTimer ??= setTimeout(() => {
        staleTimer = null;
        readAgain();
      }, staleDelayMs);
    });
    // A new range is read without the filter: the filtered page is asked for again.
    const offLoad = store.onLoad(() => {
      if (typedFilter.current.trim()) readAgain();
    });
    return () => {
      offStale();
      offLoad();
      if (staleTimer) clearTimeout(staleTimer);
    };
  }, [store, queryClient]);

  useEffect(
    () => () => {
      if (typingTimer.current) clearTimeout(typingTimer.current);
    },
    [],
  );

  return useCallback((text: string) => {
    typedFilter.current = text;
    if (typingTimer.current) clearTimeout(typingTimer.current);
    typingTimer.current = setTimeout(() => {
      typingTimer.current = null;
      setFilter(text);
    }, typingDelayMs);
  }, []);
}
