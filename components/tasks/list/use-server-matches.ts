'use client';

import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/client/api';
import { taskListKeys } from '@/lib/client/query-keys';
import type { ServerMatches, TaskFilterCriteria } from '@/lib/client/tasks/filters';

const nothingYet: ReadonlySet<number> = new Set();

async function searchIds(path: string, text: string, taskIds: readonly number[]): Promise<ReadonlySet<number>> {
  const ids = await api<number[]>(`${path}?${new URLSearchParams({ textSearch: text })}`, {
    method: 'POST',
    json: { taskIds },
  });
  return new Set(ids);
}

/**
 * Notes and attachment descriptions live on the server: the drawer's two texts are asked there, over the
 * loaded task ids, again whenever they or the loaded ids change. Until the answer comes, nothing matches.
 */
export function useServerMatches(criteria: TaskFilterCriteria, taskIds: readonly number[]): ServerMatches {
  const notesText = criteria.notesText?.trim() ?? '';
  const filesText = criteria.filesText?.trim() ?? '';
  const notes = useQuery({
    queryKey: taskListKeys.notesSearch(notesText, taskIds),
    queryFn: () => searchIds('tasks/notes', notesText, taskIds),
    enabled: notesText !== '',
    staleTime: 30_000,
  });
  const files = useQuery({
    queryKey: taskListKeys.filesSearch(filesText, taskIds),
    queryFn: () => searchIds('tasks/files/search', filesText, taskIds),
    enabled: filesText !== '',
    staleTime: 30_000,
  });
  return {
    notes: notesText === '' ? null : (notes.data ?? nothingYet),
    files: filesText === '' ? null : (files.data ?? nothingYet),
  };
}
