import { api } from '@/lib/client/api';
import type { LogEntryView, TimelineItem, TimelineResponse } from '@/lib/contract/task-history';

export interface History {
  timeline: TimelineItem[];
  logs: LogEntryView[];
}

/** The task's status history and activity log, read together: the Timeline tab shows both or neither. */
export async function loadHistory(taskId: number): Promise<History> {
  const [timeline, logs] = await Promise.all([
    api<TimelineResponse>(`tasks/${taskId}/timeline`),
    api<LogEntryView[]>(`tasks/${taskId}/logs`),
  ]);
  return { timeline: timeline.timelineItems, logs };
}
