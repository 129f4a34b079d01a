import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { users } from '@/db/schema';
import { sortedByName } from '@/lib/contract/person-name';
import { alwaysShownColumns } from '@/lib/contract/task-columns';
import { availabilityOver } from '@/lib/server/scheduling/availability';
import type { Ctx } from '@/lib/server/core/ctx';

const workerCard = { id: users.id, name: users.name, surname: users.surname, profilePictureId: users.profilePictureId };

const liveAssignees = (ctx: Ctx) =>
  and(eq(users.tenantId, ctx.tenantId), eq(users.assignee, true), eq(users.active, true), isNull(users.deleted));

/**
 * GET users/available: active, non-deleted workers with no other task in [from, to) — the ones the task form may
 * offer without double-booking anyone. Cancelled and deleted tasks hold no time. Working hours do not hide a worker
 * here: spec 01 §5 lets the dispatcher pick a worker outside their hours or on a day off, after a warning the
 * assignment check gives with Proceed and Cancel. Both read the one availability service.
 */
export async function availableWorkers(ctx: Ctx, from: Date, to: Date) {
  const candidates = sortedByName(await ctx.db.select(workerCard).from(users).where(liveAssignees(ctx)));
  const availability = await availabilityOver(ctx, candidates.map((worker) => worker.id), from, to, { minusTasks: true });
  const start = from.getTime();
  const end = to.getTime();
  return candidates.filter(
    (worker) => !availability.get(worker.id)?.days.some((day) => day.busy.some((task) => task.start < end && task.end > start)),
  );
}

/** PATCH users/preferredTaskColumns: the caller's own choice, id and type always first and kept. */
export async function savePreferredColumns(ctx: Ctx, columns: readonly string[]) {
  const chosen = [...new Set([...alwaysShownColumns, ...columns])].join(',');
  await ctx.db
    .update(users)
    .set({ preferredTaskColumns: chosen, updatedAt: new Date() })
    .where(and(eq(users.tenantId, ctx.tenantId), eq(users.id, ctx.user.id)));
  return { preferredTaskColumns: chosen };
}
