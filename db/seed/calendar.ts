/**
 * Local calendar arithmetic in an IANA time zone, with no dependency: days are 'YYYY-MM-DD' strings and times
 * are minutes after local midnight, turned into instants only at the end, so daylight-saving changes land right.
 */

export type LocalDay = string;

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormatters.set(timeZone, formatter);
  }
  return formatter;
}

function wallClock(instant: Date, timeZone: string): Record<string, number> {
  const fields: Record<string, number> = {};
  for (const part of partsFormatter(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  return fields;
}

const offsetCache = new Map<string, number>();
const offsetBucketMs = 15 * 60_000;

/**
 * Minutes the zone is ahead of UTC at that instant. Offsets only change on quarter-hour boundaries, so one
 * lookup per zone and quarter hour is enough; Intl is slow enough to matter when seeding 100,000 tasks.
 */
function offsetMinutes(instant: Date, timeZone: string): number {
  const key = `${timeZone}|${Math.floor(instant.getTime() / offsetBucketMs)}`;
  let offset = offsetCache.get(key);
  if (offset === undefined) {
    offset = offsetFromIntl(instant, timeZone);
    offsetCache.set(key, offset);
  }
  return offset;
}

function offsetFromIntl(instant: Date, timeZone: string): number {
  const clock = wallClock(instant, timeZone);
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

export function localToday(timeZone: string, now: Date = new Date()): LocalDay {
  const clock = wallClock(now, timeZone);
  return formatDay(Date.UTC(clock.year, clock.month - 1, clock.day));
}

function formatDay(utcMidnight: number): LocalDay {
  return new Date(utcMidnight).toISOString().slice(0, 10);
}

function dayToUtcMidnight(day: LocalDay): number {
  const [year, month, date] = day.split('-').map(Number);
  return Date.UTC(year, month - 1, date);
}

export function addDays(day: LocalDay, days: number): LocalDay {
  return formatDay(dayToUtcMidnight(day) + days * 86_400_000);
}

/** 0 = Sunday ... 6 = Saturday. */
export function weekdayOf(day: LocalDay): number {
  return new Date(dayToUtcMidnight(day)).getUTCDay();
}

/** The instant at which the zone's clocks show that day and time. */
export function localInstant(day: LocalDay, minutesAfterMidnight: number, timeZone: string): Date {
  const naive = dayToUtcMidnight(day) + minutesAfterMidnight * 60_000;
  const firstGuess = naive - offsetMinutes(new Date(naive), timeZone) * 60_000;
  const corrected = naive - offsetMinutes(new Date(firstGuess), timeZone) * 60_000;
  return new Date(corrected);
}
