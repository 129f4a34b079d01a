import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { users } from '@/db/schema';
import type { WorkerScheduling } from '@/lib/contract/tenant-settings';
import type { Ctx } from '@/lib/server/core/ctx';
import { notFound } from '@/lib/server/core/errors';

const workerNotFound = 'Worker not found.';

/**
 * Whose scheduling can be read and set: the tenant's assignees that are not deleted. A deactivated worker keeps
 * theirs, so it is still there when they come back; anyone else (a manager, another tenant's id) is not found.
 */
const liveAssignee = (ctx: Ctx, userId: number) =>
  and(eq(users.tenantId, ctx.tenantId), eq(users.id, userId), eq(users.assignee, true), isNull(users.deleted));

const columns = {
  startAddress: users.startAddress,
  startLatitude: users.startLatitude,
  startLongitude: users.startLongitude,
  maxTasksPerDay: users.maxTasksPerDay,
};

type Row = { startAddress: string | null; startLatitude: number | null; startLongitude: number | null; maxTasksPerDay: number | null };

/** The three start columns are written together, so one of them null means no start location of the worker's own. */
function schedulingOf(row: Row): WorkerScheduling {
  const { startAddress, startLatitude, startLongitude } = row;
  return {
    startLocation:
      startAddress !== null && startLatitude !== null && startLongitude !== null
        ? { address: startAddress, latitude: startLatitude, longitude: startLongitude }
        : null,
    maxTasksPerDay: row.maxTasksPerDay,
  };
}

/** GET users/{id}/scheduling. */
export async function getWorkerScheduling(ctx: Ctx, userId: number): Promise<WorkerScheduling> {
  const [row] = await ctx.db.select(columns).from(users).where(liveAssignee(ctx, userId));
  if (!row) throw notFound('workers.notFound', workerNotFound);
  return schedulingOf(row);
}

/** PUT users/{id}/scheduling: both fields are given; null clears one (the office location, no limit). */
export async function updateWorkerScheduling(ctx: Ctx, userId: number, body: WorkerScheduling): Promise<WorkerScheduling> {
  const [row] = await ctx.db
    .update(users)
    .set({
      startAddress: body.startLocation?.address ?? null,
      startLatitude: body.startLocation?.latitude ?? null,
      startLongitude: body.startLocation?.longitude ?? null,
      maxTasksPerDay: body.maxTasksPerDay,
      updatedAt: new Date(),
    })
    .where(liveAssignee(ctx, userId))
    .returning(columns);
  if (!row) throw notFound('workers.notFound', workerNotFound);
  return schedulingOf(row);
}
