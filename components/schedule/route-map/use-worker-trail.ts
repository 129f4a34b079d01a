'use client';

import { useEffect, useState } from 'react';
import { api } from '@/lib/client/api';
import { loadCurrentUserClock } from '@/lib/client/current-user';
import type { TrailPoint } from '@/lib/contract/tracking';
import { nextDate, zonedDateAndTime } from '@/lib/contract/zoned-time';

/** The board's week at most: a month view would ask for a month of days, and the trail is a day's story. */
const maxTrailDays = 7;

/** The tenant's calendar days that [from, to) touches, or none when the range is longer than maxTrailDays. */
export function trailDays(from: Date, to: Date, timeZone: string): string[] {
  const last = zonedDateAndTime(new Date(Math.max(from.getTime(), to.getTime() - 1)), timeZone).date;
  const days: string[] = [];
  for (let day = zonedDateAndTime(from, timeZone).date; day <= last; day = nextDate(day)) {
    days.push(day);
    if (days.length > maxTrailDays) return [];
  }
  return days;
}

/**
 * GET tracking/trail for each day of the range (the trail is kept per day of the tenant's calendar), joined oldest
 * first; null while loading. A failure shows no trail: the planned route still stands on its own.
 */
export function useWorkerTrail(workerId: number, from: Date, to: Date): TrailPoint[] | null {
  const key = `${workerId}|${from.toISOString()}|${to.toISOString()}`;
  const [answer, setAnswer] = useState<{ key: string; points: TrailPoint[] } | null>(null);
  useEffect(() => {
    let live = true;
    const [id, fromIso, toIso] = key.split('|');
    loadCurrentUserClock()
      .then((clock) => {
        const days = trailDays(new Date(fromIso), new Date(toIso), clock.tenantTimeZone);
        return Promise.all(days.map((date) => api<TrailPoint[]>(`tracking/trail?${new URLSearchParams({ userId: id, date })}`)));
      })
      .then((perDay) => {
        if (live) setAnswer({ key, points: perDay.flat() });
      })
      .catch(() => {
        if (live) setAnswer({ key, points: [] });
      });
    return () => {
      live = false;
    };
  }, [key]);
  return answer?.key === key ? answer.points : null;
}
