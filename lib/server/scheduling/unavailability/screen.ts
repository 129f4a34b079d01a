import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { users, workingHoursTemplateDays, workingHoursTemplates } from '@/db/schema';
import { sortedByName } from '@/lib/contract/person-name';
import type { AvailabilityScreenStart, DayKey } from '@/lib/contract/working-hours';
import { todayIn } from '@/lib/contract/zoned-time';
import type { Ctx } from '@/lib/server/core/ctx';

/**
 * What the availability screen needs before any week is chosen, read with the page: the active, non-deleted
 * assignees (spec 02 §5 "Worker lists") and their templates' hours, two queries for the whole tenant.
 */
export async function availabilityScreenStart(ctx: Ctx): Promise<AvailabilityScreenStart> {
  const [workers, templateDays] = await Promise.all([
    ctx.db
      .select({ id: users.id, name: users.name, surname: users.surname, templateId: users.workingHoursTemplateId })
      .from(users)
      .where(and(eq(users.tenantId, ctx.tenantId), eq(users.assignee, true), eq(users.active, true), isNull(users.deleted)))
      .then(sortedByName),
    ctx.db
      .select({ templateId: workingHoursTemplateDays.templateId, day: workingHoursTemplateDays.day, hours: workingHoursTemplateDays.hours })
      .from(workingHoursTemplateDays)
      .innerJoin(
        workingHoursTemplates,
        and(eq(workingHoursTemplates.tenantId, ctx.tenantId), eq(workingHoursTemplates.id, workingHoursTemplateDays.templateId)),
      )
      .where(and(eq(workingHoursTemplateDays.tenantId, ctx.tenantId), isNull(workingHoursTemplates.deleted))),
  ]);
  const templates = new Map<number, Partial<Record<DayKey, string>>>();
  for (const row of templateDays) templates.set(row.templateId, { ...templates.get(row.templateId), [row.day]: row.hours });
  return {
    today: todayIn(ctx.tenantTimeZone),
    workers: workers.map((worker) => ({
      id: worker.id,
      name: [worker.name, worker.surname].filter(Boolean).join(' '),
      templateHours: worker.templateId === null ? null : (templates.get(worker.templateId) ?? {}),
    })),
  };
}
