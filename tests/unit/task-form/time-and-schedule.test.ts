import { describe, expect, it } from 'vitest';
import { afterDateCleared, isScheduleInPast, scheduleControls, startTimeOf } from '@/lib/client/task-form/schedule';
import { snapToStep, timeOptions } from '@/lib/client/task-form/time';
import { formatTimeOfDay } from '@/lib/contract/time-of-day';
import { zonedIsoInstant } from '@/lib/contract/zoned-time';

describe('time options', () => {
  it('offers every quarter hour in 24-hour format', () => {
    const options = timeOptions(true);
    expect(options).toHaveLength(96);
    expect(options.slice(0, 3).map((option) => option.label)).toEqual(['00:00', '00:15', '00:30']);
    expect(options.at(-1)).toEqual({ value: '23:45', label: '23:45' });
  });

  it('labels the same values in 12-hour format', () => {
    const options = timeOptions(false);
    expect(options[0]).toEqual({ value: '00:00', label: '12:00 am' });
    expect(options.find((option) => option.value === '12:15')?.label).toBe('12:15 pm');
    expect(options.at(-1)?.label).toBe('11:45 pm');
    expect(formatTimeOfDay('09:30', false)).toBe('09:30 am');
  });

  it('rounds a stored time down to its quarter', () => {
    expect(snapToStep('10:44')).toBe('10:30');
  });
});

const empty = { typeId: null, scheduleDate: '', scheduleTime: '', timeSlotId: null };

describe('schedule controls', () => {
  it('keeps worker and time disabled until the date, and the worker until the type too', () => {
    expect(scheduleControls(empty)).toMatchObject({ timeDisabled: true, workerDisabled: true, workerError: true });
    expect(scheduleControls({ ...empty, scheduleDate: '2030-01-07' })).toMatchObject({ timeDisabled: false, workerDisabled: true });
    expect(scheduleControls({ ...empty, typeId: 3 })).toMatchObject({ workerDisabled: true });
    expect(scheduleControls({ ...empty, typeId: 3, scheduleDate: '2030-01-07' })).toMatchObject({ workerDisabled: false, workerError: false });
  });

  it('makes time slot and time exclusive', () => {
    const withSlot = scheduleControls({ ...empty, scheduleDate: '2030-01-07', timeSlotId: 2 });
    expect(withSlot).toMatchObject({ timeDisabled: true, slotDisabled: false });
    const withTime = scheduleControls({ ...empty, scheduleDate: '2030-01-07', scheduleTime: '10:00' });
    expect(withTime).toMatchObject({ timeDisabled: false, slotDisabled: true });
  });

  it('clears time and worker with the date', () => {
    const state = { ...empty, typeId: 1, scheduleDate: '2030-01-07', scheduleTime: '10:00', assigneeId: 9 };
    expect(afterDateCleared(state)).toEqual({ ...state, scheduleDate: '', scheduleTime: '', assigneeId: null });
  });

  it('starts at the time, else the slot start, else midnight', () => {
    const slots = (id: number) => (id === 2 ? '08:30:00' : undefined);
    expect(startTimeOf({ ...empty, scheduleTime: '10:15' }, slots)).toBe('10:15');
    expect(startTimeOf({ ...empty, timeSlotId: 2 }, slots)).toBe('08:30');
    expect(startTimeOf(empty, slots)).toBe('00:00');
  });

  it('refuses a schedule that is not after now', () => {
    const instantOf = (date: string, time: string) => new Date(`${date}T${time}:00Z`);
    const now = new Date('2030-01-07T12:00:00Z');
    expect(isScheduleInPast('2030-01-07', '11:45', now, instantOf)).toBe(true);
    expect(isScheduleInPast('2030-01-07', '', now, instantOf)).toBe(false);
    expect(isScheduleInPast('2030-01-06', '', now, instantOf)).toBe(true);
    expect(isScheduleInPast('', '', now, instantOf)).toBe(false);
  });
});

describe('zoned instants', () => {
  it("writes the tenant zone's offset, summer and winter", () => {
    expect(zonedIsoInstant('2030-01-07', '09:00', 'Europe/Rome')).toBe('2030-01-07T09:00:00+01:00');
    expect(zonedIsoInstant('2030-07-07', '09:00', 'Europe/Rome')).toBe('2030-07-07T09:00:00+02:00');
    expect(zonedIsoInstant('2030-07-07', '09:00', 'America/New_York')).toBe('2030-07-07T09:00:00-04:00');
    expect(zonedIsoInstant('2030-07-07', '09:00', 'Asia/Kolkata')).toBe('2030-07-07T09:00:00+05:30');
  });
});
