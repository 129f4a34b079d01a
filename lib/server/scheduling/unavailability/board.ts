import 'server-only';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { users } from '@/db/schema';
import type { DayWindow } from '@/lib/contract/schedule-board';
import type { WorkerUnavailableSpan } from '@/lib/contract/working-hours';
import { zonedDateAndTime, zonedIsoInstant } from '@/lib/contract/zoned-time';
import { freeIntervalsFor, type DayAvailability } from '@/lib/server/scheduling/availability';
import { subtract } from '@/lib/server/scheduling/availability/intervals';
import type { Ctx } from '@/lib/server/core/ctx';
import { dayRange } from './days';

/** An instant as the tenant's wall clock with its offset, as the board reads it. */
function zonedIso(epochMs: number, timeZone: string): string {
  const { date, time } = zonedDateAndTime(new Date(epochMs), timeZone);
  return zonedIsoInstant(date, time, timeZone);
}

/** Minutes from midnight of an 'HH:mm' time ('24:00' is the day's end). */
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const timeOf = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * The earliest start and the latest end of anyone's working hours over the days read, on the wall clock; null when
 * no day has hours (no template, no record, or only days off). Read from the hours text, not the instants, so a day
 * the clocks change on still reads 08:00 as 08:00.
 */
function workingWindowOf(days: Iterable<DayAvailability>): DayWindow | null {
  let start = Number.POSITIVE_INFINITY;
  let end = Number.NEGATIVE_INFINITY;
  for (const day of days) {
    if (day.source === 'unknown' || day.hours === null) continue;
    for (const range of day.hours.split(',')) {
      const [from, to] = range.trim().split('|');
      if (!from || !to) continue;
      start = Math.min(start, minutesOf(from));
      end = Math.max(end, minutesOf(to));
    }
  }
  return end > start ? { start: timeOf(start), end: timeOf(end) } : null;
}

export interface BoardAvailability {
  unavailable: WorkerUnavailableSpan[];
  /** When the company's workers work over the range: the board's week shows these hours (widened to its tasks). */
  workingWindow: DayWindow | null;
}

/**
 * GET workers-unavailability (shape documented on WorkerUnavailableSpan): each day's time outside the hours that
 * apply to it, from the one availability service. Two queries for the whole range, whatever the number of workers —
 * the board asks on every render. A day with no known limit (no record, no template) greys nothing.
 */
export async function workersUnavailability(ctx: Ctx, query: { from: string; to: string }): Promise<WorkerUnavailableSpan[]> {
  return (await boardAvailability(ctx, query)).unavailable;
}

/** The greyed spans and the working window of the range, from one read of everyone's hours. */
export async function boardAvailability(ctx: Ctx, query: { from: string; to: string }): Promise<BoardAvailability> {
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
  return { unavailable: spans, workingWindow: workingWindowOf([...availability.values()].flat()) };
}
