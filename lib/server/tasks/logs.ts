import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { taskLogs, taskTimeline, tasks, users } from '@/db/schema';
import type { TaskView } from '@/lib/contract/tasks';
import type { DbOrTx } from '@/lib/server/core/db';
import type { Ctx } from '@/lib/server/core/ctx';
import { queueTaskNotifications } from '@/lib/server/messaging/triggers/queue';
import { publishTaskChange } from '@/lib/server/messaging/live/publish';
import { getTask } from './read';

type LogValue = string | number | Record<string, unknown> | null | undefined;

const asText = (value: LogValue): string | null => {
  if (value === null || value === undefined) return null;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
};

/** One log entry with the spec's action name; the caller's transaction keeps it with the change it records. */
export async function writeLog(
  db: DbOrTx,
  ctx: Ctx,
  taskId: number,
  action: string,
  oldValue?: LogValue,
  newValue?: LogValue,
): Promise<void> {
  await db.insert(taskLogs).values({
    tenantId: ctx.tenantId,
    taskId,
    userId: ctx.user.id,
    action,
    oldValue: asText(oldValue),
    newValue: asText(newValue),
  });
}

/** The status the task entered; the timeline feeds actualDuration and the Timeline tab. */
export async function writeTimeline(db: DbOrTx, ctx: Ctx, taskId: number, statusId: number): Promise<void> {
  await db.insert(taskTimeline).values({ tenantId: ctx.tenantId, taskId, userId: ctx.user.id, statusId });
}

/** A worker's full name for the change_assignee entry; null when the task had none. */
export async function workerName(db: DbOrTx, ctx: Ctx, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const [user] = await db
    .select({ name: users.name, surname: users.surname })
    .from(users)
    .where(and(eq(users.tenantId, ctx.tenantId), eq(users.id, userId)));
  return user ? `${user.name} ${user.surname}`.trim() : null;
}

/**
 * Moves `updated` forward on every write, strictly, even for two writes in the same millisecond: a client that
 * sends back what it read must see a difference.
 */
export const nextUpdated = sql`greatest(clock_timestamp(), ${tasks.updated} + interval '1 millisecond')`;

/**
 * For a change kept in rows of its own (a note, an attachment, a signature): the task's `updated` moves on too, so
 * clients holding the task see it changed.
 */
export async function touchTask(db: DbOrTx, ctx: Ctx, taskId: number): Promise<void> {
  await db
    .update(tasks)
    .set({ updated: nextUpdated })
    .where(and(eq(tasks.tenantId, ctx.tenantId), eq(tasks.id, taskId)));
}

/**
 * The task's new view, published to the live stream from inside the transaction that changed it; the tenant's
 * notification rules queue their messages in the same transaction, since every task write ends here.
 */
export async function publishTask(
  db: DbOrTx,
  ctx: Ctx,
  taskId: number,
  kind: 'created' | 'updated',
): Promise<TaskView> {
  await queueTaskNotifications(db, ctx, taskId, kind);
  const view = await getTask(ctx, taskId, db);
  await publishTaskChange(db, { tenantId: ctx.tenantId, taskId, kind, payload: { ...view } });
  return view;
}
