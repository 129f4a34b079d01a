import 'server-only';
import { and, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { customFields, taskTypeCustomFields, tasks } from '@/db/schema';
import type { TaskView } from '@/lib/contract/tasks';
import { workerTaskLimits, type WorkerCustomField, type WorkerTasksQuery, type WorkerTasksResponse } from '@/lib/contract/worker';
import { addDays, startOfDay, todayIn } from '@/lib/contract/zoned-time';
import { bodyAnswer, type BodyAnswer } from '@/lib/server/core/answer';
import type { Ctx } from '@/lib/server/core/ctx';
import { invalidField, notFound } from '@/lib/server/core/errors';
import { assertReachable } from '@/lib/server/tasks/notes/access';
import { taskNotFound } from '@/lib/server/tasks/rules';
import { selectTaskViews } from '@/lib/server/tasks/view';
import { selectTaskViewJson } from '@/lib/server/tasks/view-json';

/**
 * GET tasks/{id}: a manager reads any task of the tenant, a worker only their own; another id answers 404. The view
 * goes out as the database wrote its JSON (lib/server/tasks/view-json.ts).
 */
export async function reachableTaskResponse(ctx: Ctx, id: number): Promise<BodyAnswer> {
  const found = await selectTaskViewJson(ctx.db, ctx.tenantId, ctx.tenantTimeZone, id);
  if (!found) throw notFound('task.notFound', taskNotFound);
  assertReachable(ctx, found);
  return bodyAnswer({ body: found.json, contentType: 'application/json' });
}

/** The regex lets 2026-02-31 through; a date that does not exist is refused rather than rolled into March. */
function checkedDate(date: string): string {
  if (addDays(date, 0) !== date) throw invalidField('date', 'task.dateNotReal', 'The date does not exist.');
  return date;
}

/**
 * GET worker/tasks: the signed-in worker's own tasks whose appointment falls on `days` days from `date` (today in
 * the tenant's zone by default), in appointment order. Cancelled ones are included: the worker sees that a visit
 * was called off instead of it silently disappearing from the day.
 */
export async function listWorkerTasks(ctx: Ctx, query: WorkerTasksQuery): Promise<WorkerTasksResponse> {
  const from = query.date ? checkedDate(query.date) : todayIn(ctx.tenantTimeZone);
  const days = query.days ?? workerTaskLimits.daysDefault;
  const where = and(
    eq(tasks.tenantId, ctx.tenantId),
    isNull(tasks.deleted),
    eq(tasks.assigneeId, ctx.user.id),
    gte(tasks.appointmentDate, startOfDay(from, ctx.tenantTimeZone)),
    lt(tasks.appointmentDate, startOfDay(addDays(from, days), ctx.tenantTimeZone)),
  ) as SQL;
  const rows = await selectTaskViews(ctx.db, ctx.tenantId, ctx.tenantTimeZone, {
    where,
    orderBy: sql`${tasks.appointmentDate}, ${tasks.id}`,
  });
  const views = rows.map((row) => row.view);
  return { from, to: addDays(from, days - 1), tasks: views, customFields: await fieldsOfTypes(ctx, views) };
}

/** The live custom fields of the tasks' types, in name order: what the worker may be asked to fill in. */
async function fieldsOfTypes(ctx: Ctx, views: readonly TaskView[]): Promise<WorkerCustomField[]> {
  const typeIds = [...new Set(views.map((view) => view.typeId))];
  if (typeIds.length === 0) return [];
  return ctx.db
    .selectDistinct({ id: customFields.id, fieldName: customFields.fieldName, fieldType: customFields.fieldType, options: customFields.options })
    .from(taskTypeCustomFields)
    .innerJoin(customFields, and(eq(customFields.tenantId, taskTypeCustomFields.tenantId), eq(customFields.id, taskTypeCustomFields.customFieldId)))
    .where(
      and(
        eq(taskTypeCustomFields.tenantId, ctx.tenantId),
        inArray(taskTypeCustomFields.taskTypeId, typeIds),
        isNull(customFields.deleted),
      ),
    )
    .orderBy(customFields.fieldName, customFields.id);
}
