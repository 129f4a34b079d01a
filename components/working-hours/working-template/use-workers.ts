'use client';

import { useRouter } from 'next/navigation';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '@/lib/client/api';
import { workingHoursKeys } from '@/lib/client/query-keys';
import type { UserListItem } from '@/lib/contract/users';

export interface TemplateChoice {
  id: number;
  name: string;
}

const workersPath = 'users?assignee=true&active=true';

/**
 * The active workers of the working-template screen. Reloading also refreshes the page's server part, which reads
 * the templates to choose from.
 */
export function useWorkers() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const { data: workers, isFetching, refetch } = useQuery({
    queryKey: workingHoursKeys.workers,
    // The failed call has shown its notice; what was on screen stays, or an empty list if nothing was.
    queryFn: () =>
      api<UserListItem[]>(workersPath).catch(() => queryClient.getQueryData<UserListItem[]>(workingHoursKeys.workers) ?? []),
  });

  const reload = useCallback(async () => {
    router.refresh();
    await refetch();
  }, [router, refetch]);

  /** Puts the rows a save answered in place of the old ones, so the tags change without a reload. */
  const replaceWorkers = useCallback(
    (changed: readonly UserListItem[]) => {
      const byId = new Map(changed.map((row) => [row.id, row]));
      queryClient.setQueryData<UserListItem[]>(workingHoursKeys.workers, (rows) => rows?.map((row) => byId.get(row.id) ?? row));
    },
    [queryClient],
  );

  return { workers: workers ?? null, loading: isFetching, reload, replaceWorkers };
}
