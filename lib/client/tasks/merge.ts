import { isNewer } from '@/lib/client/live-updates';
import type { TaskView } from '@/lib/contract/tasks';

/** Which tasks a list shows: the unscheduled list those with no date, the scheduled list a range of days. */
export type ListScope = { kind: 'unscheduled' } | { kind: 'scheduled'; from: string; to: string };

export function belongsToScope(task: TaskView, scope: ListScope): boolean {
  if (scope.kind === 'unscheduled') return task.scheduleDate === null && task.cancelled === null;
  return task.scheduleDate !== null && task.scheduleDate >= scope.from && task.scheduleDate <= scope.to;
}

export interface TaskChange {
  taskId: number;
  kind: string;
  task: Partial<TaskView> & { updated?: string };
}

function isTaskView(task: TaskChange['task']): task is TaskView {
  return typeof task.id === 'number' && typeof task.referenceNumber === 'number' && task.type !== undefined;
}

/**
 * The list after one live change: a stale change is ignored, a deleted task or one that left the scope goes,
 * a new one in scope comes in. Answers the same array when nothing changed, so React skips the render.
 */
export function mergeTaskChange(rows: readonly TaskView[], change: TaskChange, scope: ListScope): readonly TaskView[] {
  const index = rows.findIndex((row) => row.id === change.taskId);
  const held = index >= 0 ? rows[index] : undefined;
  if (change.kind === 'deleted') {
    return held ? rows.filter((row) => row.id !== change.taskId) : rows;
  }
  if (!isTaskView(change.task)) return rows;
  if (held && !isNewer(change.task, held)) return rows;
  const incoming = change.task;
  if (!belongsToScope(incoming, scope)) {
    return held ? rows.filter((row) => row.id !== change.taskId) : rows;
  }
  if (!held) return [incoming, ...rows];
  const next = [...rows];
  next[index] = incoming;
  return next;
}

export type SortOrder = 'referenceDesc' | 'createdDesc';

/** Scheduled lists newest reference first; unscheduled lists newest created first. */
export function sortTasks(rows: readonly TaskView[], order: SortOrder): TaskView[] {
  const sorted = [...rows];
  if (order === 'referenceDesc') sorted.sort((a, b) => b.referenceNumber - a.referenceNumber);
  else sorted.sort((a, b) => Date.parse(b.created) - Date.parse(a.created) || b.id - a.id);
  return sorted;
}
