import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { customFields, tasks } from '@/db/schema';
import { problem, type FieldProblems, type Problem } from '@/lib/contract/errors';
import { Feature } from '@/lib/contract/features';
import type { DuplicateBody, TaskView } from '@/lib/contract/tasks';
import { TaskErrorCode } from '@/lib/contract/tasks';
import type { DbOrTx } from '@/lib/server/core/db';
import { assertFeature, type Ctx } from '@/lib/server/core/ctx';
import { businessRule } from '@/lib/server/core/errors';
import { missingRequiredFields, saveValues, storedValues } from './custom-field-values';
import type { TaskColumns } from './draft';
import { taskChangeSet } from './change-set';
import { checkAssignee, checkClient, checkTaskType, isCancelled, TaskProblems, taskNotFound, type TaskRow } from './rules';
import { insertTask } from './write';

type Field = NonNullable<DuplicateBody['fields']>[number];

/**
 * The copy's columns. Forced, as the duplicate modal forces them: title, type, assignee and appointment. The
 * copy starts its own life: pending, with a new reference number, and none of the original's history.
 */
function copiedColumns(task: TaskRow, fields: ReadonlySet<Field>) {
  const columns: Partial<TaskColumns> & Pick<TaskColumns, 'title' | 'typeId'> = {
    title: task.title,
    typeId: task.typeId,
    assigneeId: task.assigneeId,
    appointmentDate: task.appointmentDate,
    durationMins: task.durationMins,
  };
  if (fields.has('client')) columns.clientId = task.clientId;
  if (fields.has('description')) columns.description = task.description;
  if (fields.has('billingStatus')) columns.billingStatusId = task.billingStatusId;
  if (fields.has('timeSlot')) columns.timeSlotId = task.timeSlotId;
  if (fields.has('externalReference')) columns.externalReference = task.externalReference;
  if (fields.has('location')) {
    Object.assign(columns, {
      locationAddress: task.locationAddress,
      locationLatitude: task.locationLatitude,
      locationLongitude: task.locationLongitude,
    });
  }
  if (fields.has('contact')) {
    Object.assign(columns, {
      contactName: task.contactName,
      contactSurname: task.contactSurname,
      contactPhoneCountryCode: task.contactPhoneCountryCode,
      contactPhone: task.contactPhone,
    });
  }
  return columns;
}

/** Why this task cannot be copied, or none: a copy is new use, so deleted types, clients and workers are refused. */
async function refusals(db: DbOrTx, ctx: Ctx, task: TaskRow | undefined, fields: ReadonlySet<Field>): Promise<Problem[]> {
  if (!task) return [problem('task.notFound', taskNotFound)];
  if (isCancelled(task)) return [problem('task.duplicateCancelled', 'A cancelled task cannot be duplicated.')];
  const problems = new TaskProblems();
  await checkTaskType(db, ctx, task.typeId, false, problems);
  if (fields.has('client') && task.clientId !== null) await checkClient(db, ctx, task.clientId, false, problems);
  if (task.assigneeId !== null) await checkAssignee(db, ctx, task.assigneeId, problems);
  if (problems.list().length > 0) return problems.list();
  const missing = await missingRequiredFields(db, ctx, task.typeId, await storedValues(db, ctx, task.id), ['ON_SAVE']);
  if (missing.length === 0) return [];
  const names = missing.map((field) => field.fieldName).join(', ');
  return [problem(TaskErrorCode.requiredCustomFields, `${names} are required`, { fields: names })];
}

/** The values the copy takes: the ON_SAVE ones always, the others when chosen. */
async function copiedValues(db: DbOrTx, ctx: Ctx, taskId: number, all: boolean) {
  const values = await storedValues(db, ctx, taskId);
  const onSave = await db
    .select({ id: customFields.id })
    .from(customFields)
    .where(and(eq(customFields.tenantId, ctx.tenantId), eq(customFields.requiredType, 'ON_SAVE')));
  const onSaveIds = new Set(onSave.map((field) => field.id));
  return [...values]
    .filter(([customFieldId]) => all || onSaveIds.has(customFieldId))
    .map(([customFieldId, fieldValue]) => ({ customFieldId, fieldValue }));
}

/**
 * POST tasks/duplicate: all the copies or none. When one task cannot be copied the answer is 422 naming each
 * such task id with its reason.
 */
export async function duplicateTasks(ctx: Ctx, body: DuplicateBody): Promise<TaskView[]> {
  const fields = new Set<Field>(body.fields ?? []);
  return ctx.db.transaction(async (tx) => {
    const ids = [...new Set(body.tasks)];
    const originals: TaskRow[] = [];
    const failures: FieldProblems = {};
    for (const id of ids) {
      const [task] = await tx
        .select()
        .from(tasks)
        .where(and(eq(tasks.tenantId, ctx.tenantId), eq(tasks.id, id), isNull(tasks.deleted)));
      const reasons = await refusals(tx, ctx, task, fields);
      if (reasons.length > 0) failures[`tasks.${id}`] = reasons;
      else originals.push(task);
    }
    // A copy is a new task: giving it the original's slot sets a slot, which feature 3 gates like the task form.
    if (fields.has('timeSlot') && originals.some((task) => task.timeSlotId !== null)) assertFeature(ctx, Feature.timeSlots);
    if (Object.keys(failures).length > 0) {
      throw businessRule(TaskErrorCode.duplicateFailed, 'The tasks could not be duplicated.', failures);
    }
    const changes = taskChangeSet(tx, ctx);
    const copyIds: number[] = [];
    for (const task of originals) {
      const copyId = await insertTask(tx, ctx, changes, copiedColumns(task, fields));
      await saveValues(tx, ctx, copyId, await copiedValues(tx, ctx, task.id, fields.has('customFieldValues')));
      copyIds.push(copyId);
    }
    const views = await changes.flush();
    return copyIds.map((id) => {
      const view = views.get(id);
      if (!view) throw new Error(`the copy ${id} has no view`);
      return view;
    });
  });
}
