import { sql } from 'drizzle-orm';
import { taskChanges } from '@/db/schema';
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
 * task: PostgreSQL delivers the notification only when that transaction commits, and never if it rolls back.
 */
export async function publishTaskChange(db: DbOrTx, change: TaskChangeInput): Promise<number> {
  const [row] = await db.insert(taskChanges).values(change).returning({ id: taskChanges.id });
  const message = JSON.stringify({ tenantId: change.tenantId, id: row.id });
  await db.execute(sql`select pg_notify(${taskChangesChannel}, ${message})`);
  return row.id;
}
