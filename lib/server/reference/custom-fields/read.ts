import 'server-only';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { customFields, taskTypeCustomFields, taskTypes } from '@/db/schema';
import type { CustomFieldView } from '@/lib/contract/custom-fields';
import type { Ctx } from '@/lib/server/core/ctx';
import { notFound } from '@/lib/server/core/errors';

export const customFieldNotFound = () => notFound('customFields.notFound', 'Custom field not found.');

const columns = {
  id: customFields.id,
  fieldName: customFields.fieldName,
  fieldType: customFields.fieldType,
  options: customFields.options,
  required: customFields.required,
  requiredType: customFields.requiredType,
  displayType: customFields.displayType,
  deleted: customFields.deleted,
};
type CustomFieldRow = Omit<CustomFieldView, 'taskTypes'>;

/** The live custom fields, by name, each with the live task types that show it. */
export async function listCustomFields(ctx: Ctx): Promise<CustomFieldView[]> {
  const rows = await ctx.db
    .select(columns)
    .from(customFields)
    .where(and(eq(customFields.tenantId, ctx.tenantId), isNull(customFields.deleted)))
    .orderBy(sql`lower(${customFields.fieldName})`, asc(customFields.id));
  return withTaskTypes(ctx, rows);
}

/** One custom field, deleted or not, since tasks keep the values of a deleted field. */
export async function getCustomField(ctx: Ctx, id: number): Promise<CustomFieldView> {
  const [row] = await ctx.db
    .select(columns)
    .from(customFields)
    .where(and(eq(customFields.tenantId, ctx.tenantId), eq(customFields.id, id)));
  if (!row) throw customFieldNotFound();
  const [view] = await withTaskTypes(ctx, [row], id);
  return view;
}

async function withTaskTypes(ctx: Ctx, rows: CustomFieldRow[], onlyFieldId?: number): Promise<CustomFieldView[]> {
  if (rows.length === 0) return [];
  const links = await ctx.db
    .select({ customFieldId: taskTypeCustomFields.customFieldId, taskTypeId: taskTypeCustomFields.taskTypeId })
    .from(taskTypeCustomFields)
    .innerJoin(
      taskTypes,
      and(eq(taskTypes.tenantId, taskTypeCustomFields.tenantId), eq(taskTypes.id, taskTypeCustomFields.taskTypeId)),
    )
    .where(
      and(
        eq(taskTypeCustomFields.tenantId, ctx.tenantId),
        onlyFieldId === undefined ? undefined : eq(taskTypeCustomFields.customFieldId, onlyFieldId),
        isNull(taskTypes.deleted),
      ),
    )
    .orderBy(asc(taskTypeCustomFields.taskTypeId));
  return rows.map((row) => ({
    ...row,
    taskTypes: links.filter((link) => link.customFieldId === row.id).map(({ taskTypeId }) => ({ taskTypeId })),
  }));
}
