import { describe, expect, it } from 'vitest';
import { availabilityPlan, shownWeek, weekOf } from '@/lib/client/availability-plan';
import { type DayKey, type UnavailabilityView } from '@/lib/contract/working-hours';

const week = weekOf('2027-03-03');
const blankWeek: Record<DayKey, string> = { mon: ' ', tue: ' ', wed: ' ', thu: ' ', fri: ' ', sat: ' ', sun: ' ' };
const record = (id: number, dateUnavailability: string, hours: string): UnavailabilityView => ({
  id,
  userId: 7,
  dateUnavailability,
  hours,
});

describe('weekOf', () => {
  it('gives the Monday-to-Sunday dates of the week a day falls in', () => {
    expect(week.dates).toEqual({
      mon: '2027-03-01',
      tue: '2027-03-02',
      wed: '2027-03-03',
      thu: '2027-03-04',
      fri: '2027-03-05',
      sat: '2027-03-06',
      sun: '2027-03-07',
    });
    expect(weekOf('2027-03-07').dates.mon).toBe('2027-03-01');
    expect(weekOf('2027-03-01').dates.sun).toBe('2027-03-07');
  });

  it('numbers weeks as ISO 8601 does, across the turn of the year', () => {
    expect(week.number).toBe(9);
    expect(weekOf('2026-11-26').number).toBe(48);
    expect(weekOf('2027-01-01').number, '1 January 2027 is a Friday: still week 53 of 2026').toBe(53);
    expect(weekOf('2026-12-31').number).toBe(53);
    expect(weekOf('2027-01-04').number).toBe(1);
    expect(weekOf('2024-12-30').number, '30 December 2024 is in week 1 of 2025').toBe(1);
  });
});

describe('shownWeek', () => {
  const template = { mon: '08:00|12:00,13:00|17:00', tue: '08:00|17:00', sun: ' ' };

  it("shows the template's hours per weekday when the week has no records", () => {
    expect(shownWeek(week, [], template)).toEqual({ ...blankWeek, mon: '08:00|12:00,13:00|17:00', tue: '08:00|17:00' });
  });

  it('shows a day its record instead of the template', () => {
    const shown = shownWeek(week, [record(1, '2027-03-01', '08:00|12:00'), record(2, '2027-03-07', '10:00|11:00')], template);
    expect(shown.mon).toBe('08:00|12:00');
    expect(shown.tue).toBe('08:00|17:00');
    expect(shown.sun).toBe('10:00|11:00');
  });
});

describe('availabilityPlan (spec 02 §4, saving)', () => {
  it('creates a record for every day that has none, with the grid hours', () => {
    const grid = { ...blankWeek, mon: '08:00|12:00,13:00|17:00', tue: '08:00|17:00' };
    const plan = availabilityPlan(7, week, [], grid);
    expect(plan.update).toEqual([]);
    expect(plan.create).toEqual([
      { userId: 7, dateUnavailability: '2027-03-01', hours: '08:00|12:00,13:00|17:00' },
      { userId: 7, dateUnavailability: '2027-03-02', hours: '08:00|17:00' },
      { userId: 7, dateUnavailability: '2027-03-03', hours: ' ' },
      { userId: 7, dateUnavailability: '2027-03-04', hours: ' ' },
      { userId: 7, dateUnavailability: '2027-03-05', hours: ' ' },
      { userId: 7, dateUnavailability: '2027-03-06', hours: ' ' },
      { userId: 7, dateUnavailability: '2027-03-07', hours: ' ' },
    ]);
  });

  it('with nothing selected and no records, creates seven blank records', () => {
    const plan = availabilityPlan(7, week, [], blankWeek);
    expect(plan.create).toHaveLength(7);
    expect(plan.create.every((entry) => entry.hours === ' ')).toBe(true);
    expect(plan.create.map((entry) => entry.dateUnavailability)).toEqual(Object.values(week.dates));
  });

  it('updates only the records whose hours changed, and creates the days without one', () => {
    const records = [record(1, '2027-03-01', '08:00|17:00'), record(2, '2027-03-02', '08:00|17:00')];
    const plan = availabilityPlan(7, week, records, { ...blankWeek, mon: '08:00|12:00', tue: '08:00|17:00' });
    expect(plan.update).toEqual([{ id: 1, hours: '08:00|12:00' }]);
    expect(plan.create.map((entry) => entry.dateUnavailability)).toEqual([
      '2027-03-03',
      '2027-03-04',
      '2027-03-05',
      '2027-03-06',
      '2027-03-07',
    ]);
  });

  it('updates a saved record for a day now cleared with a single space', () => {
    const records = Object.values(week.dates).map((date, index) => record(index + 1, date, index === 4 ? '09:00|18:00' : ' '));
    const plan = availabilityPlan(7, week, records, blankWeek);
    expect(plan).toEqual({ create: [], update: [{ id: 5, hours: ' ' }] });
  });

  it('takes hours written another way but selecting the same cells as unchanged', () => {
    const records = Object.values(week.dates).map((date, index) => record(index + 1, date, index === 0 ? '08:00|10:00,10:00|12:00' : ' '));
    const plan = availabilityPlan(7, week, records, { ...blankWeek, mon: '08:00|12:00' });
    expect(plan).toEqual({ create: [], update: [] });
  });
});
