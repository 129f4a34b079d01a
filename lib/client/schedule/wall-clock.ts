import { zonedDateAndTime, zonedInstant } from '@/lib/contract/zoned-time';

/**
 * FullCalendar reads a named time zone right only with a zone plugin (luxon or moment). The board runs it in 'UTC'
 * instead and hands it wall-clock times of the tenant's zone written as UTC: 09:00 in Rome becomes 09:00Z. These two
 * convert both ways, so a day on the grid is the tenant's local day, summer-time changes included.
 */
export function toWallClock(instant: string | Date, timeZone: string): Date {
  const { date, time } = zonedDateAndTime(new Date(instant), timeZone);
  return new Date(`${date}T${time}:00Z`);
}

/** A grid position (wall clock as UTC) back to the instant it stands for in the zone. */
export function fromWallClock(wallClock: Date, timeZone: string): Date {
  const iso = wallClock.toISOString();
  return zonedInstant(iso.slice(0, 10), iso.slice(11, 16), timeZone);
}

/** The wall-clock date ('YYYY-MM-DD') of a grid position. */
export const wallClockDay = (wallClock: Date) => wallClock.toISOString().slice(0, 10);

/** The wall-clock time ('HH:mm') of a grid position. */
export const wallClockTime = (wallClock: Date) => wallClock.toISOString().slice(11, 16);
