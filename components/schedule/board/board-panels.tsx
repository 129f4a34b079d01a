'use client';

import { useTranslations } from 'next-intl';
import { memo, useCallback, useMemo } from 'react';
import { formatInstant, type ClockPreferences } from '@/lib/client/task-history/log-format';
import { matchesUnscheduledFilter } from '@/lib/client/schedule/board-store';
import type { BoardTask } from '@/lib/contract/schedule-board';
import { TaskPanel } from './task-panel';

const matchesTypeOrReference = matchesUnscheduledFilter;

/**
 * The two side panels (spec 2.1): left the unscheduled tasks, filtered by type name and reference on the server
 * (there may be thousands; the board holds a page); right the unassigned ones of the range, filtered in the browser
 * by type, reference and the planned date as it is shown.
 */
export const BoardPanels = memo(function BoardPanels({
  side,
  tasks,
  unscheduled,
  timeZone,
  clock,
  onOpenTask,
}: {
  side: 'left' | 'right';
  tasks: BoardTask[];
  /** The left panel's server filter: how many match in all, and where a new filter text goes. */
  unscheduled?: { total: number; onFilterChange: (text: string) => void };
  timeZone: string;
  clock: ClockPreferences;
  onOpenTask: (taskId: number) => void;
}) {
  const t = useTranslations('schedule.panels');
  // Dates on the board's clock: the tenant's zone, the user's language and 12/24-hour choice.
  const boardClock = useMemo(() => ({ ...clock, timeZone }), [clock, timeZone]);
  const dateOf = useCallback((task: BoardTask) => (task.start ? formatInstant(task.start, boardClock) : ''), [boardClock]);
  const matchesWithDate = useCallback(
    (task: BoardTask, text: string) => matchesTypeOrReference(task, text) || dateOf(task).toLowerCase().includes(text),
    [dateOf],
  );
  if (side === 'left') {
    return (
      <TaskPanel
        side="left"
        title={t('unscheduled')}
        tasks={tasks}
        filterLabel={t('unscheduledFilter')}
        matches={matchesTypeOrReference}
        server={unscheduled}
        onOpenTask={onOpenTask}
      />
    );
  }
  return (
    <TaskPanel
      side="right"
      title={t('unassigned')}
      tasks={tasks}
      filterLabel={t('unassignedFilter')}
      matches={matchesWithDate}
      detailOf={dateOf}
      onOpenTask={onOpenTask}
    />
  );
});
