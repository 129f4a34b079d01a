'use client';

import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { api } from '@/lib/client/api';
import { onTaskChange } from '@/lib/client/live-updates';
import { taskListKeys } from '@/lib/client/query-keys';
import { mergeTaskChange, sortTasks, type ListScope } from '@/lib/client/tasks/merge';
import type { ClientView } from '@/lib/contract/clients';
import type { CustomFieldView } from '@/lib/contract/custom-fields';
import type { CancellationReasonView } from '@/lib/contract/reference-data';
import type { TaskTypeView } from '@/lib/contract/task-types';
import type { TaskView } from '@/lib/contract/tasks';
import type { TaskListStart } from '@/lib/contract/task-list';

/** The part of GET users/me the list reads. */
export type ListUser = TaskListStart['user'];

export const meKey = taskListKeys.me;

export function useCurrentUser() {
  return useQuery({ queryKey: meKey, queryFn: () => api<ListUser>('users/me'), staleTime: Infinity });
}

/**
 * Puts what the server page already read into the cache, so the first render needs no request. The screen's earlier
 * copies go first: each opening reads the lists afresh, as the page's own cache did before the app shared one.
 */
export function seedTaskListQueries(client: QueryClient, start: TaskListStart): void {
  client.removeQueries({ queryKey: taskListKeys.all });
  client.setQueryData<ListUser>(meKey, start.user);
  client.setQueryData(taskListKeys.taskTypes, start.reference.taskTypes);
  client.setQueryData(taskListKeys.clients, start.reference.clients);
  client.setQueryData(taskListKeys.customFields, start.reference.customFields);
  client.setQueryData(taskListKeys.cancellationReasons, start.reference.cancellationReasons);
  if (start.scheduled) {
    const { from, to, tasks } = start.scheduled;
    client.setQueryData(tasksKey({ kind: 'scheduled', from, to }), tasks);
  }
}

export function tasksKey(scope: ListScope) {
  return scope.kind === 'unscheduled' ? taskListKeys.unscheduled : taskListKeys.scheduled(scope.from, scope.to);
}

function fetchTasks(scope: ListScope): Promise<TaskView[]> {
  if (scope.kind === 'unscheduled') return api<TaskView[]>('tasks/unscheduled');
  const query = new URLSearchParams({ appointmentFrom: scope.from, appointmentTo: scope.to });
  return api<TaskView[]>(`tasks/scheduled?${query}`);
}

/**
 * The tasks of the scope, sorted as the submenu wants, with live changes merged into the cached list. Disabled
 * until the scope is known (the scheduled range needs the tenant's today).
 */
export function useTasks(scope: ListScope | null) {
  const queryClient = useQueryClient();
  const key = scope ? tasksKey(scope) : taskListKeys.pending;
  const query = useQuery({
    queryKey: key,
    queryFn: () => (scope ? fetchTasks(scope) : Promise.resolve([])),
    enabled: scope !== null,
    staleTime: Infinity,
  });

  const scopeKey = JSON.stringify(scope);
  useEffect(() => {
    if (!scope) return;
    return onTaskChange((change) => {
      queryClient.setQueryData<readonly TaskView[]>(tasksKey(scope), (rows) =>
        rows ? mergeTaskChange(rows, change, scope) : rows,
      );
    });
    // The scope object is rebuilt on each render; its content is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scopeKey, queryClient]);

  const order = scope?.kind === 'unscheduled' ? 'createdDesc' : 'referenceDesc';
  const rows = useMemo(() => sortTasks(query.data ?? [], order), [query.data, order]);
  return { rows, isLoading: query.isPending && scope !== null, isFetching: query.isFetching, refetch: query.refetch };
}

/** Task types, clients, custom fields and cancellation reasons for the drawer's pickers and the modals. */
export function useReferenceData() {
  const taskTypes = useQuery({ queryKey: taskListKeys.taskTypes, queryFn: () => api<TaskTypeView[]>('task-types'), staleTime: 60_000 });
  const clients = useQuery({ queryKey: taskListKeys.clients, queryFn: () => api<ClientView[]>('clients'), staleTime: 60_000 });
  const customFields = useQuery({
    queryKey: taskListKeys.customFields,
    queryFn: () => api<CustomFieldView[]>('custom-field'),
    staleTime: 60_000,
  });
  const reasons = useQuery({
    queryKey: taskListKeys.cancellationReasons,
    queryFn: () => api<CancellationReasonView[]>('cancellation_reason'),
    staleTime: 60_000,
  });
  return {
    taskTypes: (taskTypes.data ?? []).filter((type) => !type.deleted),
    clients: (clients.data ?? []).filter((client) => !client.deleted),
    customFields: (customFields.data ?? []).filter((field) => !field.deleted),
    cancellationReasons: reasons.data ?? [],
  };
}
