'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api';
import { loadCurrentUserClock } from '@/lib/client/current-user';
import { scheduleKeys } from '@/lib/client/query-keys';
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
  const queryClient = useQueryClient();
  const fromIso = from.toISOString();
  const toIso = to.toISOString();
  const { data } = useQuery({
    queryKey: scheduleKeys.trail(workerId, fromIso, toIso),
    queryFn: async () => {
      try {
        const clock = await loadCurrentUserClock(queryClient);
        const days = trailDays(new Date(fromIso), new Date(toIso), clock.tenantTimeZone);
        const userId = String(workerId);
        const perDay = await Promise.all(days.map((date) => api<TrailPoint[]>(`tracking/trail?${new URLSearchParams({ userId, date })}`)));
        return perDay.flat();
      } catch {
        return [];
      }
    },
  });
  return data ?? null;
}
