import { describe, expect, it } from 'vitest';
import { addDays, startOfDay, todayIn, weekdayOf, zonedDateAndTime, zonedInstant, zonedIsoInstant } from '@/lib/contract/zoned-time';

describe('zoned time', () => {
  it('reads an instant on the zone clock, in winter and in summer', () => {
    expect(zonedDateAndTime(new Date('2026-01-15T08:30:00Z'), 'Europe/Rome')).toEqual({ date: '2026-01-15', time: '09:30' });
    expect(zonedDateAndTime(new Date('2026-07-15T08:30:00Z'), 'Europe/Rome')).toEqual({ date: '2026-07-15', time: '10:30' });
    expect(zonedDateAndTime(new Date('2026-07-15T02:30:00Z'), 'America/New_York')).toEqual({ date: '2026-07-14', time: '22:30' });
  });

  it('turns a zone clock time into the right instant on both sides of a summer-time change', () => {
    expect(zonedInstant('2026-03-28', '12:00', 'Europe/Rome').toISOString()).toBe('2026-03-28T11:00:00.000Z');
    expect(zonedInstant('2026-03-29', '12:00', 'Europe/Rome').toISOString()).toBe('2026-03-29T10:00:00.000Z');
    expect(zonedInstant('2026-10-25', '03:00', 'Europe/Rome').toISOString()).toBe('2026-10-25T02:00:00.000Z');
  });

  it('writes the ISO instant with the zone offset of that day', () => {
    expect(zonedIsoInstant('2026-01-10', '09:15', 'Europe/Rome')).toBe('2026-01-10T09:15:00+01:00');
    expect(zonedIsoInstant('2026-06-10', '09:15', 'Europe/Rome')).toBe('2026-06-10T09:15:00+02:00');
    expect(zonedIsoInstant('2026-06-10', '09:15', 'America/New_York')).toBe('2026-06-10T09:15:00-04:00');
    expect(zonedIsoInstant('2026-06-10', '09:15', 'Asia/Kolkata')).toBe('2026-06-10T09:15:00+05:30');
  });

  it('gives day boundaries in the zone, never a fixed offset', () => {
    expect(startOfDay('2026-03-29', 'Europe/Rome').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(startOfDay('2026-03-30', 'Europe/Rome').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(todayIn('Europe/Rome', new Date('2026-11-23T23:30:00Z'))).toBe('2026-11-24');
  });

  it('does calendar arithmetic without a zone', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(weekdayOf('2026-11-23')).toBe(1);
  });
});
