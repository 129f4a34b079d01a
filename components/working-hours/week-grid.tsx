'use client';

import { RotateCcw } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import { cellsPerDay, weekDays, type DayKey } from '@/lib/contract/working-hours';
import {
  applyDrag,
  cellSpan,
  clearDay,
  gridPointOf,
  hoursAfterEdit,
  movedFocus,
  startDrag,
  toggleCell,
  weekCellsOf,
  type GridDrag,
  type GridPoint,
  type WeekCells,
} from './week-grid-selection';

interface ActiveDrag {
  pointerId: number;
  base: WeekCells;
  drag: GridDrag;
}

/** Weekday names in the user's language, Monday first: 1 January 2024 was a Monday. */
function weekdayNames(locale: string): string[] {
  const format = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
  return weekDays.map((_, index) => {
    const name = format.format(new Date(Date.UTC(2024, 0, 1 + index)));
    return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
  });
}

const hours = Array.from({ length: 24 }, (_, hour) => hour);
const columns = Array.from({ length: cellsPerDay }, (_, cell) => cell);
const gridColumns = { gridTemplateColumns: `minmax(6rem, 8rem) repeat(${cellsPerDay}, minmax(0, 1fr)) 2rem` };

/**
 * The week as seven rows of 48 half-hour cells (spec 02 §9). Cells are chosen by pressing and dragging with a mouse,
 * a pen or a finger: the drag marks the rectangle between its first and current cell, selecting when it started on an
 * empty cell and clearing when it started on a chosen one. Each cell is also a toggle button for the keyboard.
 */
export function WeekGrid({
  value,
  onChange,
  disabled = false,
  dayCaptions,
  label,
}: {
  value: Record<DayKey, string>;
  onChange: (next: Record<DayKey, string>) => void;
  disabled?: boolean;
  dayCaptions?: Partial<Record<DayKey, string>>;
  label: string;
}) {
  const t = useTranslations('workingHours.grid');
  const locale = useLocale();
  const dayNames = useMemo(() => weekdayNames(locale), [locale]);
  const cells = useMemo(() => weekCellsOf(value), [value]);
  const [active, setActive] = useState<ActiveDrag | null>(null);
  const [focusPoint, setFocusPoint] = useState<GridPoint>({ day: 0, cell: 16 });
  const gridRef = useRef<HTMLDivElement>(null);
  const activeRef = useRef<ActiveDrag | null>(null);
  const latest = useRef({ value, onChange });
  useEffect(() => {
    latest.current = { value, onChange };
  });

  const shown = active ? applyDrag(active.base, active.drag) : cells;
  const dragging = active !== null;

  const commit = (before: WeekCells, after: WeekCells) =>
    latest.current.onChange(hoursAfterEdit(latest.current.value, before, after));

  const setDrag = (next: ActiveDrag | null) => {
    activeRef.current = next;
    setActive(next);
  };

  // Touch pointers stay captured by the cell they went down on, so the cell under the finger is found by position.
  useEffect(() => {
    if (!dragging) return;
    const follow = (event: globalThis.PointerEvent) => {
      const current = activeRef.current;
      if (!current || event.pointerId !== current.pointerId) return;
      const point = gridPointOf(document.elementFromPoint(event.clientX, event.clientY));
      if (!point || (point.day === current.drag.current.day && point.cell === current.drag.current.cell)) return;
      setDrag({ ...current, drag: { ...current.drag, current: point } });
    };
    const finish = (event: globalThis.PointerEvent) => {
      const current = activeRef.current;
      if (!current || event.pointerId !== current.pointerId) return;
      setDrag(null);
      if (event.type === 'pointerup') commit(current.base, applyDrag(current.base, current.drag));
    };
    document.addEventListener('pointermove', follow);
    document.addEventListener('pointerup', finish);
    document.addEventListener('pointercancel', finish);
    return () => {
      document.removeEventListener('pointermove', follow);
      document.removeEventListener('pointerup', finish);
      document.removeEventListener('pointercancel', finish);
    };
  }, [dragging]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (disabled || activeRef.current || (event.pointerType === 'mouse' && event.button !== 0)) return;
    const target = event.target as Element;
    const point = gridPointOf(target);
    if (!point) return;
    // Keeps the browser from starting a text selection; the cell takes the focus by hand instead.
    event.preventDefault();
    if (target.hasPointerCapture(event.pointerId)) target.releasePointerCapture(event.pointerId);
    setFocusPoint(point);
    focusCell(point);
    setDrag({ pointerId: event.pointerId, base: cells, drag: startDrag(cells, point) });
  };

  const focusCell = (point: GridPoint) =>
    gridRef.current
      ?.querySelector<HTMLButtonElement>(`[data-grid-day="${point.day}"][data-grid-cell="${point.cell}"]`)
      ?.focus();

  // A click from the keyboard (Space or Enter) has no pointer press behind it: detail is 0.
  const onCellClick = (event: MouseEvent<HTMLButtonElement>, point: GridPoint) => {
    if (disabled || event.detail !== 0) return;
    commit(cells, toggleCell(cells, point));
  };

  const onCellKeyDown = (event: KeyboardEvent<HTMLButtonElement>, point: GridPoint) => {
    const next = movedFocus(point, event.key);
    if (!next) return;
    event.preventDefault();
    setFocusPoint(next);
    focusCell(next);
  };

  const resetDay = (day: number) => commit(cells, clearDay(cells, day));
  const resetAll = () => commit(cells, cells.map((row) => row.map(() => false)));
  const nothingChosen = cells.every((row) => row.every((selected) => !selected));

  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-end">
        <button
          type="button"
          onClick={resetAll}
          disabled={disabled || nothingChosen}
          className="inline-flex items-center gap-1 rounded px-2 py-1 text-xs text-slate-600 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-300"
        >
          <RotateCcw size={14} aria-hidden />
          {t('resetAll')}
        </button>
      </div>
      <div
        ref={gridRef}
        role="group"
        aria-label={label}
        onPointerDown={onPointerDown}
        className="touch-none select-none"
      >
        <div className="grid items-end" style={gridColumns} aria-hidden>
          <span />
          {hours.map((hour) => (
            <span key={hour} className="col-span-2 border-l border-slate-300 pl-0.5 text-[10px] leading-4 text-slate-500">
              {String(hour).padStart(2, '0')}
            </span>
          ))}
          <span />
        </div>
        {weekDays.map((day, dayIndex) => {
          const dayName = dayNames[dayIndex];
          const caption = dayCaptions?.[day];
          const dayEmpty = cells[dayIndex].every((selected) => !selected);
          return (
            <div key={day} role="group" aria-label={dayName} className="grid items-stretch" style={gridColumns}>
              <div className="flex flex-col justify-center pr-2 text-xs leading-tight">
                <span className="font-medium text-slate-800">{dayName}</span>
                {caption ? <span className="text-slate-500">{caption}</span> : null}
              </div>
              {columns.map((cell) => {
                const point = { day: dayIndex, cell };
                const selected = shown[dayIndex][cell];
                const focusable = focusPoint.day === dayIndex && focusPoint.cell === cell;
                return (
                  <button
                    key={cell}
                    type="button"
                    data-grid-day={dayIndex}
                    data-grid-cell={cell}
                    aria-pressed={selected}
                    aria-label={`${dayName} ${cellSpan(cell)}`}
                    tabIndex={focusable ? 0 : -1}
                    disabled={disabled}
                    onClick={(event) => onCellClick(event, point)}
                    onKeyDown={(event) => onCellKeyDown(event, point)}
                    onFocus={() => setFocusPoint(point)}
                    className={`h-8 border-y border-slate-200 focus-visible:relative focus-visible:z-10 focus-visible:outline-2 focus-visible:outline-slate-900 disabled:cursor-not-allowed ${
                      cell % 2 === 0 ? 'border-l border-l-slate-300' : 'border-l border-l-slate-100'
                    } ${selected ? 'bg-brand disabled:bg-brand/50' : 'bg-slate-50 hover:bg-brand/20 disabled:bg-slate-100'}`}
                  />
                );
              })}
              <button
                type="button"
                onClick={() => resetDay(dayIndex)}
                disabled={disabled || dayEmpty}
                aria-label={t('resetDay', { day: dayName })}
                title={t('resetDay', { day: dayName })}
                className="ml-1 inline-flex items-center justify-center rounded text-slate-500 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-300"
              >
                <RotateCcw size={14} aria-hidden />
              </button>
            </div>
          );
        })}
      </div>
    </div>
  );
}
