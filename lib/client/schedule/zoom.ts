import type { BoardUnit } from './range';

/**
 * Zoom is the width of one grid slot, in levels: 10 is the narrowest (the spec's minimum zoom level), 16 the widest.
 * Slots are half an hour in the day view (the spec's 48 cells a day), an hour in the week view and a day in the
 * month view; zoom never changes what a slot stands for, so drops keep the same precision at every level.
 *
 * The week starts at the narrowest level, where its seven working days fit the grid's width (the dispatcher's
 * overview); each level in widens an hour by half and the grid scrolls. The day and the month start in the middle
 * (13), each level 30 % wider, and never narrower than what fills the grid.
 */
export const zoomLevels = { min: 10, max: 16, initial: 13 } as const;

export const initialZoomOf = (unit: BoardUnit): number => (unit === 'week' ? zoomLevels.min : zoomLevels.initial);

export const slotDurationOf: Record<BoardUnit, string | { days: number }> = { day: '00:30', week: '01:00', month: { days: 1 } };

/** Slot width at level 13 in the day and month views. */
const baseWidth: Record<Exclude<BoardUnit, 'week'>, number> = { day: 40, month: 56 };

/** Before the grid has been measured, the week's fitting width is a guess: a 1,280 px screen's. */
const fallbackFit = 6;

export function clampZoom(level: number): number {
  return Math.min(zoomLevels.max, Math.max(zoomLevels.min, Math.round(level)));
}

/**
 * The slot's width in pixels at a level; `fit` is the width at which the unit's slots exactly fill the grid (0 when
 * not measured yet).
 */
export function slotWidthOf(unit: BoardUnit, level: number, fit = 0): number {
  if (unit === 'week') return Math.floor((fit > 0 ? fit : fallbackFit) * 1.5 ** (clampZoom(level) - zoomLevels.min));
  return Math.max(fit, Math.round(baseWidth[unit] * 1.3 ** (clampZoom(level) - zoomLevels.initial)));
}

/**
 * The widest a slot's time label is drawn, with its padding: '07' or '7 pm' in the week's hour row, '07:00' or
 * '10:30 pm' in the day view, 'W 12' in the month. Labels are placed at least this far apart.
 */
function labelWidthOf(unit: BoardUnit, twentyFourHour: boolean): number {
  if (unit === 'week') return twentyFourHour ? 34 : 52;
  if (unit === 'day') return twentyFourHour ? 52 : 76;
  return 40;
}

/** Label steps, in slots: hours and half hours that divide a day (24 h), days in the month. */
const labelSteps: Record<BoardUnit, readonly number[]> = {
  day: [1, 2, 4, 6, 8, 12],
  week: [1, 2, 3, 4, 6, 12],
  month: [1, 2, 7],
};

/**
 * Every how many slots a time label goes so that no two labels overlap: the smallest step whose labels are at least
 * a label's width apart. With `rowSlots` (the slots in one run of labels: a week's day, the day view's window) the
 * last label of the run must have that room too, before the next day's first label; when no step leaves it, one
 * label a run.
 */
export function labelStepOf(unit: BoardUnit, slotWidth: number, twentyFourHour: boolean, rowSlots?: number): number {
  const room = labelWidthOf(unit, twentyFourHour);
  const fits = (step: number) => {
    // Each slot gives up a pixel to its border line: a cell of `step` slots holds that much less text.
    if (step * (slotWidth - 1) < room) return false;
    if (rowSlots === undefined || step >= rowSlots) return true;
    const last = rowSlots % step;
    return last === 0 || last * (slotWidth - 1) >= room;
  };
  // FullCalendar counts label steps on from the first, across the week's days: a step must divide the day (24 h) for
  // each day's labels to start at the window's start, so one label a day is a 24-hour step.
  const oneARun = unit === 'week' ? 24 : rowSlots;
  const steps = oneARun === undefined ? labelSteps[unit] : [...labelSteps[unit].filter((step) => step < oneARun), oneARun];
  return steps.find(fits) ?? steps[steps.length - 1];
}
