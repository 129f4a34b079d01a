import { addDays, weekdayOf } from '@/lib/contract/zoned-time';

/** The board's submenus that show a range: the unit of the date picker and of the visible range. */
export const boardUnits = ['day', 'week', 'month'] as const;
export type BoardUnit = (typeof boardUnits)[number];

export const isBoardUnit = (value: string): value is BoardUnit => (boardUnits as readonly string[]).includes(value);

export interface BoardRange {
  /** First and last local day shown, both included ('YYYY-MM-DD'). */
  from: string;
  to: string;
}

/** Weeks start on Monday, as the date picker's calendar and the working-hours grid do in all four languages. */
export function startOfWeek(date: string): string {
  return addDays(date, -((weekdayOf(date) + 6) % 7));
}

const startOfMonth = (date: string) => `${date.slice(0, 8)}01`;

function lastOfMonth(date: string): string {
  const [year, month] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

/** The days the unit shows around a date: that day, its Monday-to-Sunday week, or its calendar month. */
export function rangeOf(unit: BoardUnit, date: string): BoardRange {
  if (unit === 'day') return { from: date, to: date };
  if (unit === 'week') {
    const from = startOfWeek(date);
    return { from, to: addDays(from, 6) };
  }
  return { from: startOfMonth(date), to: lastOfMonth(date) };
}

/** The date that names a range: the day, the week's Monday, the month's first day. */
export function anchorOf(unit: BoardUnit, date: string): string {
  return rangeOf(unit, date).from;
}

/** The same unit `steps` units later (earlier when negative). */
export function shiftDate(unit: BoardUnit, date: string, steps: number): string {
  if (unit === 'day') return addDays(date, steps);
  if (unit === 'week') return addDays(startOfWeek(date), 7 * steps);
  const [year, month] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1 + steps, 1)).toISOString().slice(0, 10);
}

export type QuickKey = 'previous' | 'current' | 'next';

/** The quick buttons: yesterday/today/tomorrow, last/this/next week, previous/this/next month. */
export function quickDate(unit: BoardUnit, today: string, key: QuickKey): string {
  const steps = key === 'previous' ? -1 : key === 'next' ? 1 : 0;
  return anchorOf(unit, shiftDate(unit, today, steps));
}
