import { eq, sql } from 'drizzle-orm';
import { taskChanges, tenants } from '@/db/schema';
import type { DbOrTx } from '@/lib/server/core/db';

export const taskChangesChannel = 'task_changes';
export const workerPositionsChannel = 'worker_positions';

export interface TaskChangeInput {
  tenantId: number;
  taskId: number;
  kind: 'created' | 'updated' | 'deleted';
  payload: Record<string, unknown>;
}

/**
 * Records a task change and notifies every app instance. Call it inside the transaction that changes the
 * task, as its last step: PostgreSQL delivers the notification only when that transaction commits, and never if
 * it rolls back.
 *
 * The change's number comes from the tenant row, which stays locked until the transaction ends. Two dispatchers
 * saving at once therefore get numbers in commit order, so a stream that sends "everything after the last number
 * it sent" can never skip a change that committed late with a lower number, as a global sequence would allow.
 */
export async function publishTaskChange(db: DbOrTx, change: TaskChangeInput): Promise<number> {
  const [seq] = await publishTaskChanges(db, change.tenantId, [change]);
  return seq;
}

/** task_changes rows per insert, and per notification: the hub reads at most 1,000 changes per notification. */
const changesPerBatch = 500;

/**
 * Many task changes of one tenant at once (a recurrence's children, an import batch): their numbers come from one
 * update of the tenant row, the rows from multi-row inserts, and one notification goes out per batch; each change
 * is still its own event on the stream. Same rules as publishTaskChange: inside the changing transaction, as its
 * last step. Answers the changes' numbers.
 */
export async function publishTaskChanges(
  db: DbOrTx,
  tenantId: number,
  changes: readonly Omit<TaskChangeInput, 'tenantId'>[],
): Promise<number[]> {
  if (changes.length === 0) return [];
  const [tenant] = await db
    .update(tenants)
    .set({ lastChangeSeq: sql`${tenants.lastChangeSeq} + ${changes.length}` })
    .where(eq(tenants.id, tenantId))
    .returning({ seq: tenants.lastChangeSeq });
  const firstSeq = tenant.seq - changes.length + 1;
  for (let start = 0; start < changes.length; start += changesPerBatch) {
    const batch = changes.slice(start, start + changesPerBatch);
    await db.insert(taskChanges).values(batch.map((change, index) => ({ ...change, tenantId, seq: firstSeq + start + index })));
    const message = JSON.stringify({ tenantId, seq: firstSeq + start + batch.length - 1 });
    await db.execute(sql`select pg_notify(${taskChangesChannel}, ${message})`);
  }
  return changes.map((_, index) => firstSeq + index);
}

/**
 * Tells every app instance that a worker's latest position moved, so open tracking screens refresh sooner. Inside the
 * transaction that moved it: delivered at commit, never on rollback. No history and no event id: a position event
 * missed while disconnected is caught by the tracking screen's own refresh every 10 seconds.
 */
export async function publishWorkerPosition(db: DbOrTx, tenantId: number, userId: number): Promise<void> {
  await db.execute(sql`select pg_notify(${workerPositionsChannel}, ${JSON.stringify({ tenantId, userId })})`);
}
