import { eq, sql } from 'drizzle-orm';
import { taskChanges, tenants } from '@/db/schema';
import type { DbOrTx } from '@/lib/server/db/client';

export const taskChangesChannel = 'task_changes';

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

/**
 * Several changes of one tenant at once (a bulk write): one block of numbers, one insert, one notification. Each
 * change is still its own event on the stream.
 */
export async function publishTaskChanges(
  db: DbOrTx,
  tenantId: number,
  changes: ReadonlyArray<Omit<TaskChangeInput, 'tenantId'>>,
): Promise<number[]> {
  if (changes.length === 0) return [];
  const [tenant] = await db
    .update(tenants)
    .set({ lastChangeSeq: sql`${tenants.lastChangeSeq} + ${changes.length}` })
    .where(eq(tenants.id, tenantId))
    .returning({ last: tenants.lastChangeSeq });
  const first = tenant.last - changes.length + 1;
  const seqs = changes.map((_, index) => first + index);
  await db.insert(taskChanges).values(changes.map((change, index) => ({ ...change, tenantId, seq: seqs[index] })));
  const message = JSON.stringify({ tenantId, seq: tenant.last });
  await db.execute(sql`select pg_notify(${taskChangesChannel}, ${message})`);
  return seqs;
}
