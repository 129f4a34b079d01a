import type { DayWindow } from '@/lib/contract/schedule-board';
import { windowHours } from './day-window';
import type { BoardUnit } from './range';
import { labelStepOf, slotWidthOf } from './zoom';

/** The worker column's width. */
export const resourceAreaPx = 220;
/** Room kept for the grid's borders and its vertical scroll bar, so that a fitting week never scrolls sideways. */
const frameSlackPx = 24;

export interface GridLayoutInput {
  unit: BoardUnit;
  zoom: number;
  /** The workers' hours widened to the tasks held: what the week shows of each day. */
  dayWindow: DayWindow;
  /** Feature 3's chosen slot (day view only); null for the whole day. */
  visibleHours: DayWindow | null;
  /** The board frame's width in pixels; 0 before it has been measured. */
  gridWidth: number;
  twentyFourHour: boolean;
}

export interface GridLayout {
  slotMinTime: string;
  slotMaxTime: string;
  scrollTime: string;
  slotWidth: number;
  labelInterval: string | { days: number };
  /** How much the week's day row says: 'Mon 7/12', 'Mon 7' or 'M 7', by the room a day has. */
  weekDayLabel: 'long' | 'short' | 'narrow';
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const duration = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * What the grid shows and how wide: the week shows the working day (not 24 hours) of each of its seven days, fitted
 * to the frame at the first zoom level; the day view keeps the whole day (or the chosen time slot) so a task can be
 * placed at any hour, and opens scrolled to an hour before the working day, the early calls in sight; the month
 * shows whole days. Time labels are spaced so that they never overlap, whatever the zoom and the frame's width.
 */
export function gridLayoutOf(input: GridLayoutInput): GridLayout {
  const { unit, zoom, dayWindow, visibleHours, gridWidth, twentyFourHour } = input;
  const timeline = Math.max(0, gridWidth - resourceAreaPx - frameSlackPx);
  const shown = unit === 'week' ? dayWindow : unit === 'day' && visibleHours ? visibleHours : { start: '00:00', end: '24:00' };
  const slots =
    unit === 'week' ? 7 * windowHours(dayWindow) : unit === 'day' ? (minutesOf(shown.end) - minutesOf(shown.start)) / 30 : 31;
  const fit = timeline > 0 && slots > 0 ? Math.floor(timeline / slots) : 0;
  const slotWidth = slotWidthOf(unit, zoom, fit);
  // FullCalendar stretches slots to fill the frame: labels are spaced by the width they will really have.
  const drawnWidth = timeline > 0 && slots > 0 ? Math.max(slotWidth, timeline / slots) : slotWidth;
  const step = labelStepOf(unit, drawnWidth, twentyFourHour, unit === 'week' ? windowHours(dayWindow) : unit === 'day' ? slots : undefined);
  const dayWidth = drawnWidth * windowHours(dayWindow);
  return {
    slotMinTime: shown.start,
    slotMaxTime: shown.end,
    scrollTime: unit === 'day' && visibleHours ? visibleHours.start : duration(Math.max(0, minutesOf(dayWindow.start) - (unit === 'day' ? 60 : 0))),
    slotWidth,
    labelInterval: unit === 'month' ? { days: step } : duration(step * (unit === 'day' ? 30 : 60)),
    weekDayLabel: dayWidth >= 100 ? 'long' : dayWidth >= 72 ? 'short' : 'narrow',
  };
}
