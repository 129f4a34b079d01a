import 'server-only';
import { hasAnyRole } from '@/lib/contract/roles';
import { noteMessages } from '@/lib/contract/task-notes';
import { TaskErrorCode } from '@/lib/contract/tasks';
import type { DbOrTx } from '@/lib/server/core/db';
import type { Ctx } from '@/lib/server/core/ctx';
import { businessRule, notFound } from '@/lib/server/core/errors';
import { findTask, isCancelled, lockTask, taskNotFound, type TaskRow } from '@/lib/server/tasks/rules';

const managesTasks = (ctx: Ctx) => hasAnyRole(ctx.roles, ['tasksManager']);

/**
 * A worker reaches the notes, history and report of their own tasks only; any other task answers 404, as if it did
 * not exist, so a worker cannot probe which ids are in use.
 */
export function assertReachable(ctx: Ctx, task: Pick<TaskRow, 'assigneeId'>): void {
  if (!managesTasks(ctx) && task.assigneeId !== ctx.user.id) throw notFound('task.notFound', taskNotFound);
}

/** The task whose notes are read: the tenant's, not deleted, and the caller's own when the caller is a worker. */
export async function readableTask(db: DbOrTx, ctx: Ctx, taskId: number): Promise<void> {
  assertReachable(ctx, await findTask(db, ctx, taskId));
}

/** The task locked for a note change; a cancelled task takes none (spec 01 §4). */
export async function writableTask(db: DbOrTx, ctx: Ctx, taskId: number): Promise<TaskRow> {
  const task = await lockTask(db, ctx, taskId);
  assertReachable(ctx, task);
  if (isCancelled(task)) throw businessRule(TaskErrorCode.cancelledReadOnly, noteMessages.cancelledTask);
  return task;
}
