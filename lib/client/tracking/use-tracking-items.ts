'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '@/lib/client/api';
import { onWorkerPosition } from '@/lib/client/live-updates';
import { trackingKeys } from '@/lib/client/query-keys';
import { trackingLimits, type TrackingItem } from '@/lib/contract/tracking';

const liveDelayMs = 500;

export type TrackingState =
  | { kind: 'loading' }
  | { kind: 'loaded'; items: TrackingItem[]; now: number; failed: boolean }
  | { kind: 'failed' };

/**
 * GET tracking now and every refreshMs. A failed refresh keeps the last answer on screen (marked failed) and the
 * polling goes on, so the map comes back by itself when the network does; `now` is the moment of the last answer,
 * so the dots age with every refresh. A position event of the live stream brings the next read forward (half a
 * second later, so a burst of positions costs one read); one that arrives during a read asks for another after it.
 */
export function useTrackingItems(): TrackingState {
  const queryClient = useQueryClient();
  const tracking = useQuery({
    queryKey: trackingKeys.items,
    queryFn: () => api<TrackingItem[]>('tracking'),
    refetchInterval: trackingLimits.refreshMs,
    refetchIntervalInBackground: true,
    // The next poll is the retry: an extra one would only delay the failed mark.
    retry: false,
    gcTime: 0,
  });

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const readSoon = () => {
      timer = setTimeout(() => {
        // A read under way may have been asked before this position was stored: wait for it, then read again.
        if (queryClient.getQueryState(trackingKeys.items)?.fetchStatus === 'fetching') return readSoon();
        timer = undefined;
        void queryClient.refetchQueries({ queryKey: trackingKeys.items });
      }, liveDelayMs);
    };
    const stopListening = onWorkerPosition(() => {
      // A read already due soon takes this position too; pushing it back on every event could starve it.
      if (timer === undefined) readSoon();
    });
    return () => {
      clearTimeout(timer);
      stopListening();
    };
  }, [queryClient]);

  if (tracking.data) {
    return {
      kind: 'loaded',
      items: tracking.data,
      now: Math.max(tracking.dataUpdatedAt, tracking.errorUpdatedAt),
      failed: tracking.isError,
    };
  }
  return tracking.isError ? { kind: 'failed' } : { kind: 'loading' };
}
