'use client';

import { useCallback } from 'react';
import type { ScheduleOutcome } from '@/components/schedule/drop/use-schedule-write';
import { useScheduleWrite } from '@/components/schedule/drop/use-schedule-write';
import { isNewer } from '@/lib/client/live-updates';
import type { BoardStore } from '@/lib/client/schedule/board-store';
import { toBoardTask } from '@/lib/client/schedule/board-task';
import type { BoardTask } from '@/lib/contract/schedule-board';

/**
 * Writes from the board: the task moves on the board at once, the write hook decides, and the outcome settles it —
 * kept (as saved) on 'saved', put back on 'refused' | 'cancelled' | 'failed', the current state shown on 'stale'.
 * A newer version that arrived from the live stream meanwhile is never overwritten by the rollback.
 */
export function useBoardActions(store: BoardStore) {
  const write = useScheduleWrite();

  const settle = useCallback(
    (before: BoardTask, optimistic: BoardTask, outcome: ScheduleOutcome) => {
      const held = store.get(before.id);
      const untouched = held === optimistic;
      if (outcome.kind === 'saved') {
        const saved = toBoardTask(outcome.task);
        if (untouched || !held || isNewer(saved, held)) store.put(saved);
      } else if (outcome.kind === 'stale') {
        if (!outcome.task) store.remove(before.id);
        else {
          const current = toBoardTask(outcome.task);
          if (untouched || !held || isNewer(current, held)) store.put(current);
        }
      } else if (untouched) {
        store.put(before);
      }
    },
    [store],
  );

  const move = useCallback(
    async (task: BoardTask, assigneeId: number, start: Date, durationMins: number, kind: 'drop' | 'move') => {
      const optimistic: BoardTask = { ...task, assigneeId, start: start.toISOString(), durationMins };
      store.put(optimistic);
      settle(task, optimistic, await write.schedule({ task, assigneeId, start, durationMins, kind }));
    },
    [store, settle, write],
  );

  const unassign = useCallback(
    async (task: BoardTask) => {
      const optimistic: BoardTask = { ...task, assigneeId: null };
      store.put(optimistic);
      settle(task, optimistic, await write.unassign(task));
    },
    [store, settle, write],
  );

  return { move, unassign, dialogs: write.dialogs };
}
