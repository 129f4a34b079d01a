'use client';

import { useEffect, useState } from 'react';
import { api } from '@/lib/client/api';
import { onWorkerPosition } from '@/lib/client/live-updates';
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
  const [state, setState] = useState<TrackingState>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let reading = false;
    let readAgain = false;
    let soon = false;
    const schedule = (delayMs: number) => {
      clearTimeout(timer);
      soon = delayMs === liveDelayMs;
      timer = setTimeout(load, delayMs);
    };
    const load = () => {
      reading = true;
      soon = false;
      api<TrackingItem[]>('tracking')
        .then((items) => {
          if (live) setState({ kind: 'loaded', items, now: Date.now(), failed: false });
        })
        .catch(() => {
          if (live) setState((held) => (held.kind === 'loaded' ? { ...held, now: Date.now(), failed: true } : { kind: 'failed' }));
        })
        .finally(() => {
          reading = false;
          if (live) schedule(readAgain ? liveDelayMs : trackingLimits.refreshMs);
          readAgain = false;
        });
    };
    load();
    const stopListening = onWorkerPosition(() => {
      // A read already due soon takes this position too; pushing it back on every event could starve it.
      if (reading) readAgain = true;
      else if (!soon) schedule(liveDelayMs);
    });
    return () => {
      live = false;
      clearTimeout(timer);
      stopListening();
    };
  }, []);
  return state;
}
