'use client';

import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '@/lib/client/api';
import { settingsKeys } from '@/lib/client/query-keys';

/**
 * The rows of a settings list read from `path`; `reload` reads them again (after a save, or from the refresh
 * button). A failed read has shown its notice already and leaves an empty list, honest about what could be read.
 */
export function useSettingsRows<Row>(path: string): { rows: Row[] | null; reload: () => Promise<void> } {
  const { data, refetch } = useQuery({
    queryKey: settingsKeys.rows(path),
    queryFn: () => api<Row[]>(path).catch((): Row[] => []),
  });
  const reload = useCallback(async () => {
    await refetch();
  }, [refetch]);
  return { rows: data ?? null, reload };
}
