import 'server-only';
import { and, asc, between, eq, inArray, isNull } from 'drizzle-orm';
import { users, workerUnavailability } from '@/db/schema';
import type { UnavailabilityRecord, UnavailabilityView } from '@/lib/contract/working-hours';
import type { DbOrTx } from '@/lib/server/core/db';
import type { Ctx } from '@/lib/server/core/ctx';
import { conflict, invalidField, notFound } from '@/lib/server/core/errors';
import { dayRange } from './days';

const view = {
  id: workerUnavailability.id,
  userId: workerUnavailability.userId,
  dateUnavailability: workerUnavailability.dateUnavailability,
  hours: workerUnavailability.hours,
};

export const recordExistsMessage = 'The worker already has hours saved for that day.';

/** Refuses with 404, as for a missing id, any user who is not an active, non-deleted assignee of the caller's tenant. */
async function assertWorkers(db: DbOrTx, ctx: Ctx, userIds: number[]): Promise<void> {
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.tenantId, ctx.tenantId),
        inArray(users.id, userIds),
        eq(users.assignee, true),
        eq(users.active, true),
        isNull(users.deleted),
      ),
    );
  if (found.length !== new Set(userIds).size) throw notFound('workers.notFound', 'Worker not found.');
}

/** GET worker-unavailability: one worker's non-deleted records for the days from..to, by date. */
export async function listWorkerRecords(
  ctx: Ctx,
  query: { userId: number; from: string; to: string },
): Promise<UnavailabilityView[]> {
  const range = dayRange(query.from, query.to, ctx.tenantTimeZone);
  await assertWorkers(ctx.db, ctx, [query.userId]);
  return ctx.db
    .select(view)
    .from(workerUnavailability)
    .where(
      and(
        eq(workerUnavailability.tenantId, ctx.tenantId),
        eq(workerUnavailability.userId, query.userId),
        between(workerUnavailability.dateUnavailability, range.from, range.to),
        isNull(workerUnavailability.deleted),
      ),
    )
    .orderBy(asc(workerUnavailability.dateUnavailability));
}

/**
 * POST worker-unavailability: creates every record or none. A worker has at most one live record per day, so a
 * day that already has one is a 409 (the screen updates it with PUT instead), and so is the same day twice in
 * one body.
 */
export async function createRecords(ctx: Ctx, records: UnavailabilityRecord[]): Promise<UnavailabilityView[]> {
  const keys = records.map((record) => `${record.userId}/${record.dateUnavailability}`);
  if (new Set(keys).size !== keys.length) {
    throw invalidField('workerUnavailabilities', 'unavailability.dayRepeated', 'The same worker and day appear more than once.');
  }
  return ctx.db.transaction(async (tx) => {
    await assertWorkers(tx, ctx, records.map((record) => record.userId));
    const existing = await tx
      .select({ userId: workerUnavailability.userId, date: workerUnavailability.dateUnavailability })
      .from(workerUnavailability)
      .where(
        and(
          eq(workerUnavailability.tenantId, ctx.tenantId),
          inArray(workerUnavailability.userId, records.map((record) => record.userId)),
          inArray(workerUnavailability.dateUnavailability, records.map((record) => record.dateUnavailability)),
          isNull(workerUnavailability.deleted),
        ),
      );
    const taken = new Set(existing.map((row) => `${row.userId}/${row.date}`));
    if (keys.some((key) => taken.has(key))) throw conflict('unavailability.dayTaken', recordExistsMessage);
    return tx
      .insert(workerUnavailability)
      .values(records.map((record) => ({ tenantId: ctx.tenantId, ...record })))
      .returning(view);
  });
}

/** PUT worker-unavailability/{id}: new hours for one live record of the tenant. */
export async function updateRecord(ctx: Ctx, id: number, hours: string): Promise<UnavailabilityView> {
  const [row] = await ctx.db
    .update(workerUnavailability)
    .set({ hours, updated: new Date() })
    .where(
      and(
        eq(workerUnavailability.tenantId, ctx.tenantId),
        eq(workerUnavailability.id, id),
        isNull(workerUnavailability.deleted),
      ),
    )
    .returning(view);
  if (!row) throw notFound('unavailability.notFound', 'Record not found.');
  return row;
}
