'use client';

import { useEffect, useState } from 'react';
import { api } from '@/lib/client/api';
import type { TaskTypeView } from '@/lib/contract/task-types';
import type { TaskView } from '@/lib/contract/tasks';

/**
 * The task's own task type when it was deleted: the pickers' lists leave deleted types out, but the task keeps its
 * type, so the form still needs that type's custom fields (GET task-types/{id} answers deleted types too).
 */
export function useKeptTaskType(task: TaskView | null, liveTypes: readonly TaskTypeView[]): TaskTypeView | null {
  const [kept, setKept] = useState<TaskTypeView | null>(null);
  const typeId = task?.typeId ?? null;
  const missing = typeId !== null && !liveTypes.some((type) => type.id === typeId);

  useEffect(() => {
    if (!missing || typeId === null) return;
    let current = true;
    api<TaskTypeView>(`task-types/${typeId}`)
      .then((type) => {
        if (current) setKept(type);
      })
      .catch(() => {
        // Without the type the form shows no custom fields, as before; the task itself stays usable.
      });
    return () => {
      current = false;
    };
  }, [missing, typeId]);

  return missing && kept?.id === typeId ? kept : null;
}
