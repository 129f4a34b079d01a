'use client';

import { useEffect } from 'react';
import { isNewer, onTaskChange } from '@/lib/client/live-updates';
import type { BoardStore } from '@/lib/client/schedule/board-store';
import { isTaskView, toBoardTask } from '@/lib/client/schedule/board-task';

/**
 * Changes from other dispatchers and workers, through the shell's one stream: a newer version moves its bar (or
 * panel row) without a reload, a task that left the range or the panels goes, and a stale or replayed one is ignored.
 */
export function useLiveBoard(store: BoardStore): void {
  useEffect(
    () =>
      onTaskChange((change) => {
        if (change.kind === 'deleted') {
          store.remove(change.taskId);
          return;
        }
        if (!isTaskView(change.task)) return;
        const incoming = toBoardTask(change.task);
        const held = store.get(incoming.id);
        if (held && !isNewer(incoming, held)) return;
        store.put(incoming);
      }),
    [store],
  );
}
