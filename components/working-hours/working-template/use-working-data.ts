'use client';

import { useCallback, useEffect, useState } from 'react';
import { api } from '@/lib/client/api';
import type { TemplateView } from '@/lib/contract/working-hours';
import type { UserListItem } from '@/lib/contract/users';

export type TemplateChoice = Pick<TemplateView, 'id' | 'name'>;

/** What the working-template screen shows: the active workers and the live templates they can be given. */
export function useWorkingTemplateData() {
  const [workers, setWorkers] = useState<UserListItem[] | null>(null);
  const [templates, setTemplates] = useState<TemplateChoice[] | null>(null);
  const [loading, setLoading] = useState(true);

  const read = useCallback(async () => {
    const [workerRows, templateRows] = await Promise.all([
      api<UserListItem[]>('users?assignee=true&active=true'),
      api<TemplateView[]>('working-hours'),
    ]);
    return { workerRows, templateRows: templateRows.map(({ id, name }) => ({ id, name })) };
  }, []);

  const reload = useCallback(async () => {
    setLoading(true);
    try {
      const { workerRows, templateRows } = await read();
      setWorkers(workerRows);
      setTemplates(templateRows);
    } catch {
      // The failed call has shown its notice; what was on screen stays, or an empty list if nothing was.
      setWorkers((current) => current ?? []);
      setTemplates((current) => current ?? []);
    } finally {
      setLoading(false);
    }
  }, [read]);

  useEffect(() => {
    let current = true;
    read().then(
      ({ workerRows, templateRows }) => {
        if (!current) return;
        setWorkers(workerRows);
        setTemplates(templateRows);
        setLoading(false);
      },
      () => {
        if (!current) return;
        setWorkers([]);
        setTemplates([]);
        setLoading(false);
      },
    );
    return () => {
      current = false;
    };
  }, [read]);

  /** Puts the rows a save answered in place of the old ones, so the tags change without a reload. */
  const replaceWorkers = useCallback((changed: readonly UserListItem[]) => {
    const byId = new Map(changed.map((row) => [row.id, row]));
    setWorkers((rows) => rows?.map((row) => byId.get(row.id) ?? row) ?? rows);
  }, []);

  return { workers, templates, loading, reload, replaceWorkers };
}
