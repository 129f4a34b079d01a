import 'server-only';
import { and, asc, eq, isNull, notExists, sql } from 'drizzle-orm';
import { tasks, users } from '@/db/schema';
import { alwaysShownColumns } from '@/lib/contract/tasks';
import type { Ctx } from '@/lib/server/http/ctx';

/**
 * GET users/available: active, non-deleted workers with no task overlapping [from, to). Cancelled tasks hold no
 * time; a task occupies its appointment start plus its duration.
 */
export async function availableWorkers(ctx: Ctx, from: Date, to: Date) {
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
    .select({ id: users.id, name: users.name, surname: users.surname, profilePictureId: users.profilePictureId })
    .from(users)
    .where(
      and(
        eq(users.tenantId, ctx.tenantId),
        eq(users.assignee, true),
        eq(users.active, true),
        isNull(users.deleted),
        notExists(busy),
      ),
    )
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
