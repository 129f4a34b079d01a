import { cellsPerDay, cellsToHours, hoursToCells, weekDays, type DayKey } from '@/lib/contract/working-hours';

/** A cell of the week grid: the row (0 = Monday … 6 = Sunday) and the half-hour column (0 … 47). */
export interface GridPoint {
  day: number;
  cell: number;
}

/** The week's cells, one row of 48 per weekday, Monday first. */
export type WeekCells = boolean[][];

/** A drag in progress: where it started, where the pointer is now, and whether it selects or clears. */
export interface GridDrag {
  anchor: GridPoint;
  current: GridPoint;
  select: boolean;
}

export function weekCellsOf(value: Readonly<Record<DayKey, string>>): WeekCells {
  return weekDays.map((day) => hoursToCells(value[day] ?? ' '));
}

/** A drag starting on an unselected cell selects; one starting on a selected cell clears. */
export function startDrag(cells: WeekCells, anchor: GridPoint): GridDrag {
  return { anchor, current: anchor, select: !cells[anchor.day][anchor.cell] };
}

/** The rectangle between the drag's start and its current cell, on every day row it crosses. */
export function applyDrag(base: WeekCells, drag: GridDrag): WeekCells {
  const [firstDay, lastDay] = [drag.anchor.day, drag.current.day].sort((a, b) => a - b);
  const [firstCell, lastCell] = [drag.anchor.cell, drag.current.cell].sort((a, b) => a - b);
  return base.map((row, day) =>
    day < firstDay || day > lastDay
      ? row
      : row.map((selected, cell) => (cell >= firstCell && cell <= lastCell ? drag.select : selected)),
  );
}

export function toggleCell(base: WeekCells, point: GridPoint): WeekCells {
  return applyDrag(base, startDrag(base, point));
}

export function clearDay(base: WeekCells, day: number): WeekCells {
  return base.map((row, index) => (index === day ? row.map(() => false) : row));
}

/**
 * The hours text per weekday after an edit. Days whose cells did not change keep their text as it came, so an edit
 * of Monday never rewrites Tuesday's stored text.
 */
export function hoursAfterEdit(
  value: Readonly<Record<DayKey, string>>,
  before: WeekCells,
  after: WeekCells,
): Record<DayKey, string> {
  const next = { ...value } as Record<DayKey, string>;
  weekDays.forEach((day, index) => {
    const changed = after[index].some((selected, cell) => selected !== before[index][cell]);
    if (changed || next[day] === undefined) next[day] = cellsToHours(after[index]);
  });
  return next;
}

/** The grid cell under a document point, read from the data attributes the grid puts on its cell buttons. */
export function gridPointOf(element: Element | null): GridPoint | null {
  const cellElement = element?.closest<HTMLElement>('[data-grid-day][data-grid-cell]');
  if (!cellElement) return null;
  const day = Number(cellElement.dataset.gridDay);
  const cell = Number(cellElement.dataset.gridCell);
  if (!Number.isInteger(day) || !Number.isInteger(cell) || day < 0 || day > 6 || cell < 0 || cell >= cellsPerDay) return null;
  return { day, cell };
}

/** Arrow keys, Home and End move the focus cell, staying inside the week. */
export function movedFocus(point: GridPoint, key: string): GridPoint | null {
  const clampCell = (cell: number) => Math.min(cellsPerDay - 1, Math.max(0, cell));
  const clampDay = (day: number) => Math.min(weekDays.length - 1, Math.max(0, day));
  switch (key) {
    case 'ArrowLeft':
      return { day: point.day, cell: clampCell(point.cell - 1) };
    case 'ArrowRight':
      return { day: point.day, cell: clampCell(point.cell + 1) };
    case 'ArrowUp':
      return { day: clampDay(point.day - 1), cell: point.cell };
    case 'ArrowDown':
      return { day: clampDay(point.day + 1), cell: point.cell };
    case 'Home':
      return { day: point.day, cell: 0 };
    case 'End':
      return { day: point.day, cell: cellsPerDay - 1 };
    default:
      return null;
  }
}

const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** '08:30–09:00': the span of one half-hour cell, for its accessible name. */
export function cellSpan(cell: number): string {
  return `${clock(cell * 30)}–${clock((cell + 1) * 30)}`;
}
