import { describe, expect, it } from 'vitest';
import {
  endDateLimits,
  isoWeekStart,
  normalizeRule,
  occurrenceInstants,
  occurrenceDates,
  recurrenceHorizon,
  weekdayName,
} from '@/lib/contract/recurrence-dates';

const today = '2026-11-26'; // a Thursday

describe('recurrence horizon and end date limits', () => {
  it('runs 12 months from today, never past the end of the next calendar year', () => {
    expect(recurrenceHorizon(today)).toBe('2027-11-26');
    expect(recurrenceHorizon('2026-01-01')).toBe('2027-01-01');
    expect(recurrenceHorizon('2028-02-29')).toBe('2029-03-01');
  });

  it('ends from today to one year after the end of this year; weekly from the start of the ISO week', () => {
    expect(endDateLimits(today, 'daily')).toEqual({ min: today, max: '2027-12-31' });
    expect(endDateLimits(today, 'custom')).toEqual({ min: today, max: '2027-12-31' });
    expect(endDateLimits(today, 'weekly')).toEqual({ min: '2026-11-23', max: '2027-12-31' });
  });

  it('names weekdays and ISO week starts across month and year ends', () => {
    expect(weekdayName('2026-11-26')).toBe('thu');
    expect(weekdayName('2026-11-29')).toBe('sun');
    expect(isoWeekStart('2026-11-29')).toBe('2026-11-23');
    expect(isoWeekStart('2027-01-01')).toBe('2026-12-28');
  });
});

describe('occurrence dates', () => {
  it('daily: every day after the parent, a year of children, within the horizon', () => {
    const dates = occurrenceDates(today, normalizeRule(today, { recurringRule: 'daily' }), today);
    expect(dates[0]).toBe('2026-11-27');
    expect(dates.at(-1)).toBe('2027-11-25');
    expect(dates).toHaveLength(364);
  });

  it('daily stops at the end date, which is inclusive', () => {
    const rule = normalizeRule(today, { recurringRule: 'daily', endRecurrence: '2026-11-30' });
    expect(occurrenceDates(today, rule, today)).toEqual(['2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30']);
  });

  it('weekly: on the weekday of the appointment, every week', () => {
    const start = '2026-12-02'; // a Wednesday
    const rule = normalizeRule(start, { recurringRule: 'weekly', endRecurrence: '2026-12-31' });
    expect(rule.repeatOn).toEqual(['wed']);
    expect(occurrenceDates(start, rule, today)).toEqual(['2026-12-09', '2026-12-16', '2026-12-23', '2026-12-30']);
  });

  it('custom every N days', () => {
    const rule = normalizeRule(today, { recurringRule: 'custom', recurringCount: 3, repeatEveryOption: 'days', endRecurrence: '2026-12-08' });
    expect(occurrenceDates(today, rule, today)).toEqual(['2026-11-29', '2026-12-02', '2026-12-05', '2026-12-08']);
  });

  it('custom every N weeks on chosen weekdays, weeks counted from the parent’s ISO week', () => {
    const rule = normalizeRule(today, {
      recurringRule: 'custom',
      recurringCount: 2,
      repeatEveryOption: 'weeks',
      repeatOn: ['fri', 'mon', 'thu'],
      endRecurrence: '2026-12-21',
    });
    expect(rule.repeatOn).toEqual(['mon', 'thu', 'fri']);
    // Week of 23 Nov: only Friday is after the parent's Thursday; week of 30 Nov skipped; week of 7 Dec; 21 Dec.
    expect(occurrenceDates(today, rule, today)).toEqual(['2026-11-27', '2026-12-07', '2026-12-10', '2026-12-11', '2026-12-21']);
  });

  it('a custom rule can yield nothing: the end date comes before the next occurrence', () => {
    const rule = normalizeRule(today, { recurringRule: 'custom', recurringCount: 2, repeatEveryOption: 'weeks', repeatOn: ['thu'], endRecurrence: '2026-12-05' });
    expect(occurrenceDates(today, rule, today)).toEqual([]);
    const noDays = normalizeRule(today, { recurringRule: 'custom', repeatEveryOption: 'weeks', repeatOn: [] });
    expect(occurrenceDates(today, noDays, today)).toEqual([]);
  });

  it('never puts a child before today when the parent lies in the past', () => {
    const rule = normalizeRule('2026-11-20', { recurringRule: 'daily', endRecurrence: '2026-11-28' });
    expect(occurrenceDates('2026-11-20', rule, today)).toEqual(['2026-11-26', '2026-11-27', '2026-11-28']);
  });

  it('never runs past the horizon, whatever the end date says', () => {
    const rule = normalizeRule(today, { recurringRule: 'custom', recurringCount: 30, repeatEveryOption: 'days', endRecurrence: '2027-12-31' });
    const dates = occurrenceDates(today, rule, today);
    expect(dates.at(-1)).toBe('2027-11-21');
    expect(dates.every((date) => date < '2027-11-26')).toBe(true);
  });
});

describe('occurrence instants', () => {
  it('keeps the wall-clock time across the change from summer time (Europe/Rome, 25 October 2026)', () => {
    const parent = new Date('2026-10-23T07:00:00Z'); // 09:00 in Rome, summer time
    const instants = occurrenceInstants(parent, ['2026-10-24', '2026-10-26'], 'Europe/Rome');
    expect(instants.map((instant) => instant.toISOString())).toEqual(['2026-10-24T07:00:00.000Z', '2026-10-26T08:00:00.000Z']);
  });

  it('keeps the wall-clock time into summer time (America/New_York, 8 March 2026)', () => {
    const parent = new Date('2026-03-07T14:30:00Z'); // 09:30 in New York, standard time
    const [next] = occurrenceInstants(parent, ['2026-03-09'], 'America/New_York');
    expect(next.toISOString()).toBe('2026-03-09T13:30:00.000Z');
  });
});
