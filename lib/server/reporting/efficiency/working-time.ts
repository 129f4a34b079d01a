import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { users } from '@/db/schema';
import { workingMinutesFor } from '@/lib/server/scheduling/availability';
import type { Ctx } from '@/lib/server/core/ctx';
import { idArray } from '@/lib/server/tasks/view';

/**
 * The workers whose hours the footer adds up: the chosen ones that are non-deleted workers (assignees) of the
 * tenant, or, with none chosen, all of them. Deactivated workers count like the rows count their tasks: the report
 * looks back, at time they did work. Another tenant's ids are never among them.
 */
async function countedWorkers(ctx: Ctx, chosen: readonly number[]): Promise<number[]> {
  const rows = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.tenantId, ctx.tenantId),
        eq(users.assignee, true),
        isNull(users.deleted),
        chosen.length > 0 ? sql`${users.id} = any(${idArray(chosen)})` : undefined,
      ),
    );
  return rows.map((row) => row.id);
}

/**
 * The selected workers' working time over the local days `fromDay`..`toDay`, in whole minutes, read through the
 * availability service (the worker's record for the date wins over the template's weekday, a blank record or
 * template day is a day off, the clock changes are counted as the hours really are). Tasks are not taken out: this
 * is the time the workers were there to work. A worker without a template or record for a day counts nothing that
 * day, as no hours are known.
 */
export async function workingMinutes(ctx: Ctx, chosen: readonly number[], fromDay: string, toDay: string): Promise<number> {
  const workerIds = await countedWorkers(ctx, chosen);
  if (workerIds.length === 0) return 0;
  const perWorker = await workingMinutesFor(ctx, workerIds, fromDay, toDay);
  let total = 0;
  for (const minutes of perWorker.values()) total += minutes;
  return Math.round(total);
}
