'use client';

// A minimal stand-in written by the board's helper so the board runs; the sched-drop branch owns this file and
// replaces it (same path, same interface) with the real one: dialogs, confirmations and every refusal explained.
import { useTranslations } from 'next-intl';
import { useCallback, useMemo, type ReactNode } from 'react';
import { toast } from 'sonner';
import { api, ApiError } from '@/lib/client/api';
import type { BoardTask } from '@/lib/contract/schedule-board';
import type { TaskView } from '@/lib/contract/tasks';

export interface ScheduleChange {
  task: BoardTask;
  assigneeId: number;
  start: Date;
  durationMins: number;
  kind: 'drop' | 'move';
}

export type ScheduleOutcome =
  | { kind: 'saved'; task: TaskView }
  | { kind: 'refused' }
  | { kind: 'cancelled' }
  | { kind: 'stale'; task: TaskView | null }
  | { kind: 'failed' };

async function currentTask(id: number): Promise<TaskView | null> {
  try {
    return await api<TaskView>(`tasks/${id}`);
  } catch {
    return null;
  }
}

export function useScheduleWrite(): {
  schedule(change: ScheduleChange): Promise<ScheduleOutcome>;
  unassign(task: BoardTask): Promise<ScheduleOutcome>;
  dialogs: ReactNode;
} {
  const t = useTranslations('schedule.write');

  const outcomeOf = useCallback(
    async (error: unknown, id: number): Promise<ScheduleOutcome> => {
      if (error instanceof ApiError && error.status === 409) {
        toast.error(t('stale'));
        return { kind: 'stale', task: await currentTask(id) };
      }
      if (error instanceof ApiError && error.status === 422) {
        toast.error(t('refused'), { description: error.message });
        return { kind: 'refused' };
      }
      return { kind: 'failed' };
    },
    [t],
  );

  const schedule = useCallback(
    async (change: ScheduleChange): Promise<ScheduleOutcome> => {
      try {
        const task = await api<TaskView>(`tasks/${change.task.id}/schedule`, {
          method: 'PUT',
          json: {
            date: change.start.toISOString(),
            durationMins: change.durationMins,
            assigneeId: change.assigneeId,
            updated: change.task.updated,
          },
          quietStatuses: [422],
        });
        return { kind: 'saved', task };
      } catch (error) {
        return outcomeOf(error, change.task.id);
      }
    },
    [outcomeOf],
  );

  const unassign = useCallback(
    async (task: BoardTask): Promise<ScheduleOutcome> => {
      try {
        const saved = await api<TaskView>(`tasks/${task.id}/schedule`, {
          method: 'DELETE',
          json: { updated: task.updated },
          quietStatuses: [422],
        });
        return { kind: 'saved', task: saved };
      } catch (error) {
        return outcomeOf(error, task.id);
      }
    },
    [outcomeOf],
  );

  return useMemo(() => ({ schedule, unassign, dialogs: null }), [schedule, unassign]);
}
