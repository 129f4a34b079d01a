import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { customFields, customFieldValues, taskTypeCustomFields } from '@/db/schema';
import { fieldValueError, type CustomFieldType } from '@/lib/contract/custom-fields';
import { problem, type ErrorCodeName, type Problem } from '@/lib/contract/errors';
import { TaskErrorCode, type MissingCustomField } from '@/lib/contract/tasks';
import type { DbOrTx } from '@/lib/server/core/db';
import type { Ctx } from '@/lib/server/core/ctx';
import { HttpError } from '@/lib/server/core/errors';
import type { TaskProblems } from './rules';

type RequiredType = 'ON_SAVE' | 'ON_COMPLETION';

export const valueMessages = {
  unknown: 'The custom field does not exist.',
  fieldRequired: 'Field is required',
} as const;

const valueField = (customFieldId: number) => `customFieldValues.${customFieldId}`;

/** Empty text, or an empty list for the quantity select, counts as no value. */
export function isEmptyValue(value: string | null | undefined): boolean {
  if (value === null || value === undefined) return true;
  const trimmed = value.trim();
  return trimmed === '' || trimmed === '[]';
}

/** Each field type's refusal of a value that does not fit it (the English text is the shared check's). */
const valueCodes: Record<CustomFieldType, ErrorCodeName> = {
  TEXT: 'task.valueNotOption',
  NUMBER: 'task.valueNotNumber',
  DATE: 'task.valueNotDate',
  BOOLEAN: 'task.valueNotBoolean',
  SINGLE_SELECT: 'task.valueNotOption',
  MULTI_SELECT: 'task.valueNotOption',
  MULTI_SELECT_QUANTITY: 'task.valueNotQuantityList',
};

/** Why a value does not fit its field, coded by the field's type; null when it fits. */
export function valueProblem(field: { fieldType: CustomFieldType; options: readonly string[] }, value: string): Problem | null {
  const message = fieldValueError(field, value);
  return message === null ? null : problem(valueCodes[field.fieldType], message);
}

export interface ValueInput {
  customFieldId: number;
  fieldValue: string | null;
}

export type CustomFieldRecord = typeof customFields.$inferSelect;

/** Every custom field of the tenant, deleted ones included. */
export async function tenantCustomFields(db: DbOrTx, ctx: Ctx): Promise<CustomFieldRecord[]> {
  return db.select().from(customFields).where(eq(customFields.tenantId, ctx.tenantId));
}

/**
 * The values a write may store: each must name a custom field of the tenant and fit its type. Values of a
 * deleted field are left as they are, since the form no longer shows that field.
 */
export function judgeValues(
  byId: ReadonlyMap<number, CustomFieldRecord>,
  inputs: readonly ValueInput[],
  problems: TaskProblems,
): ValueInput[] {
  const accepted: ValueInput[] = [];
  for (const input of inputs) {
    const field = byId.get(input.customFieldId);
    if (!field) {
      problems.add(valueField(input.customFieldId), 'task.customFieldUnknown', valueMessages.unknown);
      continue;
    }
    if (field.deleted) continue;
    const found = isEmptyValue(input.fieldValue) ? null : valueProblem(field, (input.fieldValue ?? '').trim());
    if (found) problems.addProblem(valueField(input.customFieldId), found);
    else accepted.push({ customFieldId: input.customFieldId, fieldValue: input.fieldValue?.trim() ?? null });
  }
  return accepted;
}

export async function checkValues(
  db: DbOrTx,
  ctx: Ctx,
  inputs: readonly ValueInput[],
  problems: TaskProblems,
): Promise<ValueInput[]> {
  if (inputs.length === 0) return [];
  const fields = await tenantCustomFields(db, ctx);
  return judgeValues(new Map(fields.map((field) => [field.id, field])), inputs, problems);
}

/** The task's stored values by field id. */
export async function storedValues(db: DbOrTx, ctx: Ctx, taskId: number): Promise<Map<number, string | null>> {
  const rows = await db
    .select({ customFieldId: customFieldValues.customFieldId, fieldValue: customFieldValues.fieldValue })
    .from(customFieldValues)
    .where(and(eq(customFieldValues.tenantId, ctx.tenantId), eq(customFieldValues.taskId, taskId)));
  return new Map(rows.map((row) => [row.customFieldId, row.fieldValue]));
}

export interface RequiredFieldRecord {
  id: number;
  fieldName: string;
  requiredType: RequiredType | null;
}

/** The live custom fields shown on tasks of this type; `onlyRequired` keeps the required ones. */
export async function liveFieldsOfType(
  db: DbOrTx,
  ctx: Ctx,
  typeId: number,
  onlyRequired = false,
): Promise<RequiredFieldRecord[]> {
  return db
    .select({ id: customFields.id, fieldName: customFields.fieldName, requiredType: customFields.requiredType })
    .from(taskTypeCustomFields)
    .innerJoin(
      customFields,
      and(eq(customFields.tenantId, taskTypeCustomFields.tenantId), eq(customFields.id, taskTypeCustomFields.customFieldId)),
    )
    .where(
      and(
        eq(taskTypeCustomFields.tenantId, ctx.tenantId),
        eq(taskTypeCustomFields.taskTypeId, typeId),
        onlyRequired ? eq(customFields.required, true) : undefined,
        isNull(customFields.deleted),
      ),
    )
    .orderBy(customFields.id);
}

/** The live required fields shown on tasks of this type. */
export const requiredFieldsOfType = (db: DbOrTx, ctx: Ctx, typeId: number): Promise<RequiredFieldRecord[]> =>
  liveFieldsOfType(db, ctx, typeId, true);

/** The required fields that have no value: the names the error shows. */
export function missingAmong(
  fields: readonly RequiredFieldRecord[],
  values: ReadonlyMap<number, string | null>,
  requiredTypes: readonly RequiredType[],
): MissingCustomField[] {
  return fields
    .filter((field) => field.requiredType !== null && requiredTypes.includes(field.requiredType))
    .filter((field) => isEmptyValue(values.get(field.id)))
    .map(({ id, fieldName }) => ({ id, fieldName }));
}

export async function missingRequiredFields(
  db: DbOrTx,
  ctx: Ctx,
  typeId: number,
  values: ReadonlyMap<number, string | null>,
  requiredTypes: readonly RequiredType[],
): Promise<MissingCustomField[]> {
  return missingAmong(await requiredFieldsOfType(db, ctx, typeId), values, requiredTypes);
}

/**
 * '{fields} are required', with 'Field is required' on each missing field (`customFieldValues.{id}`), so the form
 * can flag each one. It keeps the fields themselves too (and in error.details.missingFields, as a bulk answer
 * names them per task), so the worker's phone can show the fields to fill.
 */
export class RequiredFieldsError extends HttpError {
  constructor(readonly missing: readonly MissingCustomField[]) {
    super(
      400,
      TaskErrorCode.requiredCustomFields,
      `${missing.map((field) => field.fieldName).join(', ')} are required`,
      Object.fromEntries(
        missing.map((field) => [valueField(field.id), [problem('task.customFieldRequired', valueMessages.fieldRequired)]]),
      ),
      { missingFields: [...missing] },
      undefined,
      { fields: missing.map((field) => field.fieldName).join(', ') },
    );
  }
}

export function requiredFieldsError(missing: readonly MissingCustomField[]): RequiredFieldsError {
  return new RequiredFieldsError(missing);
}

export function assertNoneMissing(missing: readonly MissingCustomField[]): void {
  if (missing.length > 0) throw requiredFieldsError(missing);
}

export async function assertRequiredFields(
  db: DbOrTx,
  ctx: Ctx,
  typeId: number,
  values: ReadonlyMap<number, string | null>,
  requiredTypes: readonly RequiredType[],
): Promise<void> {
  assertNoneMissing(await missingRequiredFields(db, ctx, typeId, values, requiredTypes));
}

/** Writes the values: an empty one removes the stored value. */
export async function saveValues(db: DbOrTx, ctx: Ctx, taskId: number, values: readonly ValueInput[]): Promise<void> {
  for (const value of values) {
    if (isEmptyValue(value.fieldValue)) {
      await db
        .delete(customFieldValues)
        .where(
          and(
            eq(customFieldValues.tenantId, ctx.tenantId),
            eq(customFieldValues.taskId, taskId),
            eq(customFieldValues.customFieldId, value.customFieldId),
          ),
        );
      continue;
    }
    await db
      .insert(customFieldValues)
      .values({ tenantId: ctx.tenantId, taskId, customFieldId: value.customFieldId, fieldValue: value.fieldValue })
      .onConflictDoUpdate({
        target: [customFieldValues.tenantId, customFieldValues.taskId, customFieldValues.customFieldId],
        set: { fieldValue: value.fieldValue, updated: sql`now()` },
      });
  }
}

/** The values after a write: what is stored, overlaid with what the write brings. */
export function mergeValues(
  stored: ReadonlyMap<number, string | null>,
  incoming: readonly ValueInput[],
): Map<number, string | null> {
  const merged = new Map(stored);
  for (const value of incoming) merged.set(value.customFieldId, value.fieldValue);
  return merged;
}
