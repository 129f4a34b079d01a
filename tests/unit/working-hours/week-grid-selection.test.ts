import { describe, expect, it } from 'vitest';
import {
  applyDrag,
  cellSpan,
  clearDay,
  hoursAfterEdit,
  movedFocus,
  startDrag,
  toggleCell,
  weekCellsOf,
} from '@/components/working-hours/week-grid-selection';
import { cellsToHours, weekDays, type DayKey } from '@/lib/contract/working-hours';

const week = (hours: Partial<Record<DayKey, string>> = {}): Record<DayKey, string> =>
  Object.fromEntries(weekDays.map((day) => [day, hours[day] ?? ' '])) as Record<DayKey, string>;

const hoursOf = (cells: boolean[][]) => weekDays.map((_, index) => cellsToHours(cells[index]));

describe('week grid selection', () => {
  it('reads each weekday’s hours text as its row of 48 cells, Monday first', () => {
    const cells = weekCellsOf(week({ mon: '08:00|09:00', sun: '23:30|24:00' }));
    expect(cells).toHaveLength(7);
    expect(cells[0].flatMap((selected, cell) => (selected ? [cell] : []))).toEqual([16, 17]);
    expect(cells[6].flatMap((selected, cell) => (selected ? [cell] : []))).toEqual([47]);
    expect(cells[1].every((selected) => !selected)).toBe(true);
  });

  it('a drag from an empty cell selects the rectangle it spans, whichever way it goes', () => {
    const base = weekCellsOf(week());
    const drag = { ...startDrag(base, { day: 2, cell: 19 }), current: { day: 1, cell: 16 } };
    expect(drag.select).toBe(true);
    expect(hoursOf(applyDrag(base, drag))).toEqual([' ', '08:00|10:00', '08:00|10:00', ' ', ' ', ' ', ' ']);
  });

  it('a drag from a chosen cell clears, leaving chosen cells outside the rectangle alone', () => {
    const base = weekCellsOf(week({ mon: '08:00|12:00', tue: '08:00|12:00' }));
    const drag = { ...startDrag(base, { day: 0, cell: 18 }), current: { day: 0, cell: 19 } };
    expect(drag.select).toBe(false);
    expect(hoursOf(applyDrag(base, drag)).slice(0, 2)).toEqual(['08:00|09:00,10:00|12:00', '08:00|12:00']);
  });

  it('a selecting drag over a partly chosen row fills it without unchoosing anything', () => {
    const base = weekCellsOf(week({ wed: '09:00|10:00' }));
    const drag = { ...startDrag(base, { day: 2, cell: 16 }), current: { day: 2, cell: 21 } };
    expect(hoursOf(applyDrag(base, drag))[2]).toBe('08:00|11:00');
  });

  it('a drag that never leaves its cell toggles that one cell', () => {
    const base = weekCellsOf(week({ fri: '08:00|09:00' }));
    expect(hoursOf(toggleCell(base, { day: 4, cell: 17 }))[4]).toBe('08:00|08:30');
    expect(hoursOf(toggleCell(base, { day: 4, cell: 18 }))[4]).toBe('08:00|09:30');
  });

  it('leaves the drag’s starting cells untouched, so a cancelled drag changes nothing', () => {
    const base = weekCellsOf(week({ mon: '08:00|09:00' }));
    applyDrag(base, { ...startDrag(base, { day: 0, cell: 0 }), current: { day: 6, cell: 47 } });
    expect(hoursOf(base)[0]).toBe('08:00|09:00');
  });

  it('a day reset clears that day only', () => {
    const base = weekCellsOf(week({ mon: '08:00|09:00', tue: '08:00|09:00' }));
    expect(hoursOf(clearDay(base, 0)).slice(0, 2)).toEqual([' ', '08:00|09:00']);
  });

  it('rewrites only the days whose cells changed, keeping the others’ text as it came', () => {
    const value = week({ mon: '8:00|9:00', tue: '08:00|09:00' });
    const before = weekCellsOf(value);
    const after = toggleCell(before, { day: 1, cell: 18 });
    expect(hoursAfterEdit(value, before, after)).toEqual({ ...value, tue: '08:00|09:30' });
  });

  it('moves the keyboard focus with the arrows, Home and End, never leaving the week', () => {
    expect(movedFocus({ day: 0, cell: 0 }, 'ArrowLeft')).toEqual({ day: 0, cell: 0 });
    expect(movedFocus({ day: 0, cell: 0 }, 'ArrowUp')).toEqual({ day: 0, cell: 0 });
    expect(movedFocus({ day: 6, cell: 47 }, 'ArrowDown')).toEqual({ day: 6, cell: 47 });
    expect(movedFocus({ day: 3, cell: 10 }, 'ArrowRight')).toEqual({ day: 3, cell: 11 });
    expect(movedFocus({ day: 3, cell: 10 }, 'End')).toEqual({ day: 3, cell: 47 });
    expect(movedFocus({ day: 3, cell: 10 }, 'Home')).toEqual({ day: 3, cell: 0 });
    expect(movedFocus({ day: 3, cell: 10 }, 'a')).toBeNull();
  });

  it('names a cell by the half hour it covers', () => {
    expect(cellSpan(0)).toBe('00:00–00:30');
    expect(cellSpan(17)).toBe('08:30–09:00');
    expect(cellSpan(47)).toBe('23:30–24:00');
  });
});
