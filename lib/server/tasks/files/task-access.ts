import 'server-only';
import { TaskErrorCode } from '@/lib/contract/tasks';
import { taskFileMessages } from '@/lib/contract/task-files';
import type { DbOrTx } from '@/lib/server/core/db';
import type { Ctx } from '@/lib/server/core/ctx';
import { businessRule } from '@/lib/server/core/errors';
import { assertReachable } from '@/lib/server/tasks/notes/access';
import { findTask, isCancelled, type TaskRow } from '@/lib/server/tasks/rules';

/**
 * A manager reaches every task of the tenant; a worker (spec 00: files and the signature on their own tasks) only
 * the tasks assigned to them: any other answers 404 as if it did not exist (issue 15), so no id can be probed.
 */
export async function findReachableTask(db: DbOrTx, ctx: Ctx, taskId: number): Promise<TaskRow> {
  const task = await findTask(db, ctx, taskId);
  assertReachable(ctx, task);
  return task;
}

/** Spec 01 §4: a cancelled task's attachments are read-only; nothing is added, replaced, described or deleted. */
export function assertAttachmentsWritable(task: Pick<TaskRow, 'cancelled' | 'statusId'>): void {
  if (isCancelled(task)) throw businessRule(TaskErrorCode.cancelledReadOnly, taskFileMessages.cancelledReadOnly);
}
