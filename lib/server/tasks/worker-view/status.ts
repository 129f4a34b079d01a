import 'server-only';
import { and, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import { taskLogs } from '@/db/schema';
import { ErrorCode } from '@/lib/contract/errors';
import { TaskStatus, type TaskView } from '@/lib/contract/tasks';
import { WorkerErrorCode, workerMessages, workerTransitions, type WorkerStatusBody } from '@/lib/contract/worker';
import type { DbOrTx } from '@/lib/server/core/db';
import type { Ctx } from '@/lib/server/core/ctx';
import { businessRule, HttpError, notFound } from '@/lib/server/core/errors';
import { checkValues, liveFieldsOfType, saveValues, storedValues, type ValueInput } from '@/lib/server/tasks/custom-field-values';
import { taskChangeSet } from '@/lib/server/tasks/change-set';
import { getTask } from '@/lib/server/tasks/read';
import { assertNotCancelled, lockTask, ruleMessages, TaskProblems, taskNotFound, type TaskRow } from '@/lib/server/tasks/rules';
import { applyStatusChange } from '@/lib/server/tasks/status';

/**
 * The worker's device saw the task at `seen`. Their own notes, photos and signature move `updated` too, so a
 * mismatch alone is no conflict; a logged change by anyone else after `seen` is. (`seen` is rounded to the
 * millisecond, so the change that produced it logs within a millisecond of it.)
 */
async function changedByOthers(db: DbOrTx, ctx: Ctx, task: TaskRow, seen: string | undefined): Promise<boolean> {
  if (seen === undefined || Date.parse(seen) === task.updated.getTime()) return false;
  const [other] = await db
    .select({ id: taskLogs.id })
    .from(taskLogs)
    .where(
      and(
        eq(taskLogs.tenantId, ctx.tenantId),
        eq(taskLogs.taskId, task.id),
        gt(taskLogs.created, sql`${new Date(seen)}::timestamptz + interval '1 millisecond'`),
        or(isNull(taskLogs.userId), ne(taskLogs.userId, ctx.user.id)),
      ),
    )
    .limit(1);
  return other !== undefined;
}

function assertTransition(task: TaskRow, statusId: number): void {
  assertNotCancelled(task);
  if (task.statusId === TaskStatus.completed) {
    throw businessRule(WorkerErrorCode.taskCompleted, workerMessages.taskCompleted);
  }
  if (task.statusId !== statusId && !(workerTransitions[task.statusId] ?? []).includes(statusId)) {
    throw businessRule(WorkerErrorCode.transitionNotAllowed, workerMessages.transitionNotAllowed, undefined, {
      from: task.statusId,
      to: statusId,
    });
  }
}

/** Checks and saves the values sent with the change; answers those that differ from what was stored. */
async function saveWorkerValues(db: DbOrTx, ctx: Ctx, task: TaskRow, inputs: readonly ValueInput[]): Promise<ValueInput[]> {
  if (inputs.length === 0) return [];
  const problems = new TaskProblems();
  // The live fields of the task's type are the only ones a worker fills on their task.
  const own = new Set((await liveFieldsOfType(db, ctx, task.typeId)).map((field) => field.id));
  for (const input of inputs) {
    if (!own.has(input.customFieldId)) problems.add(`customFieldValues.${input.customFieldId}`, 'task.customFieldNotOnTask', workerMessages.fieldNotOnTask);
  }
  problems.throwIfAny();
  const accepted = await checkValues(db, ctx, inputs, problems);
  problems.throwIfAny();
  const stored = await storedValues(db, ctx, task.id);
  const changed = accepted.filter((value) => (stored.get(value.customFieldId) ?? null) !== (value.fieldValue || null));
  await saveValues(db, ctx, task.id, changed);
  return changed;
}

/**
 * PATCH worker/tasks/{id}/status: the worker starts, pauses, resumes or completes their own task (another id
 * answers 404). Values sent with it are saved first, in the same transaction, so completing can fill the
 * ON_COMPLETION fields; a change by the office since the device last saw the task answers 409 with the office
 * version in error.details.task.
 */
export async function changeWorkerStatus(ctx: Ctx, id: number, body: WorkerStatusBody): Promise<TaskView> {
  return ctx.db.transaction(async (tx) => {
    const task = await lockTask(tx, ctx, id);
    if (task.assigneeId !== ctx.user.id) throw notFound('task.notFound', taskNotFound);
    if (await changedByOthers(tx, ctx, task, body.updated)) {
      throw new HttpError(409, ErrorCode.staleUpdate, ruleMessages.stale, undefined, { task: await getTask(ctx, id, tx) });
    }
    assertTransition(task, body.statusId);
    const changedValues = await saveWorkerValues(tx, ctx, task, body.customFieldValues ?? []);
    const changes = taskChangeSet(tx, ctx);
    await applyStatusChange(tx, ctx, changes, task, body.statusId, changedValues);
    return changes.flushView(id);
  });
}
