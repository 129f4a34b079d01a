'use client';

import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import type { BoardTask } from '@/lib/contract/schedule-board';
import { eventColourOf } from '@/lib/client/schedule/status-colours';
import { createDoubleClick } from '@/lib/client/schedule/double-click';

/** Rows drawn at most: thousands of unscheduled tasks stay fast, and the filter finds the others. */
export const panelRowLimit = 100;

export interface PanelRowText {
  /** Extra text shown under the title (the planned date) and matched by the filter. */
  detail?: string;
}

/**
 * A side panel of tasks to plan: a filter, the first rows that match, each a drag source onto the grid (FullCalendar's
 * Draggable) that opens the task on a double click. Collapsed, it keeps only its title bar.
 */
export const TaskPanel = memo(function TaskPanel({
  side,
  title,
  tasks,
  filterLabel,
  matches,
  detailOf,
  server,
  onOpenTask,
}: {
  side: 'left' | 'right';
  title: string;
  tasks: BoardTask[];
  filterLabel: string;
  /** Whether a task matches the lower-cased filter text. */
  matches: (task: BoardTask, text: string) => boolean;
  detailOf?: (task: BoardTask) => string;
  /**
   * A panel filtered on the server (the unscheduled one, thousands of tasks): `tasks` is the page for the filter
   * already, `total` how many match in all, and each change of the filter text is handed to `onFilterChange`.
   */
  server?: { total: number; onFilterChange: (text: string) => void };
  onOpenTask: (taskId: number) => void;
}) {
  const t = useTranslations('schedule.panels');
  const [collapsed, setCollapsed] = useState(false);
  const [filter, setFilter] = useState('');
  const listRef = useRef<HTMLUListElement>(null);
  const [doubleClick] = useState(() => createDoubleClick());

  const shown = useMemo(() => {
    if (server) return { rows: tasks.slice(0, panelRowLimit), total: Math.max(server.total, tasks.length) };
    const text = filter.trim().toLowerCase();
    const found = text ? tasks.filter((task) => matches(task, text)) : tasks;
    return { rows: found.slice(0, panelRowLimit), total: found.length };
  }, [tasks, filter, matches, server]);

  useEffect(() => {
    const list = listRef.current;
    if (!list || collapsed) return;
    let draggable: { destroy(): void } | null = null;
    let live = true;
    // Loaded with the grid's chunk, not on the server: FullCalendar only runs in the browser.
    void import('@fullcalendar/interaction').then(({ Draggable }) => {
      if (!live) return;
      draggable = new Draggable(list, {
      itemSelector: '[data-drag-task]',
        eventData: (element) => ({
          title: element.dataset.title ?? '',
          duration: { minutes: Number(element.dataset.duration) || 60 },
          create: true,
          extendedProps: { taskId: Number(element.dataset.dragTask) },
        }),
      });
    });
    return () => {
      live = false;
      draggable?.destroy();
    };
  }, [collapsed]);

  const onClick = (taskId: number) => {
    if (doubleClick(String(taskId))) onOpenTask(taskId);
  };

  const headingId = `board-panel-${side}`;
  const Toggle = (side === 'left') === collapsed ? ChevronRight : ChevronLeft;
  return (
    <section
      aria-labelledby={headingId}
      data-testid={`board-panel-${side === 'left' ? 'unscheduled' : 'unassigned'}`}
      className={`flex min-h-0 flex-col rounded-md border border-slate-200 bg-white ${collapsed ? 'w-10' : 'w-72'} shrink-0`}
    >
      <div className={`flex items-center gap-1 border-b border-slate-200 px-2 py-2 ${collapsed ? 'flex-col' : ''}`}>
        <button
          type="button"
          className="rounded p-1 text-slate-500 hover:bg-slate-100"
          aria-expanded={!collapsed}
          aria-controls={`${headingId}-body`}
          aria-label={collapsed ? t('expand', { panel: title }) : t('collapse', { panel: title })}
          title={collapsed ? t('expand', { panel: title }) : t('collapse', { panel: title })}
          onClick={() => setCollapsed((value) => !value)}
        >
          <Toggle size={16} aria-hidden />
        </button>
        <h2 id={headingId} className={`text-sm font-semibold text-slate-800 ${collapsed ? '[writing-mode:vertical-rl]' : ''}`}>
          {title} <span className="font-normal text-slate-500">({server ? shown.total : tasks.length})</span>
        </h2>
      </div>
      {collapsed ? null : (
        <div id={`${headingId}-body`} className="flex min-h-0 flex-1 flex-col gap-2 p-2">
          <input
            type="search"
            aria-label={filterLabel}
            placeholder={filterLabel}
            value={filter}
            onChange={(event) => {
              setFilter(event.target.value);
              server?.onFilterChange(event.target.value);
            }}
            className="rounded-md border border-slate-300 px-2 py-1.5 text-sm outline-none focus:ring-2 focus:ring-brand/40"
          />
          <ul ref={listRef} className="flex min-h-0 flex-1 flex-col gap-1.5 overflow-y-auto" aria-label={title}>
            {shown.rows.map((task) => (
              <li
                key={task.id}
                data-drag-task={task.id}
                data-title={`#${task.referenceNumber} ${task.title}`}
                data-duration={task.durationMins}
                tabIndex={0}
                className="cursor-grab rounded border border-slate-200 border-l-4 bg-white px-2 py-1.5 text-xs text-slate-700 hover:bg-slate-50 focus:outline-none focus:ring-2 focus:ring-brand/40"
                style={{ borderLeftColor: eventColourOf(task.statusId, task.cancelled) }}
                onClick={() => onClick(task.id)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') onOpenTask(task.id);
                }}
              >
                <div className="font-medium text-slate-900">
                  #{task.referenceNumber} · {task.typeName}
                </div>
                <div className="truncate" title={task.title}>
                  {task.title}
                </div>
                {detailOf ? <div className="text-slate-500">{detailOf(task)}</div> : null}
              </li>
            ))}
          </ul>
          {shown.total === 0 ? <p className="text-xs text-slate-500">{t('empty')}</p> : null}
          {shown.total > shown.rows.length ? (
            <p className="text-xs text-slate-500" role="status">
              {t('capped', { shown: shown.rows.length, total: shown.total })}
            </p>
          ) : null}
        </div>
      )}
    </section>
  );
});
