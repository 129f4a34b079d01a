import 'server-only';
import { and, asc, between, eq, isNull } from 'drizzle-orm';
import { users, workerUnavailability, workingHoursTemplateDays, workingHoursTemplates } from '@/db/schema';
import { dayKeyOf, unavailableRanges, type WorkerUnavailableSpan } from '@/lib/contract/working-hours';
import { addDays, zonedIsoInstant } from '@/lib/contract/zoned-time';
import type { Ctx } from '@/lib/server/http/ctx';
import { dayRange } from './days';

const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** A minute of a local day as an instant with the zone's offset; 24:00 is the next day's midnight. */
function instantOf(date: string, minutes: number, timeZone: string): string {
  return minutes >= 24 * 60 ? zonedIsoInstant(addDays(date, 1), '00:00', timeZone) : zonedIsoInstant(date, clock(minutes), timeZone);
}

/**
 * GET workers-unavailability (shape documented on WorkerUnavailableSpan): three queries for the whole range,
 * whatever the number of workers — the board asks on every render.
 */
export async function workersUnavailability(ctx: Ctx, query: { from: string; to: string }): Promise<WorkerUnavailableSpan[]> {
  const range = dayRange(query.from, query.to, ctx.tenantTimeZone);
  const [workers, templateDays, records] = await Promise.all([
    ctx.db
      .select({ id: users.id, templateId: users.workingHoursTemplateId })
      .from(users)
      .where(and(eq(users.tenantId, ctx.tenantId), eq(users.assignee, true), eq(users.active, true), isNull(users.deleted)))
      .orderBy(asc(users.id)),
    ctx.db
      .select({ templateId: workingHoursTemplateDays.templateId, day: workingHoursTemplateDays.day, hours: workingHoursTemplateDays.hours })
      .from(workingHoursTemplateDays)
      .innerJoin(
        workingHoursTemplates,
        and(eq(workingHoursTemplates.tenantId, ctx.tenantId), eq(workingHoursTemplates.id, workingHoursTemplateDays.templateId)),
      )
      .where(and(eq(workingHoursTemplateDays.tenantId, ctx.tenantId), isNull(workingHoursTemplates.deleted))),
    ctx.db
      .select({ userId: workerUnavailability.userId, date: workerUnavailability.dateUnavailability, hours: workerUnavailability.hours })
      .from(workerUnavailability)
      .where(
        and(
          eq(workerUnavailability.tenantId, ctx.tenantId),
          between(workerUnavailability.dateUnavailability, range.from, range.to),
          isNull(workerUnavailability.deleted),
        ),
      ),
  ]);
  const templateHours = new Map(templateDays.map((row) => [`${row.templateId}/${row.day}`, row.hours]));
  const recordHours = new Map(records.map((row) => [`${row.userId}/${row.date}`, row.hours]));
  const spans: WorkerUnavailableSpan[] = [];
  for (const worker of workers) {
    for (const date of range.days) {
      const hours =
        recordHours.get(`${worker.id}/${date}`) ??
        (worker.templateId === null ? undefined : templateHours.get(`${worker.templateId}/${dayKeyOf(date)}`));
      if (hours === undefined) continue;
      for (const gap of unavailableRanges(hours)) {
        spans.push({
          workerId: worker.id,
          date,
          start: instantOf(date, gap.start, ctx.tenantTimeZone),
          end: instantOf(date, gap.end, ctx.tenantTimeZone),
        });
      }
    }
  }
  return spans;
}
