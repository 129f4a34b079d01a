'use client';

import { useCallback, useEffect, useState } from 'react';
import { api } from '@/lib/client/api';
import type { LogEntryView, TimelineItem, TimelineResponse } from '@/lib/contract/task-history';

interface History {
  timeline: TimelineItem[];
  logs: LogEntryView[];
}

/**
 * The task's status history and activity log, read again whenever the task's `updated` moves, so a change made in
 * the header or another tab shows up here at once.
 */
export function useHistory(taskId: number, updated: string) {
  const [history, setHistory] = useState<History | null>(null);
  const [failed, setFailed] = useState(false);

  const reload = useCallback(async () => {
    try {
      const [timeline, logs] = await Promise.all([
        api<TimelineResponse>(`tasks/${taskId}/timeline`),
        api<LogEntryView[]>(`tasks/${taskId}/logs`),
      ]);
      setHistory({ timeline: timeline.timelineItems, logs });
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [taskId]);

  useEffect(() => {
    // Read from the server on opening and after every change of the task.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void reload();
  }, [reload, updated]);

  return { history, failed, reload };
}
