import 'server-only';
import { and, eq } from 'drizzle-orm';
import { tasks } from '@/db/schema';
import { detailColumns } from '@/lib/contract/task-history';
import type { CreateTaskBody, TaskView, UpdateTaskBody } from '@/lib/contract/tasks';
import { billingStatusNames, TaskErrorCode, TaskLogAction, TaskStatus, taskStatusNames } from '@/lib/contract/tasks';
import type { DbOrTx } from '@/lib/server/core/db';
import type { Ctx } from '@/lib/server/core/ctx';
import { businessRule } from '@/lib/server/core/errors';
import { saveValues, type ValueInput } from './custom-field-values';
import { prepareTask, type PreparedTask, type TaskColumns } from './draft';
import { attachUploads, discardUploads, storeUploads, type StoredUpload } from '../integrations/storage/uploads';
import type { UploadedFile } from '@/lib/server/core/upload';
import { nextUpdated, publishTask, workerName, writeLog, writeTimeline } from './logs';
import { getTask } from './read';
import { allocateReferenceNumbers } from './reference-counter';
import { assertFresh, assertNotCancelled, lockTask, ruleMessages, type TaskRow } from './rules';

/** Takes the tenant's next reference number; see allocateReferenceNumbers for why creations queue. */
export async function allocateReferenceNumber(db: DbOrTx, tenantId: number): Promise<number> {
  return allocateReferenceNumbers(db, tenantId, 1);
}

/** Inserts a prepared task with its first timeline row and its task_created entry; answers the new id. */
export async function insertTask(db: DbOrTx, ctx: Ctx, columns: Partial<TaskColumns> & Pick<TaskColumns, 'title' | 'typeId'>) {
  const referenceNumber = await allocateReferenceNumber(db, ctx.tenantId);
  const [task] = await db
    .insert(tasks)
    .values({ ...columns, tenantId: ctx.tenantId, referenceNumber })
    .returning({ id: tasks.id, statusId: tasks.statusId });
  await writeTimeline(db, ctx, task.id, task.statusId);
  await writeLog(db, ctx, task.id, TaskLogAction.created, null, referenceNumber);
  return task.id;
}

/** POST tasks: the task, its custom field values and its uploaded files, in one transaction. */
export async function createTask(ctx: Ctx, body: CreateTaskBody, uploads: readonly StoredUpload[] = []): Promise<TaskView> {
  return ctx.db.transaction(async (tx) => {
    const prepared = await prepareTask(tx, ctx, null, body);
    const { statusId: _ignored, ...columns } = prepared.changes;
    const taskId = await insertTask(tx, ctx, { ...columns, title: prepared.next.title, typeId: prepared.next.typeId });
    await saveValues(tx, ctx, taskId, prepared.values);
    await attachUploads(tx, ctx, taskId, uploads);
    return publishTask(tx, ctx, taskId, 'created');
  });
}

const loggable = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

/**
 * Writes the changed columns and one log entry per kind of change: change_assignee, change_task_status (with its
 * timeline row), change_billing_status, and update_task_details with the old and new detail values.
 */
export async function applyTaskChanges(
  db: DbOrTx,
  ctx: Ctx,
  current: TaskRow,
  changes: Partial<TaskColumns>,
  changedValues: readonly ValueInput[] = [],
): Promise<boolean> {
  const customFieldsChanged = changedValues.length > 0;
  const details = detailColumns.filter((column) => column in changes);
  const { statusId, billingStatusId, assigneeId } = changes;
  const hasChanges = Object.keys(changes).length > 0 || customFieldsChanged;
  if (!hasChanges) return false;
  const completedAt = statusId === TaskStatus.completed ? new Date() : undefined;
  await db
    .update(tasks)
    .set({ ...changes, ...(completedAt ? { completedAt } : {}), updated: nextUpdated })
    .where(and(eq(tasks.tenantId, ctx.tenantId), eq(tasks.id, current.id)));
  if (assigneeId !== undefined) {
    const [before, after] = await Promise.all([workerName(db, ctx, current.assigneeId), workerName(db, ctx, assigneeId)]);
    await writeLog(db, ctx, current.id, TaskLogAction.changeAssignee, before, after);
  }
  if (statusId !== undefined) {
    await writeTimeline(db, ctx, current.id, statusId);
    await writeLog(db, ctx, current.id, TaskLogAction.changeStatus, taskStatusNames[current.statusId], taskStatusNames[statusId]);
  }
  if (billingStatusId !== undefined) {
    await writeLog(
      db,
      ctx,
      current.id,
      TaskLogAction.changeBillingStatus,
      billingStatusNames[current.billingStatusId],
      billingStatusNames[billingStatusId],
    );
  }
  if (details.length > 0 || customFieldsChanged) {
    const before = Object.fromEntries(details.map((column) => [column, loggable(current[column])]));
    const after = Object.fromEntries(details.map((column) => [column, loggable(changes[column])]));
    if (customFieldsChanged) after.customFieldValues = changedValues;
    await writeLog(db, ctx, current.id, TaskLogAction.updateDetails, before, after);
  }
  return true;
}

/**
 * The body of PUT tasks/{id} applied to a task the caller has locked, with every rule of that call; answers what
 * was prepared, so a caller can carry the same changes to other tasks (a recurrence's following children).
 */
export async function applyUpdate(
  db: DbOrTx,
  ctx: Ctx,
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
  const changed = await applyTaskChanges(db, ctx, current, prepared.changes, prepared.values);
  return { prepared, changed };
}

/** PUT tasks/{id}: a cancelled task is read-only; status 5 goes through the cancellation call. */
export async function updateTask(ctx: Ctx, id: number, body: UpdateTaskBody): Promise<TaskView> {
  return ctx.db.transaction(async (tx) => {
    const current = await lockTask(tx, ctx, id);
    const { changed } = await applyUpdate(tx, ctx, current, body);
    return changed ? publishTask(tx, ctx, id, 'updated') : getTask(ctx, id, tx);
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
