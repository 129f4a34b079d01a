'use client';

import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useState } from 'react';
import { api } from '@/lib/client/api';
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
  const [workers, setWorkers] = useState<UserListItem[] | null>(null);
  const [loading, setLoading] = useState(true);

  const reload = useCallback(async () => {
    setLoading(true);
    router.refresh();
    try {
      setWorkers(await api<UserListItem[]>(workersPath));
    } catch {
      // The failed call has shown its notice; what was on screen stays, or an empty list if nothing was.
      setWorkers((current) => current ?? []);
    } finally {
      setLoading(false);
    }
  }, [router]);

  useEffect(() => {
    let current = true;
    api<UserListItem[]>(workersPath).then(
      (rows) => current && setWorkers(rows),
      () => current && setWorkers([]),
    ).finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, []);

  /** Puts the rows a save answered in place of the old ones, so the tags change without a reload. */
  const replaceWorkers = useCallback((changed: readonly UserListItem[]) => {
    const byId = new Map(changed.map((row) => [row.id, row]));
    setWorkers((rows) => rows?.map((row) => byId.get(row.id) ?? row) ?? rows);
  }, []);

  return { workers, loading, reload, replaceWorkers };
}
