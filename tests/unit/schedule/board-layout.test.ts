import { describe, expect, it } from 'vitest';
import { dayWindowOf, defaultDayWindow } from '@/lib/client/schedule/day-window';
import { gridLayoutOf } from '@/lib/client/schedule/grid-layout';
import { labelStepOf, slotWidthOf, zoomLevels } from '@/lib/client/schedule/zoom';
import type { BoardTask } from '@/lib/contract/schedule-board';

const rome = 'Europe/Rome';
const task = (start: string | null, durationMins: number): BoardTask => ({
  id: 1,
  referenceNumber: 1,
  title: 't',
  statusId: 1,
  typeId: 1,
  typeName: 'T',
  assigneeId: 7,
  start,
  durationMins,
  timeSlotId: null,
  hasLocation: false,
  cancelled: false,
  updated: '2026-12-01T08:00:00.000Z',
});

describe('the week\'s day window', () => {
  it('is 07:00–19:00 when no worker has hours', () => {
    expect(dayWindowOf(null, [], rome)).toEqual(defaultDayWindow);
  });

  it('is the workers\' hours rounded out to whole hours', () => {
    expect(dayWindowOf({ start: '08:30', end: '17:30' }, [], rome)).toEqual({ start: '08:00', end: '18:00' });
  });

  it('widens to every task, so no bar is hidden outside it (Rome wall clock, winter and summer)', () => {
    const hours = { start: '08:00', end: '17:00' };
    // 06:15 and 20:40–21:10 in Rome on a winter day.
    expect(dayWindowOf(hours, [task('2026-12-03T05:15:00.000Z', 30), task('2026-12-03T19:40:00.000Z', 30)], rome)).toEqual({ start: '06:00', end: '22:00' });
    // 18:00–19:30 in Rome in summer (UTC+2).
    expect(dayWindowOf(hours, [task('2026-07-01T16:00:00.000Z', 90)], rome)).toEqual({ start: '08:00', end: '20:00' });
  });

  it('shows the whole day for a task across midnight, and up to 24:00 for one ending at midnight', () => {
    expect(dayWindowOf(defaultDayWindow, [task('2026-12-03T21:00:00.000Z', 180)], rome)).toEqual({ start: '00:00', end: '24:00' });
    expect(dayWindowOf(defaultDayWindow, [task('2026-12-03T21:00:00.000Z', 120)], rome)).toEqual({ start: '07:00', end: '24:00' });
  });

  it('answers the window given when nothing widens it, so the grid is not redrawn', () => {
    const shown = { start: '07:00', end: '19:00' };
    expect(dayWindowOf(shown, [task('2026-12-03T09:00:00.000Z', 60), task(null, 60)], rome)).toBe(shown);
  });
});

describe('zoom and labels', () => {
  it('starts the week at the narrowest level, where its slots fill the grid, and widens it by half each level', () => {
    expect(slotWidthOf('week', zoomLevels.min, 9)).toBe(9);
    expect(slotWidthOf('week', 11, 10)).toBe(15);
    expect(slotWidthOf('week', 10)).toBeLessThan(slotWidthOf('week', 11));
  });

  it('never draws day slots narrower than what fills the grid', () => {
    expect(slotWidthOf('day', 10, 30)).toBe(30);
    expect(slotWidthOf('day', 10, 0)).toBe(18);
  });

  it('spaces labels at least a label\'s width apart', () => {
    expect(labelStepOf('week', 7, true)).toBe(6);
    expect(labelStepOf('week', 40, true)).toBe(1);
    expect(labelStepOf('day', 18, true)).toBe(4);
    expect(labelStepOf('day', 18, false)).toBe(6);
    expect(labelStepOf('day', 53, true)).toBe(1);
    expect(labelStepOf('month', 25, true)).toBe(2);
  });

  it("leaves the last label of a week's day the room of a label before the next day begins, else one label a day", () => {
    // 08:00-23:00 at 4 px an hour: labels 12 hours apart would put '20' in a 3-hour, 12-px cell; a 24-hour step
    // (FullCalendar counts steps on across days) gives each day one label at its start.
    expect(labelStepOf('week', 4, true, 15)).toBe(24);
    expect(labelStepOf('week', 3, true, 20)).toBe(24);
    // 08:00-20:00 at 4 px: labels 12 hours apart are one a day, '08'.
    expect(labelStepOf('week', 4, true, 12)).toBe(12);
    // 07:00-22:00 at 13 px: every 3 hours divides 15, each label 39 px apart (36 past the slots' border lines).
    expect(labelStepOf('week', 13, true, 15)).toBe(3);
  });

  it('fits a 12-hour working week into a 1,280 px screen\'s grid, with one hour label a day', () => {
    const layout = gridLayoutOf({ unit: 'week', zoom: zoomLevels.min, dayWindow: defaultDayWindow, visibleHours: null, gridWidth: 700, twentyFourHour: true });
    expect(layout).toMatchObject({ slotMinTime: '07:00', slotMaxTime: '19:00', slotWidth: 5, labelInterval: '12:00', weekDayLabel: 'narrow' });
    expect(layout.slotWidth * 7 * 12).toBeLessThanOrEqual(700 - 220);
  });

  it('keeps the whole day in the day view, scrolled to an hour before the working day, or the chosen time slot', () => {
    const day = gridLayoutOf({ unit: 'day', zoom: 13, dayWindow: { start: '08:00', end: '18:00' }, visibleHours: null, gridWidth: 700, twentyFourHour: true });
    expect(day).toMatchObject({ slotMinTime: '00:00', slotMaxTime: '24:00', scrollTime: '07:00', slotWidth: 40, labelInterval: '01:00' });
    const slot = gridLayoutOf({ unit: 'day', zoom: 13, dayWindow: defaultDayWindow, visibleHours: { start: '09:00', end: '13:00' }, gridWidth: 700, twentyFourHour: true });
    expect(slot).toMatchObject({ slotMinTime: '09:00', slotMaxTime: '13:00', scrollTime: '09:00', slotWidth: Math.floor((700 - 220 - 24) / 8) });
  });
});
