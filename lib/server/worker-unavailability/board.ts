import 'server-only';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { users } from '@/db/schema';
import type { WorkerUnavailableSpan } from '@/lib/contract/working-hours';
import { zonedDateAndTime, zonedIsoInstant } from '@/lib/contract/zoned-time';
import { freeIntervalsFor } from '@/lib/server/availability';
import { subtract } from '@/lib/server/availability/intervals';
import type { Ctx } from '@/lib/server/http/ctx';
import { dayRange } from './days';

/** An instant as the tenant's wall clock with its offset, as the board reads it. */
function zonedIso(epochMs: number, timeZone: string): string {
  const { date, time } = zonedDateAndTime(new Date(epochMs), timeZone);
  return zonedIsoInstant(date, time, timeZone);
}

/**
 * GET workers-unavailability (shape documented on WorkerUnavailableSpan): each day's time outside the hours that
 * apply to it, from the one availability service. Two queries for the whole range, whatever the number of workers —
 * the board asks on every render. A day with no known limit (no record, no template) greys nothing.
 */
export async function workersUnavailability(ctx: Ctx, query: { from: string; to: string }): Promise<WorkerUnavailableSpan[]> {
  const range = dayRange(query.from, query.to, ctx.tenantTimeZone);
  const workers = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, ctx.tenantId), eq(users.assignee, true), eq(users.active, true), isNull(users.deleted)))
    .orderBy(asc(users.id));
  const availability = await freeIntervalsFor(ctx, workers.map((worker) => worker.id), range.from, range.to);
  const spans: WorkerUnavailableSpan[] = [];
  for (const worker of workers) {
    for (const day of availability.get(worker.id) ?? []) {
      if (day.source === 'unknown') continue;
      for (const gap of subtract([{ start: day.dayStart, end: day.dayEnd }], day.working)) {
        spans.push({
          workerId: worker.id,
          date: day.day,
          start: zonedIso(gap.start, ctx.tenantTimeZone),
          end: zonedIso(gap.end, ctx.tenantTimeZone),
        });
      }
    }
  }
  return spans;
}
