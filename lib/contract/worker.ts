import { z } from 'zod';
import type { CustomFieldView } from './custom-fields';
import { CustomFieldValueInput, TaskStatus, type TaskView } from './tasks';
import type { ErrorCodeName } from '@/lib/contract/error-catalogue';

/** Days the worker view loads from the chosen date on: today and the next days. */
export const workerTaskLimits = { daysDefault: 7, daysMax: 14 } as const;

/** The header a worker's offline queue sends on every write so that a replay is answered, not applied twice. */
export const idempotencyKeyHeader = 'Idempotency-Key';
export const IdempotencyKey = z.string().trim().min(8).max(100).regex(/^[A-Za-z0-9_.:-]+$/);

const LocalDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date is YYYY-MM-DD.');

/** GET worker/tasks: without a date, today in the tenant's time zone; `days` days from that date on. */
export const WorkerTasksQuery = z.object({
  date: LocalDate.optional(),
  days: z.coerce.number().int().min(1).max(workerTaskLimits.daysMax).optional(),
});
export type WorkerTasksQuery = z.infer<typeof WorkerTasksQuery>;

/** A custom field of one of the worker's task types: enough to fill it in on completion (a select's options). */
export type WorkerCustomField = Pick<CustomFieldView, 'id' | 'fieldName' | 'fieldType' | 'options'>;

/**
 * The signed-in worker's own tasks from `from` to `to` (local dates, inclusive), in appointment order, with the
 * custom fields of their task types: the phone keeps both, so a completion field is offered as it is (a select with
 * its options) even offline, without the settings call workers may not make.
 */
export interface WorkerTasksResponse {
  from: string;
  to: string;
  tasks: TaskView[];
  customFields: WorkerCustomField[];
}

/** The statuses a worker moves their own task to: start or resume, pause, complete. */
export const workerStatusIds = [TaskStatus.inProgress, TaskStatus.paused, TaskStatus.completed] as const;

/**
 * PATCH worker/tasks/{id}/status. `updated` is the task's `updated` the worker's device last saw: a change made
 * offline against an older version answers 409 request.staleUpdate with the office version in error.details.task.
 * `customFieldValues` fills ON_COMPLETION fields in the same call that completes the task.
 */
export const WorkerStatusBody = z.object({
  statusId: z.union([z.literal(TaskStatus.inProgress), z.literal(TaskStatus.paused), z.literal(TaskStatus.completed)]),
  updated: z.iso.datetime({ offset: true }).optional(),
  customFieldValues: z.array(CustomFieldValueInput).max(200).optional(),
});
export type WorkerStatusBody = z.infer<typeof WorkerStatusBody>;

/**
 * A worker's status change: pending → in progress (start) or completed; in progress → paused or completed;
 * paused → in progress (resume) or completed. Asking for the status the task already has changes nothing.
 */
export const workerTransitions: Readonly<Record<number, readonly number[]>> = {
  [TaskStatus.pending]: [TaskStatus.inProgress, TaskStatus.completed],
  [TaskStatus.inProgress]: [TaskStatus.paused, TaskStatus.completed],
  [TaskStatus.paused]: [TaskStatus.inProgress, TaskStatus.completed],
};

/**
 * Refusals of PATCH worker/tasks/{id}/status (422), besides task.cancelled for a cancelled task and
 * task.customFieldsRequired (400, error.details.missingFields) for completion with empty required fields.
 */
export const WorkerErrorCode = {
  taskCompleted: 'task.completed',
  transitionNotAllowed: 'task.statusChangeNotAllowed',
} as const satisfies Record<string, ErrorCodeName>;

export const workerMessages = {
  taskCompleted: 'A completed task cannot change status any more.',
  transitionNotAllowed: 'The task cannot move to this status from its current one.',
  fieldNotOnTask: 'The custom field is not one of this task type.',
} as const;
