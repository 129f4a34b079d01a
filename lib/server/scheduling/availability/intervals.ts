/**
 * Availability as plain interval arithmetic, without a database: which hours text applies to a worker's local day,
 * those hours as absolute instants in the tenant's zone, and the time left once other tasks are taken out.
 * Instants are epoch milliseconds and every interval is half-open, [start, end).
 */
import { dayKeyOf, parseHours, type DayKey } from '@/lib/contract/working-hours';
import { addDays, startOfDay, zonedDateAndTime, zonedInstant } from '@/lib/contract/zoned-time';

export interface Interval {
  readonly start: number;
  readonly end: number;
}

/**
 * Where a day's hours come from: the worker's own record for that date, else the template's hours for the weekday,
 * else `unknown` — no template and no record, so no limit is known and the whole local day counts as working time
 * (what the assignment check has always done).
 */
export type HoursSource = 'record' | 'template' | 'unknown';

export interface DayAvailability {
  workerId: number;
  /** The local date in the tenant's zone, YYYY-MM-DD. */
  day: string;
  /** Local midnight to the next local midnight: 23 or 25 hours on the days the clocks change. */
  dayStart: number;
  dayEnd: number;
  source: HoursSource;
  /** The hours text that applied ('08:00|12:00,13:00|17:00', ' ' for none); null when unknown. */
  hours: string | null;
  /** The working hours as instants; the whole day when unknown. Shared between workers with the same hours. */
  working: readonly Interval[];
  /** The worker's other tasks that overlap the day, when they were asked for; empty otherwise. */
  busy: readonly Interval[];
  /** Working time minus busy time. */
  free: readonly Interval[];
}

/** The day's own record wins, even a blank one; a live template without a row for the weekday gives no hours. */
export function hoursOfDay(
  day: string,
  records: ReadonlyMap<string, string>,
  templateDays: ReadonlyMap<DayKey, string> | null,
): { source: HoursSource; hours: string | null } {
  const record = records.get(day);
  if (record !== undefined) return { source: 'record', hours: record };
  if (templateDays === null) return { source: 'unknown', hours: null };
  return { source: 'template', hours: templateDays.get(dayKeyOf(day)) ?? ' ' };
}

export function dayBounds(day: string, timeZone: string): Interval {
  return { start: startOfDay(day, timeZone).getTime(), end: startOfDay(addDays(day, 1), timeZone).getTime() };
}

const clockOf = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** A wall-clock minute of the day as an instant; 24:00 is the next local midnight. */
function instantAt(day: string, minutes: number, timeZone: string): number {
  if (minutes >= 24 * 60) return startOfDay(addDays(day, 1), timeZone).getTime();
  return zonedInstant(day, clockOf(minutes), timeZone).getTime();
}

/**
 * The hours text as instants on that local day. A wall-clock time the spring change skips (02:00-03:00 in Rome)
 * lands on the first instant after the gap, so a shift keeps only the hours that really exist.
 */
export function workingIntervals(day: string, source: HoursSource, hours: string | null, timeZone: string): Interval[] {
  if (source === 'unknown' || hours === null) return [dayBounds(day, timeZone)];
  return normalise(
    parseHours(hours).map((range) => ({ start: instantAt(day, range.start, timeZone), end: instantAt(day, range.end, timeZone) })),
  );
}

/** Sorted, without empty intervals, and touching or overlapping ones joined: no break means no break. */
export function normalise(intervals: readonly Interval[]): Interval[] {
  const sorted = intervals.filter((interval) => interval.end > interval.start).sort((a, b) => a.start - b.start);
  const joined: Interval[] = [];
  for (const interval of sorted) {
    const last = joined.at(-1);
    if (last && interval.start <= last.end) joined[joined.length - 1] = { start: last.start, end: Math.max(last.end, interval.end) };
    else joined.push(interval);
  }
  return joined;
}

/** What is left of `from` once every `busy` interval is taken out. */
export function subtract(from: readonly Interval[], busy: readonly Interval[]): Interval[] {
  const taken = normalise(busy);
  const left: Interval[] = [];
  for (const interval of normalise(from)) {
    let cursor = interval.start;
    for (const block of taken) {
      if (block.end <= cursor || block.start >= interval.end) continue;
      if (block.start > cursor) left.push({ start: cursor, end: block.start });
      cursor = Math.max(cursor, block.end);
    }
    if (cursor < interval.end) left.push({ start: cursor, end: interval.end });
  }
  return left;
}

/** True when one interval holds the whole of [start, end): a task does not pause across a break. */
export function covers(intervals: readonly Interval[], start: number, end: number): boolean {
  return normalise(intervals).some((interval) => interval.start <= start && interval.end >= end);
}

/** The local days an interval [start, end) touches, in order; an empty interval touches its start day. */
export function daysTouched(start: number, end: number, timeZone: string): string[] {
  const first = zonedDateAndTime(new Date(start), timeZone).date;
  const last = zonedDateAndTime(new Date(Math.max(start, end - 1)), timeZone).date;
  const days = [first];
  while (days[days.length - 1] < last) days.push(addDays(days[days.length - 1], 1));
  return days;
}

/** Every local day from `fromDay` to `toDay`, both included. */
export function daysBetween(fromDay: string, toDay: string): string[] {
  const days: string[] = [];
  for (let day = fromDay; day <= toDay; day = addDays(day, 1)) days.push(day);
  return days;
}

export interface DayInput {
  workerId: number;
  day: string;
  timeZone: string;
  records: ReadonlyMap<string, string>;
  templateDays: ReadonlyMap<DayKey, string> | null;
  /** The worker's other tasks, as instants; only those overlapping the day count. */
  tasks: readonly Interval[];
}

/**
 * Day bounds and working hours by day and hours text, kept for one call: zone arithmetic costs microseconds and a
 * week of 100 workers repeats the same few templates hundreds of times.
 */
export class ZonedDayCache {
  private readonly entries = new Map<string, readonly Interval[]>();

  constructor(readonly timeZone: string) {}

  bounds(day: string): Interval {
    return this.remember(`${day}|bounds`, () => [dayBounds(day, this.timeZone)])[0];
  }

  working(day: string, source: HoursSource, hours: string | null): readonly Interval[] {
    if (source === 'unknown' || hours === null) return this.remember(`${day}|unknown`, () => [this.bounds(day)]);
    return this.remember(`${day}|${hours}`, () => workingIntervals(day, source, hours, this.timeZone));
  }

  private remember(key: string, compute: () => readonly Interval[]): readonly Interval[] {
    let value = this.entries.get(key);
    if (value === undefined) {
      value = compute();
      this.entries.set(key, value);
    }
    return value;
  }
}

export function dayAvailability(input: DayInput, cache = new ZonedDayCache(input.timeZone)): DayAvailability {
  const bounds = cache.bounds(input.day);
  const { source, hours } = hoursOfDay(input.day, input.records, input.templateDays);
  const working = cache.working(input.day, source, hours);
  const busy = normalise(
    input.tasks
      .filter((task) => task.start < bounds.end && task.end > bounds.start)
      .map((task) => ({ start: Math.max(task.start, bounds.start), end: Math.min(task.end, bounds.end) })),
  );
  return {
    workerId: input.workerId,
    day: input.day,
    dayStart: bounds.start,
    dayEnd: bounds.end,
    source,
    hours,
    working,
    busy,
    free: subtract(working, busy),
  };
}

/** Whether the days' free time (in any order, consecutive days joined at midnight) holds the whole of [start, end). */
export function freeThroughout(days: readonly DayAvailability[], start: number, end: number): boolean {
  return covers(days.flatMap((day) => day.free), start, end);
}
