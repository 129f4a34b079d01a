import { describe, expect, it } from 'vitest';
import type { DayKey } from '@/lib/contract/working-hours';
import {
  covers,
  dayAvailability,
  daysTouched,
  freeThroughout,
  subtract,
  type DayInput,
  type Interval,
} from '@/lib/server/scheduling/availability/intervals';

const rome = 'Europe/Rome';
const at = (iso: string) => Date.parse(iso);
const span = (from: string, to: string): Interval => ({ start: at(from), end: at(to) });
const hoursLong = (intervals: readonly Interval[]) => intervals.reduce((sum, interval) => sum + interval.end - interval.start, 0) / 3_600_000;

const officeWeek = new Map<DayKey, string>([
  ['mon', '08:00|12:00,13:00|17:00'],
  ['sat', '08:00|12:00'],
  ['sun', '01:00|04:00'],
]);

function day(date: string, overrides: Partial<DayInput> = {}) {
  return dayAvailability({ workerId: 7, day: date, timeZone: rome, records: new Map(), templateDays: officeWeek, tasks: [], ...overrides });
}

// 2030-01-07 is a Monday; Rome is UTC+1 in January.
const monday = '2030-01-07';

describe('availability intervals', () => {
  it("turns a split shift into two instants ranges in the tenant's zone and does not let a task span the break", () => {
    const result = day(monday);
    expect(result.source).toBe('template');
    expect(result.hours).toBe('08:00|12:00,13:00|17:00');
    expect(result.working).toEqual([span('2030-01-07T07:00:00Z', '2030-01-07T11:00:00Z'), span('2030-01-07T12:00:00Z', '2030-01-07T16:00:00Z')]);
    expect(covers(result.free, at('2030-01-07T08:00:00Z'), at('2030-01-07T09:00:00Z'))).toBe(true);
    // 11:00 to 13:00 local starts and ends inside working hours but crosses the lunch break.
    expect(covers(result.free, at('2030-01-07T10:00:00Z'), at('2030-01-07T12:00:00Z'))).toBe(false);
  });

  it('refuses a task that starts inside the shift but ends after it', () => {
    const result = day(monday);
    expect(covers(result.free, at('2030-01-07T15:00:00Z'), at('2030-01-07T16:00:00Z'))).toBe(true);
    // 16:00 to 17:30 local: starts at 16:00, inside, ends half an hour after the shift.
    expect(covers(result.free, at('2030-01-07T15:00:00Z'), at('2030-01-07T16:30:00Z'))).toBe(false);
  });

  it("lets the day's own record replace the template's hours for that weekday", () => {
    const result = day(monday, { records: new Map([[monday, '14:00|18:00']]) });
    expect(result.source).toBe('record');
    expect(result.working).toEqual([span('2030-01-07T13:00:00Z', '2030-01-07T17:00:00Z')]);
    expect(covers(result.free, at('2030-01-07T08:00:00Z'), at('2030-01-07T09:00:00Z'))).toBe(false);
    expect(covers(result.free, at('2030-01-07T16:00:00Z'), at('2030-01-07T17:00:00Z'))).toBe(true);
    // A record for another date leaves this day on the template.
    expect(day(monday, { records: new Map([['2030-01-08', '14:00|18:00']]) }).source).toBe('template');
  });

  it("reads a record of a single space as no hours that day, even over the template's", () => {
    const result = day(monday, { records: new Map([[monday, ' ']]) });
    expect(result).toMatchObject({ source: 'record', hours: ' ', working: [], free: [] });
  });

  it('gives no hours on a weekday the live template leaves out', () => {
    expect(day('2030-01-08')).toMatchObject({ source: 'template', hours: ' ', working: [], free: [] });
  });

  it('names a day with no template and no record unknown and counts the whole local day as working time', () => {
    const result = day(monday, { templateDays: null });
    expect(result.source).toBe('unknown');
    expect(result.hours).toBeNull();
    expect(result.working).toEqual([span('2030-01-06T23:00:00Z', '2030-01-07T23:00:00Z')]);
  });

  it("takes the worker's other tasks out of the free time, clipping one that runs in from the day before", () => {
    const tasks = [span('2030-01-07T08:00:00Z', '2030-01-07T09:00:00Z'), span('2030-01-06T22:00:00Z', '2030-01-07T07:30:00Z')];
    const result = day(monday, { tasks });
    expect(result.busy).toEqual([span('2030-01-06T23:00:00Z', '2030-01-07T07:30:00Z'), span('2030-01-07T08:00:00Z', '2030-01-07T09:00:00Z')]);
    expect(result.free).toEqual([
      span('2030-01-07T07:30:00Z', '2030-01-07T08:00:00Z'),
      span('2030-01-07T09:00:00Z', '2030-01-07T11:00:00Z'),
      span('2030-01-07T12:00:00Z', '2030-01-07T16:00:00Z'),
    ]);
    expect(covers(result.free, at('2030-01-07T08:30:00Z'), at('2030-01-07T09:30:00Z'))).toBe(false);
    expect(covers(result.free, at('2030-01-07T09:00:00Z'), at('2030-01-07T10:00:00Z'))).toBe(true);
  });

  it('subtracts overlapping busy blocks once and keeps what is left in order', () => {
    const free = subtract([{ start: 0, end: 100 }], [{ start: 10, end: 30 }, { start: 20, end: 40 }, { start: 90, end: 120 }]);
    expect(free).toEqual([{ start: 0, end: 10 }, { start: 40, end: 90 }]);
  });

  it('counts 23 hours on the last Sunday of March in Rome and puts the shift on summer time', () => {
    const whole = day('2026-03-29', { templateDays: null });
    expect(hoursLong(whole.working)).toBe(23);
    expect(whole.dayEnd - whole.dayStart).toBe(23 * 3_600_000);
    // 01:00 is still winter time (00:00Z); 04:00 is already summer time (02:00Z): two real hours.
    const shift = day('2026-03-29');
    expect(shift.working).toEqual([span('2026-03-29T00:00:00Z', '2026-03-29T02:00:00Z')]);
    expect(covers(shift.free, at('2026-03-29T01:00:00Z'), at('2026-03-29T02:00:00Z'))).toBe(true);
    // The Saturday before is on winter time, the Monday after on summer time.
    expect(day('2026-03-28').working).toEqual([span('2026-03-28T07:00:00Z', '2026-03-28T11:00:00Z')]);
    expect(day('2026-03-30').working[0]).toEqual(span('2026-03-30T06:00:00Z', '2026-03-30T10:00:00Z'));
  });

  it('counts 25 hours on the last Sunday of October in Rome, the repeated hour inside the shift', () => {
    const whole = day('2026-10-25', { templateDays: null });
    expect(hoursLong(whole.working)).toBe(25);
    // 01:00 summer time (23:00Z the day before) to 04:00 winter time (03:00Z): four real hours.
    const shift = day('2026-10-25');
    expect(shift.working).toEqual([span('2026-10-24T23:00:00Z', '2026-10-25T03:00:00Z')]);
    expect(covers(shift.free, at('2026-10-24T23:00:00Z'), at('2026-10-25T03:00:00Z'))).toBe(true);
    expect(covers(shift.free, at('2026-10-24T23:00:00Z'), at('2026-10-25T03:30:00Z'))).toBe(false);
  });

  it('lists the local days an interval touches, across a change of clocks', () => {
    expect(daysTouched(at('2026-10-24T21:00:00Z'), at('2026-10-25T23:00:00Z'), rome)).toEqual(['2026-10-24', '2026-10-25']);
    expect(daysTouched(at('2026-10-24T21:00:00Z'), at('2026-10-25T23:00:01Z'), rome)).toEqual(['2026-10-24', '2026-10-25', '2026-10-26']);
    // An interval that ends exactly at midnight does not touch the next day.
    expect(daysTouched(at('2030-01-07T22:00:00Z'), at('2030-01-07T23:00:00Z'), rome)).toEqual([monday]);
  });

  it('joins free time at midnight so a night task fits two days that are both free there', () => {
    const night = new Map<DayKey, string>([['mon', '20:00|24:00'], ['tue', '00:00|06:00']]);
    const days = [day(monday, { templateDays: night }), day('2030-01-08', { templateDays: night })];
    expect(freeThroughout(days, at('2030-01-07T21:00:00Z'), at('2030-01-08T03:00:00Z'))).toBe(true);
    expect(freeThroughout(days, at('2030-01-07T21:00:00Z'), at('2030-01-08T06:00:00Z'))).toBe(false);
  });
});
