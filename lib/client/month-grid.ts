import { isoDateOf, isoDateParts } from './date-input';

/**
 * The date maths of the month calendar (components/ui/month-calendar.tsx), on 'YYYY-MM-DD' strings like the date
 * field itself: such strings compare in date order, and no time zone or daylight-saving change can shift a day.
 * Weeks start on Monday, as they do in all four UI languages.
 */

export interface YearMonth {
  year: number;
  /** 1 to 12. */
  month: number;
}

/**
 * Midnight UTC, so that adding days never meets a daylight-saving hour. A day or month out of range rolls over (day 0
 * is the month before's last); setUTCFullYear, unlike Date.UTC, keeps years below 100 as they are.
 */
function utcDate(year: number, month: number, day: number): Date {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date;
}

function isoOfUtc(date: Date): string {
  return isoDateOf(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

function partsOf(isoDate: string): { year: number; month: number; day: number } {
  const parts = isoDateParts(isoDate);
  if (!parts) throw new Error(`Not a date: ${isoDate}`);
  return parts;
}

export function monthOf(isoDate: string): YearMonth {
  const { year, month } = partsOf(isoDate);
  return { year, month };
}

export function sameMonth(a: YearMonth, b: YearMonth): boolean {
  return a.year === b.year && a.month === b.month;
}

export function addMonths({ year, month }: YearMonth, count: number): YearMonth {
  const index = year * 12 + (month - 1) + count;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export function daysInMonth({ year, month }: YearMonth): number {
  return utcDate(year, month + 1, 0).getUTCDate();
}

export function firstDayOf({ year, month }: YearMonth): string {
  return isoDateOf(year, month, 1);
}

export function lastDayOf(yearMonth: YearMonth): string {
  return isoDateOf(yearMonth.year, yearMonth.month, daysInMonth(yearMonth));
}

export function addDays(isoDate: string, count: number): string {
  const { year, month, day } = partsOf(isoDate);
  return isoOfUtc(utcDate(year, month, day + count));
}

/** The same day so many months on; a day the target month lacks (31 January + 1) becomes its last day (28 February). */
export function addMonthsToDate(isoDate: string, count: number): string {
  const { day } = partsOf(isoDate);
  const target = addMonths(monthOf(isoDate), count);
  return isoDateOf(target.year, target.month, Math.min(day, daysInMonth(target)));
}

/** 0 for Monday to 6 for Sunday. */
export function weekdayOf(isoDate: string): number {
  const { year, month, day } = partsOf(isoDate);
  return (utcDate(year, month, day).getUTCDay() + 6) % 7;
}

export function startOfWeek(isoDate: string): string {
  return addDays(isoDate, -weekdayOf(isoDate));
}

export function endOfWeek(isoDate: string): string {
  return addDays(isoDate, 6 - weekdayOf(isoDate));
}

/**
 * The weeks that hold the month, Monday to Sunday: 4 to 6 rows of 7 days. The days of the months before and after
 * that fill the first and last week are there too, for the caller to blank or mute.
 */
export function weeksOf(yearMonth: YearMonth): string[][] {
  const last = lastDayOf(yearMonth);
  const weeks: string[][] = [];
  for (let monday = startOfWeek(firstDayOf(yearMonth)); monday <= last; monday = addDays(monday, 7)) {
    weeks.push(Array.from({ length: 7 }, (_, offset) => addDays(monday, offset)));
  }
  return weeks;
}

/**
 * Monday to Sunday, for the weekday names: the week of 5 January 2026 runs Monday to Sunday, so no locale rule is
 * needed to find a Monday.
 */
export const referenceWeek: readonly string[] = Array.from({ length: 7 }, (_, offset) => isoDateOf(2026, 1, 5 + offset));

/** The day as a Date at UTC midnight, for Intl formatters set to the UTC zone: the same date in every browser. */
export function utcDateOf(isoDate: string): Date {
  const { year, month, day } = partsOf(isoDate);
  return utcDate(year, month, day);
}

/** Today in the browser's zone, as the calendar marks it. */
export function localToday(now: Date = new Date()): string {
  return isoDateOf(now.getFullYear(), now.getMonth() + 1, now.getDate());
}

/** The keys that move the focused day (the WAI-ARIA date picker dialog pattern), and where each one goes. */
const moves: Record<string, (isoDate: string, shift: boolean) => string> = {
  ArrowLeft: (isoDate) => addDays(isoDate, -1),
  ArrowRight: (isoDate) => addDays(isoDate, 1),
  ArrowUp: (isoDate) => addDays(isoDate, -7),
  ArrowDown: (isoDate) => addDays(isoDate, 7),
  Home: (isoDate) => startOfWeek(isoDate),
  End: (isoDate) => endOfWeek(isoDate),
  PageUp: (isoDate, shift) => addMonthsToDate(isoDate, shift ? -12 : -1),
  PageDown: (isoDate, shift) => addMonthsToDate(isoDate, shift ? 12 : 1),
};

/**
 * The day a key moves the focus to from `isoDate`, or null for a key that moves nothing. A move past `min` stops at
 * `min`: the days before it cannot be picked, so focus never rests on one.
 */
export function movedDate(isoDate: string, key: string, shift: boolean, min?: string): string | null {
  const move = moves[key];
  if (!move) return null;
  const moved = move(isoDate, shift);
  return min && moved < min ? min : moved;
}

/**
 * The one day of `yearMonth` that takes the focus (the only tabbable day): the chosen day, else today, else the
 * month's first day that can be picked. A month wholly before `min` has none, and `min` itself is the answer.
 */
export function focusTargetIn(yearMonth: YearMonth, { selected, today, min }: { selected?: string; today: string; min?: string }): string {
  const allowed = (isoDate: string) => !min || isoDate >= min;
  const inMonth = (isoDate: string) => sameMonth(monthOf(isoDate), yearMonth);
  for (const candidate of [selected, today]) {
    if (candidate && inMonth(candidate) && allowed(candidate)) return candidate;
  }
  const first = firstDayOf(yearMonth);
  // A refused first day means `min` falls later in this month or after it: either way `min` is the first pickable day.
  return min && first < min ? min : first;
}
