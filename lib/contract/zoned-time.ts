/**
 * Wall-clock dates and times in an IANA zone, the same in the browser, on the server and in the seed. Days are
 * 'YYYY-MM-DD', times 'HH:mm'; day boundaries follow the zone, so summer-time changes land on the right hour.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone: building them is slow and a streamed list formats thousands of dates. */
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
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
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function offsetFromIntl(instant: Date, timeZone: string): number {
  const fields: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  const asUtc = Date.UTC(fields.year, fields.month - 1, fields.day, fields.hour, fields.minute, fields.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

const offsetCache = new Map<string, number>();
const offsetBucketMs = 15 * 60_000;
const offsetCacheLimit = 200_000;

/**
 * How far the zone's clock is ahead of UTC at that instant, in milliseconds. Offsets change only on quarter-hour
 * boundaries, so one Intl lookup per zone and quarter hour is enough; Intl is slow enough to matter when a list
 * of thousands of tasks is formatted or 100,000 tasks are seeded.
 */
function zoneOffsetMs(instant: Date, timeZone: string): number {
  const key = `${timeZone}|${Math.floor(instant.getTime() / offsetBucketMs)}`;
  let offset = offsetCache.get(key);
  if (offset === undefined) {
    if (offsetCache.size >= offsetCacheLimit) offsetCache.clear();
    offset = offsetFromIntl(instant, timeZone);
    offsetCache.set(key, offset);
  }
  return offset;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The date (YYYY-MM-DD) and time (HH:mm) an instant shows on a clock in the zone. */
export function zonedDateAndTime(instant: Date, timeZone: string): { date: string; time: string } {
  const clock = new Date(instant.getTime() + zoneOffsetMs(instant, timeZone));
  return {
    date: `${clock.getUTCFullYear()}-${pad(clock.getUTCMonth() + 1)}-${pad(clock.getUTCDate())}`,
    time: `${pad(clock.getUTCHours())}:${pad(clock.getUTCMinutes())}`,
  };
}

/**
 * The instant a wall-clock time in the zone stands for. The offset is taken at the guess and checked again at
 * the result, so days that change to or from summer time land on the right hour.
 */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  const first = guess - zoneOffsetMs(new Date(guess), timeZone);
  const second = guess - zoneOffsetMs(new Date(first), timeZone);
  return new Date(second);
}

/** 'YYYY-MM-DD' + 'HH:mm' on the zone's clock → an ISO instant with the zone's offset, as the tasks API takes it. */
export function zonedIsoInstant(date: string, time: string, timeZone: string): string {
  const instant = zonedInstant(date, time, timeZone);
  const offsetMinutes = Math.round(zoneOffsetMs(instant, timeZone) / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const absolute = Math.abs(offsetMinutes);
  return `${date}T${time}:00${sign}${pad(Math.trunc(absolute / 60))}:${pad(absolute % 60)}`;
}

/** The day `days` after (or before) a date, by the calendar alone. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

export function nextDate(date: string): string {
  return addDays(date, 1);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(date: string): number {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

export function startOfDay(date: string, timeZone: string): Date {
  return zonedInstant(date, '00:00', timeZone);
}

export function todayIn(timeZone: string, now = new Date()): string {
  return zonedDateAndTime(now, timeZone).date;
}
