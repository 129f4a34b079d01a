import { addDays, weekdayOf, zonedDateAndTime, zonedInstant } from './zoned-time';

/**
 * The calendar of a recurrence (spec 01 §4, §5 and 00-decisions), as pure functions on 'YYYY-MM-DD' days of the
 * tenant's zone: the browser previews with them and the server creates the series with them. Times of day are
 * not their concern: each child keeps the parent's wall-clock time, turned into an instant in the zone later.
 */

export const weekdays = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof weekdays)[number];

export const recurringRules = ['daily', 'weekly', 'custom'] as const;
export type RecurringRule = (typeof recurringRules)[number];

export const repeatEveryOptions = ['days', 'weeks'] as const;
export type RepeatEveryOption = (typeof repeatEveryOptions)[number];

/** A rule as it is stored on the parent: every `recurringCount` days or weeks, on `repeatOn` for weeks. */
export interface RecurrenceRule {
  recurringRule: RecurringRule;
  recurringCount: number;
  repeatEveryOption: RepeatEveryOption;
  repeatOn: Weekday[];
  endRecurrence: string | null;
}

/** The rule's name for a day: 0 = Monday … 6 = Sunday, as the ISO week counts. */
export function weekdayName(date: string): Weekday {
  return weekdays[(weekdayOf(date) + 6) % 7];
}

/** The Monday of the ISO week the day belongs to. */
export function isoWeekStart(date: string): string {
  return addDays(date, -((weekdayOf(date) + 6) % 7));
}

/** The same day `years` later; 29 February falls on 1 March when the year has none. */
function addYears(date: string, years: number): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year + years, month - 1, day)).toISOString().slice(0, 10);
}

const yearOf = (date: string) => Number(date.slice(0, 4));

/**
 * The first day no child may fall on: 12 months from today, and not past the end of the next calendar year
 * (00-decisions; the spec's "end of the active year" wording loses to it).
 */
export function recurrenceHorizon(today: string): string {
  const yearLater = addYears(today, 1);
  const afterNextYear = `${yearOf(today) + 2}-01-01`;
  return yearLater < afterNextYear ? yearLater : afterNextYear;
}

/**
 * Spec 01 §5: the end date lies from today to one year after the end of this year; a weekly rule may also end
 * from the start of the current ISO week.
 */
export function endDateLimits(today: string, rule: RecurringRule): { min: string; max: string } {
  return { min: rule === 'weekly' ? isoWeekStart(today) : today, max: `${yearOf(today) + 1}-12-31` };
}

/** A day of the form's choice turned into the stored rule: daily and weekly are fixed shapes of the custom one. */
export function normalizeRule(
  startDate: string,
  choice: {
    recurringRule: RecurringRule;
    recurringCount?: number;
    repeatEveryOption?: RepeatEveryOption;
    repeatOn?: readonly Weekday[];
    endRecurrence?: string | null;
  },
): RecurrenceRule {
  const endRecurrence = choice.endRecurrence ?? null;
  if (choice.recurringRule === 'daily') {
    return { recurringRule: 'daily', recurringCount: 1, repeatEveryOption: 'days', repeatOn: [], endRecurrence };
  }
  if (choice.recurringRule === 'weekly') {
    return { recurringRule: 'weekly', recurringCount: 1, repeatEveryOption: 'weeks', repeatOn: [weekdayName(startDate)], endRecurrence };
  }
  const repeatEveryOption = choice.repeatEveryOption ?? 'days';
  const chosen = new Set(choice.repeatOn ?? []);
  return {
    recurringRule: 'custom',
    recurringCount: choice.recurringCount ?? 1,
    repeatEveryOption,
    // Kept in week order whatever order they were ticked in, so the stored text reads the same every time.
    repeatOn: repeatEveryOption === 'weeks' ? weekdays.filter((day) => chosen.has(day)) : [],
    endRecurrence,
  };
}

/**
 * The days of the children: after the parent's own day, from today on, up to the end date (inclusive) and
 * before the horizon. Weeks are counted from the parent's ISO week, so "every 2 weeks on Mon and Thu" keeps one
 * week in two whatever day the parent falls on.
 */
export function occurrenceDates(startDate: string, rule: RecurrenceRule, today: string): string[] {
  const horizon = recurrenceHorizon(today);
  const afterEnd = rule.endRecurrence === null ? horizon : addDays(rule.endRecurrence, 1);
  const limit = afterEnd < horizon ? afterEnd : horizon;
  const step = Math.max(1, Math.trunc(rule.recurringCount));
  const dates: string[] = [];
  const keep = (date: string) => date > startDate && date >= today;
  if (rule.repeatEveryOption === 'days') {
    for (let date = addDays(startDate, step); date < limit; date = addDays(date, step)) {
      if (keep(date)) dates.push(date);
    }
    return dates;
  }
  const offsets = rule.repeatOn.map((day) => weekdays.indexOf(day)).sort((a, b) => a - b);
  if (offsets.length === 0) return dates;
  for (let monday = isoWeekStart(startDate); monday < limit; monday = addDays(monday, 7 * step)) {
    for (const offset of offsets) {
      const date = addDays(monday, offset);
      if (date >= limit) break;
      if (keep(date)) dates.push(date);
    }
  }
  return dates;
}

/**
 * The children's start instants: each day at the parent's wall-clock time in the zone, so a 09:00 visit stays at
 * 09:00 across a change to or from summer time.
 */
export function occurrenceInstants(parentStart: Date, dates: readonly string[], timeZone: string): Date[] {
  const { time } = zonedDateAndTime(parentStart, timeZone);
  return dates.map((date) => zonedInstant(date, time, timeZone));
}
