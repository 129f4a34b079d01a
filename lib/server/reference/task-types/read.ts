import 'server-only';
import { and, asc, count, eq, isNull, notInArray, sql } from 'drizzle-orm';
import { customFields, skills, taskTypeCustomFields, taskTypeSkills, taskTypes, tasks } from '@/db/schema';
import { TaskStatus } from '@/lib/contract/statuses';
import type { TaskTypeDetailView, TaskTypeView } from '@/lib/contract/task-types';
import type { DbOrTx } from '@/lib/server/core/db';
import type { Ctx } from '@/lib/server/core/ctx';
import { notFound } from '@/lib/server/core/errors';

export const taskTypeNotFound = () => notFound('taskTypes.notFound', 'Task type not found.');

const columns = {
  id: taskTypes.id,
  type: taskTypes.name,
  durationMins: taskTypes.durationMins,
  deleted: taskTypes.deleted,
};
type TaskTypeRow = { id: number; type: string; durationMins: number; deleted: Date | null };

/** The live task types, by name, each with its live skills and custom fields. */
export async function listTaskTypes(ctx: Ctx): Promise<TaskTypeView[]> {
  const rows = await ctx.db
    .select(columns)
    .from(taskTypes)
    .where(and(eq(taskTypes.tenantId, ctx.tenantId), isNull(taskTypes.deleted)))
    .orderBy(sql`lower(${taskTypes.name})`, asc(taskTypes.id));
  return withLinks(ctx.db, ctx.tenantId, rows);
}

/** One task type, deleted or not: a task that already has a deleted type still shows it. */
export async function getTaskType(ctx: Ctx, id: number): Promise<TaskTypeView> {
  const [row] = await ctx.db
    .select(columns)
    .from(taskTypes)
    .where(and(eq(taskTypes.tenantId, ctx.tenantId), eq(taskTypes.id, id)));
  if (!row) throw taskTypeNotFound();
  const [view] = await withLinks(ctx.db, ctx.tenantId, [row], id);
  return view;
}

/**
 * GET task-types/{id}: the type with the number of open tasks that use it, which the delete confirmation names
 * (those tasks keep the type).
 */
export async function getTaskTypeDetail(ctx: Ctx, id: number): Promise<TaskTypeDetailView> {
  const view = await getTaskType(ctx, id);
  const [row] = await ctx.db
    .select({ open: count() })
    .from(tasks)
    .where(
      and(
        eq(tasks.tenantId, ctx.tenantId),
        eq(tasks.typeId, id),
        isNull(tasks.deleted),
        isNull(tasks.cancelled),
        notInArray(tasks.statusId, [TaskStatus.completed, TaskStatus.cancelled]),
      ),
    );
  return { ...view, openTaskCount: row.open };
}

/** Links to deleted skills and fields stay stored but are not shown, as deleted items leave every picker. */
async function withLinks(
  db: DbOrTx,
  tenantId: number,
  rows: TaskTypeRow[],
  onlyTypeId?: number,
): Promise<TaskTypeView[]> {
  if (rows.length === 0) return [];
  const skillLinks = await db
    .select({ taskTypeId: taskTypeSkills.taskTypeId, skillId: taskTypeSkills.skillId })
    .from(taskTypeSkills)
    .innerJoin(skills, and(eq(skills.tenantId, taskTypeSkills.tenantId), eq(skills.id, taskTypeSkills.skillId)))
    .where(
      and(
        eq(taskTypeSkills.tenantId, tenantId),
        onlyTypeId === undefined ? undefined : eq(taskTypeSkills.taskTypeId, onlyTypeId),
        isNull(skills.deleted),
      ),
    )
    .orderBy(asc(taskTypeSkills.skillId));
  const fieldLinks = await db
    .select({ taskTypeId: taskTypeCustomFields.taskTypeId, customFieldId: taskTypeCustomFields.customFieldId })
    .from(taskTypeCustomFields)
    .innerJoin(
      customFields,
      and(eq(customFields.tenantId, taskTypeCustomFields.tenantId), eq(customFields.id, taskTypeCustomFields.customFieldId)),
    )
    .where(
      and(
        eq(taskTypeCustomFields.tenantId, tenantId),
        onlyTypeId === undefined ? undefined : eq(taskTypeCustomFields.taskTypeId, onlyTypeId),
        isNull(customFields.deleted),
      ),
    )
    .orderBy(asc(taskTypeCustomFields.customFieldId));
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    durationMins: row.durationMins,
    skills: skillLinks.filter((link) => link.taskTypeId === row.id).map(({ skillId }) => ({ skillId })),
    customFields: fieldLinks
      .filter((link) => link.taskTypeId === row.id)
      .map(({ customFieldId }) => ({ customFieldId })),
    deleted: row.deleted,
  }));
}
