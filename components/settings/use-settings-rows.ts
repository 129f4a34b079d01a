'use client';

import { useCallback, useEffect, useState } from 'react';
import { api } from '@/lib/client/api';

/**
 * The rows of a settings list read from `path`; `reload` reads them again (after a save, or from the refresh
 * button). A failed read has shown its notice already and leaves an empty list, honest about what could be read.
 */
export function useSettingsRows<Row>(path: string): { rows: Row[] | null; reload: () => Promise<void> } {
  const [rows, setRows] = useState<Row[] | null>(null);

  const reload = useCallback(async () => {
    try {
      setRows(await api<Row[]>(path));
    } catch {
      setRows([]);
    }
  }, [path]);

  useEffect(() => {
    let current = true;
    api<Row[]>(path).then(
      (read) => current && setRows(read),
      () => current && setRows([]),
    );
    return () => {
      current = false;
    };
  }, [path]);

  return { rows, reload };
}
