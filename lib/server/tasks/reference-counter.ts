import { sql } from 'drizzle-orm';
import { taskReferenceCounters } from '@/db/schema';
import type { DbOrTx } from '@/lib/server/core/db';

// No 'server-only' here: the seeds number their tasks with the same counter.
// Lock order: a transaction that creates tasks takes the counter row before the tenants row (which publishing a live
// change locks). One that publishes before it creates takes the counter first (lockReferenceCounter), else it and a
// concurrent creation would each wait for the other's row.

const counter = taskReferenceCounters;

/**
 * Takes `count` consecutive reference numbers of the tenant and answers the first. One statement on the tenant's
 * counter row (created by the first allocation): its lock, held until the transaction ends, makes concurrent
 * creations queue, so numbers are never shared and follow commit order. It is not the tenants row, which every task
 * write locks to publish its live change: those writes do not wait for an open creation.
 */
export async function allocateReferenceNumbers(db: DbOrTx, tenantId: number, count: number): Promise<number> {
  const [row] = await db
    .insert(counter)
    .values({ tenantId, nextReferenceNumber: 1 + count })
    .onConflictDoUpdate({ target: counter.tenantId, set: { nextReferenceNumber: sql`${counter.nextReferenceNumber} + ${count}` } })
    .returning({ next: counter.nextReferenceNumber });
  return row.next - count;
}

/** Holds the tenant's counter row until the transaction ends without taking a number: other creations wait. */
export async function lockReferenceCounter(db: DbOrTx, tenantId: number): Promise<void> {
  await db
    .insert(counter)
    .values({ tenantId })
    .onConflictDoUpdate({ target: counter.tenantId, set: { nextReferenceNumber: sql`${counter.nextReferenceNumber}` } });
}
