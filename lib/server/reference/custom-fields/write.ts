import 'server-only';
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { customFields, customFieldValues, taskTypeCustomFields, taskTypes } from '@/db/schema';
import { customFieldMessages, type CustomFieldBody, type CustomFieldView } from '@/lib/contract/custom-fields';
import type { Tx } from '@/lib/server/core/db';
import type { Ctx } from '@/lib/server/core/ctx';
import { businessRule, fieldProblem } from '@/lib/server/core/errors';
import { liveLinkIds } from '@/lib/server/reference/data/links';
import { assertNameFree, type NameTaken } from '@/lib/server/reference/data/names';
import { customFieldNotFound, getCustomField } from './read';

export const customFieldConflictMessage = 'A custom field with this name already exists.';
const customFieldNameTaken: NameTaken = { code: 'customFields.nameTaken', message: customFieldConflictMessage, path: 'fieldName' };
export const fieldTypeInUseMessage = customFieldMessages.fieldTypeInUse;

const namedFields = { table: customFields, name: customFields.fieldName };

function fieldColumns(body: CustomFieldBody) {
  return {
    fieldName: body.fieldName,
    fieldType: body.fieldType,
    options: body.options,
    required: body.required,
    requiredType: body.requiredType,
    displayType: body.displayType,
  };
}

export async function createCustomField(ctx: Ctx, body: CustomFieldBody): Promise<CustomFieldView> {
  const id = await ctx.db.transaction(async (tx) => {
    await assertNameFree(tx, ctx.tenantId, namedFields, body.fieldName, customFieldNameTaken);
    const [row] = await tx
      .insert(customFields)
      .values({ tenantId: ctx.tenantId, ...fieldColumns(body) })
      .returning({ id: customFields.id });
    await replaceTaskTypeLinks(tx, ctx, row.id, body);
    return row.id;
  });
  return getCustomField(ctx, id);
}

/** A deleted field answers 404. Values already stored would not read under another type, so that is refused. */
export async function updateCustomField(ctx: Ctx, id: number, body: CustomFieldBody): Promise<CustomFieldView> {
  await ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ fieldType: customFields.fieldType })
      .from(customFields)
      .where(and(eq(customFields.tenantId, ctx.tenantId), eq(customFields.id, id), isNull(customFields.deleted)))
      .for('update');
    if (!current) throw customFieldNotFound();
    if (current.fieldType !== body.fieldType && (await hasStoredValues(tx, ctx.tenantId, id))) {
      throw businessRule('customFields.typeInUse', fieldTypeInUseMessage, fieldProblem('fieldType', 'customFields.typeInUse', fieldTypeInUseMessage));
    }
    await assertNameFree(tx, ctx.tenantId, namedFields, body.fieldName, customFieldNameTaken, id);
    await tx
      .update(customFields)
      .set({ ...fieldColumns(body), updated: new Date() })
      .where(and(eq(customFields.tenantId, ctx.tenantId), eq(customFields.id, id)));
    await replaceTaskTypeLinks(tx, ctx, id, body);
  });
  return getCustomField(ctx, id);
}

/** Soft delete: tasks keep the values they have; task types and new tasks no longer show the field. */
export async function deleteCustomField(ctx: Ctx, id: number): Promise<CustomFieldView> {
  const [row] = await ctx.db
    .update(customFields)
    .set({ deleted: new Date(), updated: new Date() })
    .where(and(eq(customFields.tenantId, ctx.tenantId), eq(customFields.id, id), isNull(customFields.deleted)))
    .returning({ id: customFields.id });
  if (!row) throw customFieldNotFound();
  return getCustomField(ctx, id);
}

async function hasStoredValues(tx: Tx, tenantId: number, customFieldId: number): Promise<boolean> {
  const [value] = await tx
    .select({ id: customFieldValues.id })
    .from(customFieldValues)
    .where(
      and(
        eq(customFieldValues.tenantId, tenantId),
        eq(customFieldValues.customFieldId, customFieldId),
        ne(customFieldValues.fieldValue, ''),
      ),
    )
    .limit(1);
  return value !== undefined;
}

/** Replaces the links to live task types only: links to deleted types are invisible here, so a save keeps them. */
async function replaceTaskTypeLinks(tx: Tx, ctx: Ctx, customFieldId: number, body: CustomFieldBody): Promise<void> {
  if (!body.taskTypes) return;
  const typeIds = await liveLinkIds(
    tx,
    ctx.tenantId,
    taskTypes,
    body.taskTypes.map((link) => link.taskTypeId),
    (index) => `taskTypes.${index}.taskTypeId`,
    { code: 'customFields.unknownTaskType', message: 'Task type not found.' },
  );
  const liveTypes = tx
    .select({ id: taskTypes.id })
    .from(taskTypes)
    .where(and(eq(taskTypes.tenantId, ctx.tenantId), isNull(taskTypes.deleted)));
  await tx
    .delete(taskTypeCustomFields)
    .where(
      and(
        eq(taskTypeCustomFields.tenantId, ctx.tenantId),
        eq(taskTypeCustomFields.customFieldId, customFieldId),
        inArray(taskTypeCustomFields.taskTypeId, liveTypes),
      ),
    );
  if (typeIds.length > 0) {
    await tx
      .insert(taskTypeCustomFields)
      .values(typeIds.map((taskTypeId) => ({ tenantId: ctx.tenantId, taskTypeId, customFieldId })));
  }
}
