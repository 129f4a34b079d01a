import type { BoardUnit } from './range';

/**
 * Zoom is the width of one grid slot, in levels: 10 is the narrowest (the spec's minimum zoom level), 16 the widest,
 * 13 where each unit starts. Each level widens a slot by 30 %. Slots are half an hour in the day view (the spec's
 * 48 cells a day), an hour in the week view and a day in the month view; zoom never changes what a slot stands for,
 * so drops keep the same precision at every level.
 */
export const zoomLevels = { min: 10, max: 16, initial: 13 } as const;

export const slotDurationOf: Record<BoardUnit, string | { days: number }> = { day: '00:30', week: '01:00', month: { days: 1 } };

/** Slot width at the initial level: the week's 168 hours stay readable at 24 px each, with the grid scrolling. */
const baseWidth: Record<BoardUnit, number> = { day: 40, week: 24, month: 56 };

export function clampZoom(level: number): number {
  return Math.min(zoomLevels.max, Math.max(zoomLevels.min, Math.round(level)));
}

export function slotWidthOf(unit: BoardUnit, level: number): number {
  return Math.round(baseWidth[unit] * 1.3 ** (clampZoom(level) - zoomLevels.initial));
}
