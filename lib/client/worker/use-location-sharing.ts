'use client';

import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { apiBase } from '@/lib/client/api';
import { trackingLimits, type LocationBody } from '@/lib/contract/tracking';
import { idempotencyKeyHeader } from '@/lib/contract/worker';
import { newIdempotencyKey } from './pending';

const optInKey = 'fieldops.worker.shareLocationDay';

/** The device's local date: the opt-in holds for the day it was given. */
function localDay(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

export type LocationState = 'off' | 'waiting' | 'sharing' | 'denied' | 'unavailable';

const optInListeners = new Set<() => void>();

function subscribeOptIn(onChange: () => void) {
  optInListeners.add(onChange);
  window.addEventListener('storage', onChange);
  return () => {
    optInListeners.delete(onChange);
    window.removeEventListener('storage', onChange);
  };
}

const readOptIn = () => window.localStorage.getItem(optInKey) === localDay();

/**
 * Watches the device's position while `taskInProgress` or the worker's opt-in for today holds, and posts it to
 * POST users/me/location at most every trackingLimits.postEveryMs. A position that cannot be posted (offline) is
 * dropped, not queued: the office map wants the latest position, not a backlog.
 */
export function useLocationSharing(taskInProgress: boolean) {
  const optedIn = useSyncExternalStore(subscribeOptIn, readOptIn, () => false);
  const [reported, setReported] = useState<LocationState | null>(null);
  const [lastSent, setLastSent] = useState<string | null>(null);
  const lastPostAt = useRef(0);

  const setOptIn = useCallback((value: boolean) => {
    if (value) window.localStorage.setItem(optInKey, localDay());
    else window.localStorage.removeItem(optInKey);
    optInListeners.forEach((listener) => listener());
  }, []);

  const active = taskInProgress || optedIn;
  const supported = useSyncExternalStore(
    () => () => undefined,
    () => 'geolocation' in navigator,
    () => true,
  );
  const state: LocationState = !active ? 'off' : !supported ? 'unavailable' : (reported ?? 'waiting');

  useEffect(() => {
    if (!active || !supported) return;
    const post = (position: GeolocationPosition) => {
      const now = Date.now();
      if (now - lastPostAt.current < trackingLimits.postEveryMs) return;
      lastPostAt.current = now;
      const body: LocationBody = {
        lat: position.coords.latitude,
        lng: position.coords.longitude,
        timestamp: new Date(position.timestamp || now).toISOString(),
      };
      fetch(`${apiBase}users/me/location`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', [idempotencyKeyHeader]: newIdempotencyKey() },
        body: JSON.stringify(body),
      })
        .then((response) => {
          if (response.ok) {
            setReported('sharing');
            setLastSent(body.timestamp);
          }
        })
        .catch(() => {
          // Offline: the next position after postEveryMs tries again.
          lastPostAt.current = 0;
        });
    };
    const failed = (error: GeolocationPositionError) =>
      setReported(error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable');
    const options: PositionOptions = { enableHighAccuracy: true, maximumAge: trackingLimits.postEveryMs };
    const watch = navigator.geolocation.watchPosition(post, failed, options);
    // A worker standing still on site gets no new watch callbacks; asking again keeps the office's dot green.
    const timer = window.setInterval(
      () => navigator.geolocation.getCurrentPosition(post, failed, options),
      trackingLimits.postEveryMs,
    );
    return () => {
      navigator.geolocation.clearWatch(watch);
      window.clearInterval(timer);
    };
  }, [active, supported]);

  return { state, lastSent, optedIn, setOptIn };
}
