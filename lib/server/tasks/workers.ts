import 'server-only';
import { and, asc, eq, isNull, notExists, sql } from 'drizzle-orm';
import { tasks, users } from '@/db/schema';
import { alwaysShownColumns } from '@/lib/contract/tasks';
import { Feature } from '@/lib/contract/features';
import { availabilityOver } from '@/lib/server/availability';
import type { Ctx } from '@/lib/server/http/ctx';

const workerCard = { id: users.id, name: users.name, surname: users.surname, profilePictureId: users.profilePictureId };

const liveAssignees = (ctx: Ctx) =>
  and(eq(users.tenantId, ctx.tenantId), eq(users.assignee, true), eq(users.active, true), isNull(users.deleted));

/**
 * GET users/available: active, non-deleted workers free for the whole of [from, to). Cancelled tasks hold no time;
 * a task occupies its appointment start plus its duration. With working hours (feature 2) on, the range must also
 * lie inside the worker's hours for those days (availability service); a worker with no template and no record
 * for the day has no known limit.
 */
export async function availableWorkers(ctx: Ctx, from: Date, to: Date) {
  if (ctx.features.includes(Feature.workingHours)) {
    const candidates = await ctx.db.select(workerCard).from(users).where(liveAssignees(ctx)).orderBy(asc(users.name), asc(users.surname), asc(users.id));
    const availability = await availabilityOver(ctx, candidates.map((worker) => worker.id), from, to, { minusTasks: true });
    return candidates.filter((worker) => availability.get(worker.id)?.available === true);
  }
  const busy = ctx.db
    .select({ id: tasks.id })
    .from(tasks)
    .where(
      and(
        eq(tasks.tenantId, ctx.tenantId),
        eq(tasks.assigneeId, users.id),
        isNull(tasks.deleted),
        isNull(tasks.cancelled),
        sql`${tasks.appointmentDate} < ${to}`,
        sql`${tasks.appointmentDate} + make_interval(mins => ${tasks.durationMins}) > ${from}`,
      ),
    );
  return ctx.db
    .select(workerCard)
    .from(users)
    .where(and(liveAssignees(ctx), notExists(busy)))
    .orderBy(asc(users.name), asc(users.surname), asc(users.id));
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
