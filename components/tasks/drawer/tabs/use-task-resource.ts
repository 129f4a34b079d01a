'use client';

import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * One thing a drawer tab reads about its task (its files, notes, signatures or history): read when the tab opens,
 * again whenever `taskId` or, when given, `updated` moves, and on `reload()` after the tab's own changes. Only the
 * answer to the latest read is kept and `data` is null until the shown task's first answer, so a slow answer for an
 * earlier read never overwrites a newer one. `load` must keep its identity (a module-level function): every new
 * `load` is a new read.
 */
export function useTaskResource<T>(load: (taskId: number) => Promise<T>, taskId: number, updated?: string) {
  const [loaded, setLoaded] = useState<{ taskId: number; data: T } | null>(null);
  const [failed, setFailed] = useState(false);
  const latestRead = useRef(0);

  const reload = useCallback(async () => {
    const read = ++latestRead.current;
    try {
      const data = await load(taskId);
      if (read !== latestRead.current) return;
      setLoaded({ taskId, data });
      setFailed(false);
    } catch {
      if (read === latestRead.current) setFailed(true);
    }
  }, [load, taskId]);

  useEffect(() => {
    // The resource lives on the server: reading it is the effect's whole point.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void reload();
  }, [reload, updated]);

  return { data: loaded?.taskId === taskId ? loaded.data : null, failed, reload };
}
