'use client';

import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { taskDrawerKeys, type TaskResource } from '@/lib/client/query-keys';

/**
 * One thing a drawer tab reads about its task (its files, notes, signatures or history): read when the tab opens,
 * again whenever `taskId` or, when given, `updated` moves, and on `reload()` after the tab's own changes. `data` is
 * null until the shown task's first answer; while the same task is read again its last answer stays on screen.
 */
export function useTaskResource<T>(resource: TaskResource, load: (taskId: number) => Promise<T>, taskId: number, updated?: string) {
  const query = useQuery({
    queryKey: taskDrawerKeys.resource(resource, taskId, updated ?? null),
    queryFn: () => load(taskId),
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === taskId ? previous : undefined),
  });
  const { refetch } = query;
  const reload = useCallback(async () => {
    await refetch();
  }, [refetch]);
  return { data: query.data ?? null, failed: query.isError, reload };
}
