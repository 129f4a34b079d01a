import 'server-only';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { tasks } from '@/db/schema';
import { hasAnyRole } from '@/lib/contract/roles';
import type { BulkStatusBody, BulkStatusFailure, BulkStatusResult, TaskView } from '@/lib/contract/tasks';
import { TaskErrorCode, TaskLogAction, TaskStatus, taskStatusNames } from '@/lib/contract/tasks';
import type { DbOrTx } from '@/lib/server/core/db';
import type { Ctx } from '@/lib/server/core/ctx';
import { businessRule, forbidden, HttpError } from '@/lib/server/core/errors';
import {
  missingRequiredFields,
  RequiredFieldsError,
  requiredFieldsError,
  storedValues,
  type ValueInput,
} from './custom-field-values';
import { nextUpdated, taskChangeSet, type TaskChangeSet } from './change-set';
import {
  assertBillingAllowed,
  assertFresh,
  assertNotCancelled,
  isCancelled,
  lockTask,
  resolveCancellationReason,
  ruleMessages,
  type CancellationReasonRef,
  type TaskRow,
} from './rules';
import { applyTaskChanges } from './write';

/** Status 5 with its reason, its timeline row and its cancel_task entry (old status, reason). */
export async function cancelLocked(
  db: DbOrTx,
  ctx: Ctx,
  changes: TaskChangeSet,
  task: TaskRow,
  reason: CancellationReasonRef,
): Promise<void> {
  await db
    .update(tasks)
    .set({
      statusId: TaskStatus.cancelled,
      cancelled: new Date(),
      cancellationReasonId: reason.id,
      cancellationReasonText: reason.text,
      updated: nextUpdated,
    })
    .where(and(eq(tasks.tenantId, ctx.tenantId), eq(tasks.id, task.id)));
  changes.timeline(task.id, TaskStatus.cancelled);
  changes.log(task.id, TaskLogAction.cancel, taskStatusNames[task.statusId], reason.label ?? taskStatusNames[5]);
}

/** POST tasks/{id}/cancellation {reason}: a listed, non-deleted reason, free text, or none. */
export async function cancelTask(
  ctx: Ctx,
  id: number,
  body: { reason?: number | string | null; updated?: string } = {},
): Promise<TaskView> {
  return ctx.db.transaction(async (tx) => {
    const task = await lockTask(tx, ctx, id);
    assertFresh(task, body.updated);
    assertNotCancelled(task);
    const changes = taskChangeSet(tx, ctx);
    await cancelLocked(tx, ctx, changes, task, await resolveCancellationReason(tx, ctx, body.reason));
    return changes.flushView(id);
  });
}

/** PUT tasks/reset/{id}: the only way out of cancelled, back to pending. */
export async function resetTask(ctx: Ctx, id: number, seenUpdated?: string): Promise<TaskView> {
  return ctx.db.transaction(async (tx) => {
    const task = await lockTask(tx, ctx, id);
    assertFresh(task, seenUpdated);
    if (!isCancelled(task)) throw businessRule(TaskErrorCode.notCancelled, ruleMessages.notCancelled);
    await tx
      .update(tasks)
      .set({
        statusId: TaskStatus.pending,
        cancelled: null,
        cancellationReasonId: null,
        cancellationReasonText: null,
        updated: nextUpdated,
      })
      .where(and(eq(tasks.tenantId, ctx.tenantId), eq(tasks.id, id)));
    const changes = taskChangeSet(tx, ctx);
    changes.timeline(id, TaskStatus.pending);
    changes.log(id, TaskLogAction.changeStatus, taskStatusNames[TaskStatus.cancelled], taskStatusNames[1]);
    return changes.flushView(id);
  });
}

/** One task of a bulk change; throws the rule's error when this task cannot take it. */
async function changeOne(
  db: DbOrTx,
  ctx: Ctx,
  changes: TaskChangeSet,
  task: TaskRow,
  body: BulkStatusBody,
  reason: CancellationReasonRef,
): Promise<boolean> {
  if (body.type === 'billing status') {
    assertBillingAllowed(task, body.statusId);
    if (task.billingStatusId === body.statusId) return false;
    return applyTaskChanges(db, ctx, changes, task, { billingStatusId: body.statusId });
  }
  assertNotCancelled(task);
  if (body.statusId === TaskStatus.cancelled) {
    await cancelLocked(db, ctx, changes, task, reason);
    return true;
  }
  return applyStatusChange(db, ctx, changes, task, body.statusId);
}

/**
 * A status change other than cancelling, on a locked task: completing needs every required field (ON_SAVE and
 * ON_COMPLETION) filled in the stored values. The office's bulk change and the worker's change both go through
 * here, so both write the same timeline row, log entry, live update and notifications (the caller flushes).
 * `changedValues` are custom field values the caller has just saved, logged with the change.
 */
export async function applyStatusChange(
  db: DbOrTx,
  ctx: Ctx,
  changes: TaskChangeSet,
  task: TaskRow,
  statusId: number,
  changedValues: readonly ValueInput[] = [],
): Promise<boolean> {
  assertNotCancelled(task);
  if (task.statusId === statusId && changedValues.length === 0) return false;
  if (statusId === TaskStatus.completed) {
    const values = await storedValues(db, ctx, task.id);
    const missing = await missingRequiredFields(db, ctx, task.typeId, values, ['ON_SAVE', 'ON_COMPLETION']);
    if (missing.length > 0) throw requiredFieldsError(missing);
  }
  return applyTaskChanges(db, ctx, changes, task, task.statusId === statusId ? {} : { statusId }, changedValues);
}

/**
 * PATCH tasks/update-status: every task that can take the change gets it, in one transaction; the others are
 * answered with the reason, their reference number and any missing required fields, so the alert can name them. Task status needs tasksManager; billing status
 * billingManager or tasksManager.
 */
export async function bulkUpdateStatus(ctx: Ctx, body: BulkStatusBody): Promise<BulkStatusResult> {
  if (body.type === 'task status' && !hasAnyRole(ctx.roles, ['tasksManager'])) throw forbidden();
  return ctx.db.transaction(async (tx) => {
    const reason =
      body.statusId === TaskStatus.cancelled && body.type === 'task status'
        ? await resolveCancellationReason(tx, ctx, body.cancellationReason)
        : { id: null, text: null, label: null };
    const updated: number[] = [];
    const failed: BulkStatusFailure[] = [];
    const changes = taskChangeSet(tx, ctx);
    const ids = [...new Set(body.taskIds)];
    // Every task's lock first, in id order: each publish takes the tenant's change counter, and locking the next task
    // only after it let two bulk changes over the same tasks wait on each other (a deadlock, answered as a 500).
    await tx
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(eq(tasks.tenantId, ctx.tenantId), inArray(tasks.id, ids)))
      .orderBy(asc(tasks.id))
      .for('update');
    for (const id of ids) {
      let referenceNumber: number | null = null;
      try {
        const task = await lockTask(tx, ctx, id);
        referenceNumber = task.referenceNumber;
        await changeOne(tx, ctx, changes, task, body, reason);
        updated.push(id);
      } catch (error) {
        if (!isRefusal(error)) throw error;
        const missingFields = error instanceof RequiredFieldsError ? { missingFields: [...error.missing] } : {};
        failed.push({ id, referenceNumber, code: error.code, message: error.message, ...(error.params ? { params: error.params } : {}), ...missingFields });
      }
    }
    await changes.flush();
    return { updated, failed };
  });
}

/** The rule errors one task may raise (missing, cancelled, billing of a cancelled task): that task fails alone. */
function isRefusal(error: unknown): error is HttpError {
  return error instanceof HttpError && [400, 404, 422].includes(error.status);
}
