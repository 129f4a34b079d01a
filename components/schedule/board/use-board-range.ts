'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { api } from '@/lib/client/api';
import { resumeStreamAfter } from '@/lib/client/live-updates';
import { scheduleKeys } from '@/lib/client/query-keys';
import type { BoardStore } from '@/lib/client/schedule/board-store';
import { rangeOf, type BoardUnit } from '@/lib/client/schedule/range';
import type { BoardData } from '@/lib/contract/schedule-board';

/** The URL names the range by its first day, so a reload or a shared link shows the same board. */
export function writeUrl(change: (params: URLSearchParams) => void) {
  const url = new URL(window.location.href);
  change(url.searchParams);
  return `${url.pathname}?${url.searchParams}`;
}

/**
 * The board's range, read from GET tasks/board each time the user picks another one and on reload. The answer is
 * poured into the board's store, which the live stream keeps current from then on; so the query never refetches on
 * its own, and an answer for a range no longer chosen is never shown. The first range is the server's render.
 */
export function useBoardRange(store: BoardStore, start: BoardData, unit: BoardUnit, failedText: string) {
  const [date, setDate] = useState(start.range.from);
  // The server's render stands for the first range only: coming back to it later reads it again.
  const [onStart, setOnStart] = useState(true);
  const loaded = useRef<BoardData>(start);
  const range = rangeOf(unit, date);
  const board = useQuery({
    queryKey: scheduleKeys.board(range.from, range.to),
    queryFn: () => api<BoardData>(`tasks/board?${new URLSearchParams({ from: range.from, to: range.to })}`),
    initialData: onStart ? start : undefined,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    gcTime: 0,
    // Every answer is poured into the store again, even one equal to the last: live changes moved the store since.
    structuralSharing: false,
  });

  const answer = board.isPlaceholderData ? undefined : board.data;
  useEffect(() => {
    if (!answer || answer === loaded.current) return;
    loaded.current = answer;
    store.load(answer);
    // The stream replays what changed since the server read this range.
    resumeStreamAfter(answer.changeSeq);
  }, [answer, store]);

  const failedAt = board.errorUpdatedAt;
  useEffect(() => {
    if (failedAt > 0) toast.error(failedText);
  }, [failedAt, failedText]);

  const choose = (anchor: string) => {
    const from = rangeOf(unit, anchor).from;
    setOnStart(false);
    setDate(from);
    window.history.replaceState(null, '', writeUrl((params) => params.set('date', from)));
  };

  return {
    date,
    workers: (board.data ?? start).workers,
    loading: board.isFetching,
    choose,
    reload: () => void board.refetch(),
  };
}
