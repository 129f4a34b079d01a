import type { MissingCustomField, TaskView } from '@/lib/contract/tasks';
import type { QueueItem } from './queue';

/** The task as the worker sees it: the server's (or cached) view with their queued status changes applied on top. */
export function withPendingStatus(task: TaskView, queue: readonly QueueItem[]): TaskView {
  let statusId = task.statusId;
  for (const item of queue) {
    if (item.kind === 'status' && item.taskId === task.id) statusId = item.body.statusId;
  }
  return statusId === task.statusId ? task : { ...task, statusId };
}

/** Local dates of the tasks, in order, each with its tasks in appointment order; unscheduled tasks go last. */
export function groupByDay(tasks: readonly TaskView[]): Array<{ day: string | null; tasks: TaskView[] }> {
  const sorted = [...tasks].sort((a, b) => {
    const left = a.appointment?.date ?? '9999';
    const right = b.appointment?.date ?? '9999';
    return left < right ? -1 : left > right ? 1 : a.id - b.id;
  });
  const groups: Array<{ day: string | null; tasks: TaskView[] }> = [];
  for (const task of sorted) {
    const last = groups.at(-1);
    if (last && last.day === task.scheduleDate) last.tasks.push(task);
    else groups.push({ day: task.scheduleDate, tasks: [task] });
  }
  return groups;
}

const missingFieldKey = /^customFieldValues\.(\d+)$/;

/**
 * The required fields a refused completion names: `details.missingFields` as the worker call answers it, or the
 * field errors keyed `customFieldValues.<id>` that a value's problem answers (a material without its quantity). Those
 * carry only the id, and a field with no stored value is not among the task's values, so names also come from the
 * fields the phone knows (the tasks' custom fields, the ones it already asked for); the id only as a last resort.
 */
export function missingFieldsOf(
  details: Record<string, unknown> | undefined,
  task: TaskView | undefined,
  known: ReadonlyArray<{ id: number; fieldName: string }> = [],
): MissingCustomField[] {
  const listed = details?.missingFields;
  if (Array.isArray(listed)) {
    return listed.filter(
      (field): field is MissingCustomField => typeof field === 'object' && field !== null && typeof (field as MissingCustomField).id === 'number',
    );
  }
  const fields = details?.fields;
  if (!fields || typeof fields !== 'object') return [];
  return Object.keys(fields).flatMap((key) => {
    const match = missingFieldKey.exec(key);
    if (!match) return [];
    const id = Number(match[1]);
    const fromTask = task?.customFieldValues.find((value) => value.customFieldId === id)?.customFieldName;
    return [{ id, fieldName: fromTask ?? known.find((field) => field.id === id)?.fieldName ?? `#${id}` }];
  });
}

/** A new Idempotency-Key; crypto.randomUUID needs a secure context, so plain random bytes stand in elsewhere. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
