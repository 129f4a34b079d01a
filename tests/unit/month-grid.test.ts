import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  addMonthsToDate,
  daysInMonth,
  endOfWeek,
  focusTargetIn,
  movedDate,
  referenceWeek,
  startOfWeek,
  weekdayOf,
  weeksOf,
} from '@/lib/client/month-grid';

/** The weeks as day numbers, 0 for a day of the month before or after, as the calendar leaves those blank. */
function dayNumbers(year: number, month: number): number[][] {
  const prefix = `${year}-${String(month).padStart(2, '0')}-`;
  return weeksOf({ year, month }).map((week) => week.map((day) => (day.startsWith(prefix) ? Number(day.slice(8)) : 0)));
}

describe('the weeks of a month, Monday first', () => {
  it('fills February 2027, which starts on a Monday and ends on a Sunday, with exactly four weeks', () => {
    expect(dayNumbers(2027, 2)).toEqual([
      [1, 2, 3, 4, 5, 6, 7],
      [8, 9, 10, 11, 12, 13, 14],
      [15, 16, 17, 18, 19, 20, 21],
      [22, 23, 24, 25, 26, 27, 28],
    ]);
  });

  it('puts the 1st of a month starting on Sunday (August 2027) at the end of the first week, and needs six weeks', () => {
    const weeks = dayNumbers(2027, 8);
    expect(weeks[0]).toEqual([0, 0, 0, 0, 0, 0, 1]);
    expect(weeks).toHaveLength(6);
    expect(weeks[5]).toEqual([30, 31, 0, 0, 0, 0, 0]);
  });

  it('starts every week on a Monday and keeps the days around the month (December 2025 to February 2026 for January)', () => {
    const weeks = weeksOf({ year: 2026, month: 1 });
    expect(weeks[0]).toEqual(['2025-12-29', '2025-12-30', '2025-12-31', '2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04']);
    expect(weeks.at(-1)).toEqual(['2026-01-26', '2026-01-27', '2026-01-28', '2026-01-29', '2026-01-30', '2026-01-31', '2026-02-01']);
    for (const week of weeks) expect(weekdayOf(week[0])).toBe(0);
  });

  it('gives February 29 days in the leap year 2028, 28 in 2027 and 2100, 29 in 2000', () => {
    expect(daysInMonth({ year: 2028, month: 2 })).toBe(29);
    expect(dayNumbers(2028, 2).at(-1)).toEqual([28, 29, 0, 0, 0, 0, 0]);
    expect(daysInMonth({ year: 2027, month: 2 })).toBe(28);
    expect(daysInMonth({ year: 2100, month: 2 })).toBe(28);
    expect(daysInMonth({ year: 2000, month: 2 })).toBe(29);
  });

  it('names its weekdays from a week that runs Monday to Sunday', () => {
    expect(referenceWeek.map(weekdayOf)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });
});

describe('stepping through days, months and years', () => {
  it('steps months across the turn of the year both ways', () => {
    expect(addMonths({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(addMonths({ year: 2027, month: 1 }, -1)).toEqual({ year: 2026, month: 12 });
    expect(addMonths({ year: 2027, month: 2 }, 12)).toEqual({ year: 2028, month: 2 });
    expect(addMonths({ year: 2027, month: 2 }, -14)).toEqual({ year: 2025, month: 12 });
  });

  it('steps days across months, years and the daylight-saving change (29 March 2026 in Rome)', () => {
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
  });

  it('keeps the day of the month when stepping months, or takes the last day of a shorter month', () => {
    expect(addMonthsToDate('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonthsToDate('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonthsToDate('2026-03-31', -1)).toBe('2026-02-28');
    expect(addMonthsToDate('2028-02-29', 12)).toBe('2029-02-28');
    expect(addMonthsToDate('2026-01-15', -12)).toBe('2025-01-15');
  });

  it('finds the Monday and the Sunday of a week, across a month boundary', () => {
    expect(startOfWeek('2026-01-01')).toBe('2025-12-29');
    expect(endOfWeek('2026-01-01')).toBe('2026-01-04');
    expect(startOfWeek('2027-08-01')).toBe('2027-07-26');
    expect(endOfWeek('2027-08-02')).toBe('2027-08-08');
  });
});

describe('the keys of the calendar', () => {
  it('move a day, a week, to the week ends, a month and a year as the WAI-ARIA date picker pattern says', () => {
    const from = '2026-01-31';
    expect(movedDate(from, 'ArrowRight', false)).toBe('2026-02-01');
    expect(movedDate(from, 'ArrowLeft', false)).toBe('2026-01-30');
    expect(movedDate(from, 'ArrowDown', false)).toBe('2026-02-07');
    expect(movedDate(from, 'ArrowUp', false)).toBe('2026-01-24');
    expect(movedDate(from, 'Home', false)).toBe('2026-01-26');
    expect(movedDate(from, 'End', false)).toBe('2026-02-01');
    expect(movedDate(from, 'PageDown', false)).toBe('2026-02-28');
    expect(movedDate(from, 'PageUp', false)).toBe('2025-12-31');
    expect(movedDate('2028-02-29', 'PageDown', true)).toBe('2029-02-28');
    expect(movedDate(from, 'PageUp', true)).toBe('2025-01-31');
  });

  it('leave other keys to the browser (Enter and Space press the day button)', () => {
    for (const key of ['Enter', ' ', 'Tab', 'a']) expect(movedDate('2026-01-31', key, false)).toBeNull();
  });

  it('stop at the first day allowed instead of moving onto a day before it', () => {
    expect(movedDate('2026-01-12', 'ArrowLeft', false, '2026-01-11')).toBe('2026-01-11');
    expect(movedDate('2026-01-12', 'ArrowUp', false, '2026-01-11')).toBe('2026-01-11');
    expect(movedDate('2026-02-20', 'PageUp', false, '2026-01-25')).toBe('2026-01-25');
    expect(movedDate('2026-01-11', 'ArrowRight', false, '2026-01-11')).toBe('2026-01-12');
  });
});

describe('the day that takes the focus when a month shows', () => {
  const today = '2026-01-20';
  it('is the chosen day, else today, else the first day of the month', () => {
    expect(focusTargetIn({ year: 2026, month: 1 }, { selected: '2026-01-11', today })).toBe('2026-01-11');
    expect(focusTargetIn({ year: 2026, month: 1 }, { selected: '2026-03-11', today })).toBe(today);
    expect(focusTargetIn({ year: 2026, month: 2 }, { selected: '2026-01-11', today })).toBe('2026-02-01');
  });

  it('is never a day before the first day allowed', () => {
    expect(focusTargetIn({ year: 2026, month: 1 }, { selected: '2026-01-05', today, min: '2026-01-25' })).toBe('2026-01-25');
    expect(focusTargetIn({ year: 2026, month: 1 }, { today, min: '2026-01-10' })).toBe(today);
    expect(focusTargetIn({ year: 2026, month: 1 }, { today, min: '2026-03-02' })).toBe('2026-03-02');
  });
});
