import 'server-only';
import { and, eq } from 'drizzle-orm';
import { tasks } from '@/db/schema';
import type { CreateTaskBody, TaskView, UpdateTaskBody } from '@/lib/contract/tasks';
import { TaskErrorCode, TaskLogAction, TaskStatus } from '@/lib/contract/tasks';
import type { DbOrTx } from '@/lib/server/core/db';
import type { Ctx } from '@/lib/server/core/ctx';
import { businessRule } from '@/lib/server/core/errors';
import { saveValues, type ValueInput } from './custom-field-values';
import { prepareTask, type PreparedTask, type TaskColumns } from './draft';
import { attachUploads, discardUploads, storeUploads, type StoredUpload } from '../integrations/storage/uploads';
import { nextUpdated, taskChangeSet, type TaskChangeSet } from './change-set';
import type { UploadedFile } from '@/lib/server/core/upload';
import { allocateReferenceNumbers } from './reference-counter';
import { assertFresh, assertNotCancelled, lockTask, ruleMessages, type TaskRow } from './rules';

/** Takes the tenant's next reference number; see allocateReferenceNumbers for why creations queue. */
export async function allocateReferenceNumber(db: DbOrTx, tenantId: number): Promise<number> {
  return allocateReferenceNumbers(db, tenantId, 1);
}

/** Inserts a prepared task; its first timeline row and task_created entry go with the change set. Answers the new id. */
export async function insertTask(
  db: DbOrTx,
  ctx: Ctx,
  changes: TaskChangeSet,
  columns: Partial<TaskColumns> & Pick<TaskColumns, 'title' | 'typeId'>,
) {
  const referenceNumber = await allocateReferenceNumber(db, ctx.tenantId);
  const [task] = await db
    .insert(tasks)
    .values({ ...columns, tenantId: ctx.tenantId, referenceNumber })
    .returning({ id: tasks.id, statusId: tasks.statusId });
  changes.created([{ id: task.id, referenceNumber, statusId: task.statusId }]);
  return task.id;
}

/** POST tasks: the task, its custom field values and its uploaded files, in one transaction. */
export async function createTask(ctx: Ctx, body: CreateTaskBody, uploads: readonly StoredUpload[] = []): Promise<TaskView> {
  return ctx.db.transaction(async (tx) => {
    const changes = taskChangeSet(tx, ctx);
    const prepared = await prepareTask(tx, ctx, null, body);
    const { statusId: _ignored, ...columns } = prepared.changes;
    const taskId = await insertTask(tx, ctx, changes, { ...columns, title: prepared.next.title, typeId: prepared.next.typeId });
    await saveValues(tx, ctx, taskId, prepared.values);
    for (const name of await attachUploads(tx, ctx, taskId, uploads)) {
      changes.log(taskId, TaskLogAction.uploadAttachment, null, name);
    }
    return changes.flushView(taskId);
  });
}

/**
 * Writes the changed columns; the change set records one entry per kind of change: change_assignee,
 * change_task_status (with its timeline row), change_billing_status, and update_task_details with the old and new
 * detail values.
 */
export async function applyTaskChanges(
  db: DbOrTx,
  ctx: Ctx,
  changes: TaskChangeSet,
  current: TaskRow,
  columns: Partial<TaskColumns>,
  changedValues: readonly ValueInput[] = [],
): Promise<boolean> {
  const hasChanges = Object.keys(columns).length > 0 || changedValues.length > 0;
  if (!hasChanges) return false;
  const completedAt = columns.statusId === TaskStatus.completed ? new Date() : undefined;
  await db
    .update(tasks)
    .set({ ...columns, ...(completedAt ? { completedAt } : {}), updated: nextUpdated })
    .where(and(eq(tasks.tenantId, ctx.tenantId), eq(tasks.id, current.id)));
  changes.updated([{ taskId: current.id, before: current, after: columns, customFieldValues: changedValues }]);
  return true;
}

/**
 * The body of PUT tasks/{id} applied to a task the caller has locked, with every rule of that call; answers what
 * was prepared, so a caller can carry the same changes to other tasks (a recurrence's following children).
 */
export async function applyUpdate(
  db: DbOrTx,
  ctx: Ctx,
  changes: TaskChangeSet,
  current: TaskRow,
  body: UpdateTaskBody,
): Promise<{ prepared: PreparedTask; changed: boolean }> {
  assertFresh(current, body.updated);
  assertNotCancelled(current);
  if (body.statusId === TaskStatus.cancelled) {
    throw businessRule(TaskErrorCode.useCancellation, ruleMessages.useCancellation);
  }
  const prepared = await prepareTask(db, ctx, current, body);
  await saveValues(db, ctx, current.id, prepared.values);
  const changed = await applyTaskChanges(db, ctx, changes, current, prepared.changes, prepared.values);
  return { prepared, changed };
}

/** PUT tasks/{id}: a cancelled task is read-only; status 5 goes through the cancellation call. */
export async function updateTask(ctx: Ctx, id: number, body: UpdateTaskBody): Promise<TaskView> {
  return ctx.db.transaction(async (tx) => {
    const changes = taskChangeSet(tx, ctx);
    const current = await lockTask(tx, ctx, id);
    await applyUpdate(tx, ctx, changes, current, body);
    return changes.flushView(id);
  });
}

/** POST tasks (multipart): the bytes are stored first and removed again if the task is not created. */
export async function createTaskFromForm(ctx: Ctx, form: { task: CreateTaskBody; files: UploadedFile[] }): Promise<TaskView> {
  const uploads = await storeUploads(ctx, form.files);
  try {
    return await createTask(ctx, form.task, uploads);
  } catch (error) {
    await discardUploads(uploads);
    throw error;
  }
}
