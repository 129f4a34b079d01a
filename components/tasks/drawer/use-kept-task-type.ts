'use client';

import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/client/api';
import { taskTypeKeys } from '@/lib/client/query-keys';
import type { TaskTypeView } from '@/lib/contract/task-types';
import type { TaskView } from '@/lib/contract/tasks';

/**
 * The task's own task type when it was deleted: the pickers' lists leave deleted types out, but the task keeps its
 * type, so the form still needs that type's custom fields (GET task-types/{id} answers deleted types too).
 */
export function useKeptTaskType(task: TaskView | null, liveTypes: readonly TaskTypeView[]): TaskTypeView | null {
  const typeId = task?.typeId ?? null;
  const missing = typeId !== null && !liveTypes.some((type) => type.id === typeId);
  // Without the type the form shows no custom fields, as before; the task itself stays usable.
  const { data: kept } = useQuery({
    queryKey: taskTypeKeys.one(typeId ?? 0),
    queryFn: () => api<TaskTypeView>(`task-types/${typeId}`),
    enabled: missing,
  });
  return missing && kept?.id === typeId ? kept : null;
}
