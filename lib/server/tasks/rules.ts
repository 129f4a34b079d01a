import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { cancellationReasons, clients, taskTypes, tasks, timeSlots, users } from '@/db/schema';
import { ErrorCode, problem, type ErrorCodeName, type FieldProblems, type Problem, type ProblemParams } from '@/lib/contract/errors';
import { TaskErrorCode, TaskStatus } from '@/lib/contract/tasks';
import type { DbOrTx } from '@/lib/server/core/db';
import type { Ctx } from '@/lib/server/core/ctx';
import { businessRule, HttpError, invalidField, notFound, validationError } from '@/lib/server/core/errors';

export type TaskRow = typeof tasks.$inferSelect;

export const taskNotFound = 'Task not found.';

export const ruleMessages = {
  typeRequired: 'Task type is required',
  typeUnknown: 'The task type does not exist.',
  typeDeleted: 'The task type has been deleted.',
  clientUnknown: 'The client does not exist.',
  clientDeleted: 'The client has been deleted.',
  workerNotActive: 'Only active workers can be assigned.',
  workerNeedsDate: 'A worker can only be chosen after the date and the task type.',
  dateInPast: 'The schedule date must be after the current date.',
  timeSlotUnknown: 'The time slot does not exist or has been deleted.',
  reasonUnknown: 'The cancellation reason does not exist or has been deleted.',
  cancelledReadOnly: 'A cancelled task cannot be changed.',
  notCancelled: 'Only a cancelled task can be reset.',
  cancelledBilling: 'A cancelled task can only have billing status pending.',
  useCancellation: 'A task is cancelled through its cancellation, with an optional reason.',
  stale: 'The task was changed by someone else meanwhile. Reload it and try again.',
} as const;

/** Collects every field problem of one request, so the form can flag them all at once. */
export class TaskProblems {
  private readonly fields: FieldProblems = {};

  add(field: string, code: ErrorCodeName, message: string, params: ProblemParams = {}): void {
    (this.fields[field] ??= []).push(problem(code, message, params));
  }

  /** One field's problem that is already coded (a custom field's value check). */
  addProblem(field: string, found: Problem): void {
    (this.fields[field] ??= []).push(found);
  }

  /** Every problem, in the order they were found. */
  list(): Problem[] {
    return Object.values(this.fields).flat();
  }

  throwIfAny(): void {
    if (Object.keys(this.fields).length > 0) throw validationError(this.fields);
  }
}

const liveTask = (ctx: Ctx, id: number) => and(eq(tasks.tenantId, ctx.tenantId), eq(tasks.id, id), isNull(tasks.deleted));

/** The task of the caller's tenant, not deleted; another tenant's id is a 404 like a missing one. */
export async function findTask(db: DbOrTx, ctx: Ctx, id: number): Promise<TaskRow> {
  const [task] = await db.select().from(tasks).where(liveTask(ctx, id));
  if (!task) throw notFound('task.notFound', taskNotFound);
  return task;
}

/** The task, locked until the transaction ends, so two writers never both read the same `updated`. */
export async function lockTask(db: DbOrTx, ctx: Ctx, id: number): Promise<TaskRow> {
  const [task] = await db.select().from(tasks).where(liveTask(ctx, id)).for('update');
  if (!task) throw notFound('task.notFound', taskNotFound);
  return task;
}

/** Optimistic concurrency: the writer saw `updated`; if the task moved on since, its change would be lost. */
export function assertFresh(task: TaskRow, seenUpdated: string | undefined): void {
  if (seenUpdated !== undefined && Date.parse(seenUpdated) !== task.updated.getTime()) {
    throw new HttpError(409, ErrorCode.staleUpdate, ruleMessages.stale);
  }
}

export function assertNotCancelled(task: TaskRow): void {
  if (task.cancelled !== null || task.statusId === TaskStatus.cancelled) {
    throw businessRule(TaskErrorCode.cancelledReadOnly, ruleMessages.cancelledReadOnly);
  }
}

export const isCancelled = (task: Pick<TaskRow, 'cancelled' | 'statusId'>) =>
  task.cancelled !== null || task.statusId === TaskStatus.cancelled;

export interface TaskTypeRef {
  id: number;
  name: string;
  durationMins: number;
}

export interface TaskTypeRecord extends TaskTypeRef {
  deleted: Date | null;
}

export async function findTaskType(db: DbOrTx, ctx: Ctx, typeId: number): Promise<TaskTypeRecord | undefined> {
  const [type] = await db
    .select({ id: taskTypes.id, name: taskTypes.name, durationMins: taskTypes.durationMins, deleted: taskTypes.deleted })
    .from(taskTypes)
    .where(and(eq(taskTypes.tenantId, ctx.tenantId), eq(taskTypes.id, typeId)));
  return type;
}

/** A task type of the tenant; a deleted one only where the task already has it. */
export function judgeTaskType(
  type: TaskTypeRecord | undefined,
  alreadyUsed: boolean,
  problems: TaskProblems,
): TaskTypeRef | null {
  if (!type) problems.add('typeId', 'task.typeUnknown', ruleMessages.typeUnknown);
  else if (type.deleted && !alreadyUsed) problems.add('typeId', 'task.typeDeleted', ruleMessages.typeDeleted);
  return type ?? null;
}

export async function checkTaskType(
  db: DbOrTx,
  ctx: Ctx,
  typeId: number,
  alreadyUsed: boolean,
  problems: TaskProblems,
): Promise<TaskTypeRef | null> {
  return judgeTaskType(await findTaskType(db, ctx, typeId), alreadyUsed, problems);
}

export interface ClientRecord {
  id: number;
  displayName: string;
  deleted: Date | null;
}

export async function findClient(db: DbOrTx, ctx: Ctx, clientId: number): Promise<ClientRecord | undefined> {
  const [client] = await db
    .select({ id: clients.id, displayName: clients.displayName, deleted: clients.deleted })
    .from(clients)
    .where(and(eq(clients.tenantId, ctx.tenantId), eq(clients.id, clientId)));
  return client;
}

export function judgeClient(
  client: ClientRecord | undefined,
  alreadyUsed: boolean,
  problems: TaskProblems,
): { id: number; displayName: string } | null {
  if (!client) problems.add('clientId', 'task.clientUnknown', ruleMessages.clientUnknown);
  else if (client.deleted && !alreadyUsed) problems.add('clientId', 'task.clientDeleted', ruleMessages.clientDeleted);
  return client ?? null;
}

export async function checkClient(
  db: DbOrTx,
  ctx: Ctx,
  clientId: number,
  alreadyUsed: boolean,
  problems: TaskProblems,
): Promise<{ id: number; displayName: string } | null> {
  return judgeClient(await findClient(db, ctx, clientId), alreadyUsed, problems);
}

/** The name of one of the tenant's task types, deleted or not: what a title derived from it reads. */
export async function typeNameOf(db: DbOrTx, ctx: Ctx, typeId: number): Promise<string | null> {
  const [type] = await db
    .select({ name: taskTypes.name })
    .from(taskTypes)
    .where(and(eq(taskTypes.tenantId, ctx.tenantId), eq(taskTypes.id, typeId)));
  return type?.name ?? null;
}

export async function clientNameOf(db: DbOrTx, ctx: Ctx, clientId: number): Promise<string | null> {
  const [client] = await db
    .select({ displayName: clients.displayName })
    .from(clients)
    .where(and(eq(clients.tenantId, ctx.tenantId), eq(clients.id, clientId)));
  return client?.displayName ?? null;
}

/** Only active, non-deleted workers (assignee flag) of the tenant can take a task. */
export async function isActiveWorker(db: DbOrTx, ctx: Ctx, assigneeId: number): Promise<boolean> {
  const [worker] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.tenantId, ctx.tenantId),
        eq(users.id, assigneeId),
        eq(users.assignee, true),
        eq(users.active, true),
        isNull(users.deleted),
      ),
    );
  return worker !== undefined;
}

export function judgeAssignee(activeWorker: boolean, problems: TaskProblems): void {
  if (!activeWorker) problems.add('assigneeId', 'task.workerNotActive', ruleMessages.workerNotActive);
}

export async function checkAssignee(db: DbOrTx, ctx: Ctx, assigneeId: number, problems: TaskProblems): Promise<void> {
  judgeAssignee(await isActiveWorker(db, ctx, assigneeId), problems);
}

export async function isLiveTimeSlot(db: DbOrTx, ctx: Ctx, timeSlotId: number): Promise<boolean> {
  const [slot] = await db
    .select({ id: timeSlots.id })
    .from(timeSlots)
    .where(and(eq(timeSlots.tenantId, ctx.tenantId), eq(timeSlots.id, timeSlotId), isNull(timeSlots.deleted)));
  return slot !== undefined;
}

export function judgeTimeSlot(liveSlot: boolean, problems: TaskProblems): void {
  if (!liveSlot) problems.add('timeSlotId', 'task.timeSlotUnknown', ruleMessages.timeSlotUnknown);
}

export async function checkTimeSlot(db: DbOrTx, ctx: Ctx, timeSlotId: number, problems: TaskProblems): Promise<void> {
  judgeTimeSlot(await isLiveTimeSlot(db, ctx, timeSlotId), problems);
}

/** A newly chosen appointment must start after now; one the task already has may stay in the past. */
export function checkScheduleDate(date: Date, field: string, problems: TaskProblems, now = new Date()): void {
  if (date.getTime() <= now.getTime()) problems.add(field, 'task.appointmentInPast', ruleMessages.dateInPast);
}

/** The task type is always there (it is required), so the worker needs the date. */
export function checkWorkerHasDate(assigneeId: number | null, date: Date | null, problems: TaskProblems): void {
  if (assigneeId !== null && date === null) problems.add('assigneeId', 'task.workerNeedsDate', ruleMessages.workerNeedsDate);
}

export interface CancellationReasonRef {
  id: number | null;
  text: string | null;
  /** What the log and the banner show. */
  label: string | null;
}

/** A listed, non-deleted reason of the tenant by id, or free text. */
export async function resolveCancellationReason(
  db: DbOrTx,
  ctx: Ctx,
  reason: number | string | null | undefined,
): Promise<CancellationReasonRef> {
  if (reason === null || reason === undefined) return { id: null, text: null, label: null };
  if (typeof reason === 'string') return { id: null, text: reason, label: reason };
  const [row] = await db
    .select({ id: cancellationReasons.id, name: cancellationReasons.name })
    .from(cancellationReasons)
    .where(
      and(
        eq(cancellationReasons.tenantId, ctx.tenantId),
        eq(cancellationReasons.id, reason),
        isNull(cancellationReasons.deleted),
      ),
    );
  if (!row) throw invalidField('reason', 'task.reasonUnknown', ruleMessages.reasonUnknown);
  return { id: row.id, text: null, label: row.name };
}

/** A cancelled task's billing status may only go back to pending. */
export function assertBillingAllowed(task: TaskRow, billingStatusId: number): void {
  if (isCancelled(task) && billingStatusId !== 1) {
    throw businessRule(TaskErrorCode.cancelledBillingStatus, ruleMessages.cancelledBilling);
  }
}
