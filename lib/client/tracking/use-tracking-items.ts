'use client';

import { useEffect, useState } from 'react';
import { api } from '@/lib/client/api';
import { trackingLimits, type TrackingItem } from '@/lib/contract/tracking';

export type TrackingState =
  | { kind: 'loading' }
  | { kind: 'loaded'; items: TrackingItem[]; now: number; failed: boolean }
  | { kind: 'failed' };

/**
 * GET tracking now and every refreshMs. A failed refresh keeps the last answer on screen (marked failed) and the
 * polling goes on, so the map comes back by itself when the network does; `now` is the moment of the last answer,
 * so the dots age with every refresh.
 */
export function useTrackingItems(): TrackingState {
  const [state, setState] = useState<TrackingState>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = () => {
      api<TrackingItem[]>('tracking')
        .then((items) => {
          if (live) setState({ kind: 'loaded', items, now: Date.now(), failed: false });
        })
        .catch(() => {
          if (live) setState((held) => (held.kind === 'loaded' ? { ...held, now: Date.now(), failed: true } : { kind: 'failed' }));
        })
        .finally(() => {
          if (live) timer = setTimeout(load, trackingLimits.refreshMs);
        });
    };
    load();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, []);
  return state;
}
