import { addDays, todayIn, weekdayOf, zonedInstant } from '@/lib/contract/zoned-time';

/** The seed plans in local days ('YYYY-MM-DD') and minutes after local midnight, in the tenant's zone. */
export type LocalDay = string;

export { addDays, weekdayOf };

export function localToday(timeZone: string, now: Date = new Date()): LocalDay {
  return todayIn(timeZone, now);
}

/** The instant at which the zone's clocks show that day and time. */
export function localInstant(day: LocalDay, minutesAfterMidnight: number, timeZone: string): Date {
  const hours = String(Math.floor(minutesAfterMidnight / 60)).padStart(2, '0');
  const minutes = String(minutesAfterMidnight % 60).padStart(2, '0');
  return zonedInstant(day, `${hours}:${minutes}`, timeZone);
}
