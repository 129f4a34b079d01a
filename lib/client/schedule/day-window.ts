import type { BoardTask, DayWindow } from '@/lib/contract/schedule-board';
import { toWallClock } from './wall-clock';

/** The hours the week shows when no worker has working hours (feature 2 off, or no template anywhere). */
export const defaultDayWindow: DayWindow = { start: '07:00', end: '19:00' };

const dayMinutes = 24 * 60;
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const timeOf = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The wall-clock minutes of the day a task covers: a task that runs past midnight covers the end of one day and the start of the next. */
function taskMinutes(task: BoardTask, timeZone: string): { start: number; end: number } | null {
  if (task.start === null) return null;
  const start = toWallClock(task.start, timeZone);
  const end = toWallClock(new Date(Date.parse(task.start) + task.durationMins * 60_000), timeZone);
  const startMinutes = start.getUTCHours() * 60 + start.getUTCMinutes();
  const endMinutes = end.getUTCHours() * 60 + end.getUTCMinutes();
  const sameDay = start.toISOString().slice(0, 10) === end.toISOString().slice(0, 10);
  if (sameDay) return { start: startMinutes, end: Math.max(endMinutes, startMinutes) };
  // Ending exactly at the next midnight stays within its own day.
  if (endMinutes === 0 && end.getTime() - start.getTime() <= dayMinutes * 60_000) return { start: startMinutes, end: dayMinutes };
  return { start: 0, end: dayMinutes };
}

/**
 * The hours of each day the week shows: the workers' hours (or 07:00–19:00 when none are known), widened to whole
 * hours and to every task given, so no bar is ever hidden outside the window. Answers `base` itself when nothing
 * widens it, so a caller can tell that nothing changed.
 */
export function dayWindowOf(base: DayWindow | null, tasks: Iterable<BoardTask>, timeZone: string): DayWindow {
  const window = base ?? defaultDayWindow;
  let start = Math.floor(minutesOf(window.start) / 60) * 60;
  let end = Math.min(dayMinutes, Math.ceil(minutesOf(window.end) / 60) * 60);
  for (const task of tasks) {
    const covered = taskMinutes(task, timeZone);
    if (!covered) continue;
    start = Math.min(start, Math.floor(covered.start / 60) * 60);
    end = Math.max(end, Math.ceil(covered.end / 60) * 60);
  }
  if (end <= start) end = Math.min(dayMinutes, start + 60);
  const widened = { start: timeOf(start), end: timeOf(end) };
  return widened.start === window.start && widened.end === window.end ? window : widened;
}

/** How many hours the window spans. */
export const windowHours = (window: DayWindow) => (minutesOf(window.end) - minutesOf(window.start)) / 60;
