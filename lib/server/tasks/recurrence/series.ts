import 'server-only';
import { and, asc, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import { tasks } from '@/db/schema';
import {
  RecurrenceErrorCode,
  recurrenceMessages,
  type RecurrenceBody,
  type RecurrenceResult,
} from '@/lib/contract/recurrence';
import {
  endDateLimits,
  normalizeRule,
  occurrenceDates,
  occurrenceInstants,
  type RecurrenceRule,
} from '@/lib/contract/recurrence-dates';
import { TaskLogAction, TaskStatus } from '@/lib/contract/tasks';
import { todayIn, zonedDateAndTime } from '@/lib/contract/zoned-time';
import type { DbOrTx } from '@/lib/server/core/db';
import type { Ctx } from '@/lib/server/core/ctx';
import { businessRule, invalidField } from '@/lib/server/core/errors';
import { missingRequiredFields, requiredFieldsError, storedValues } from '@/lib/server/tasks/custom-field-values';
import { nextUpdated, taskChangeSet } from '@/lib/server/tasks/change-set';
import {
  assertFresh,
  assertNotCancelled,
  checkAssignee,
  checkClient,
  checkTaskType,
  TaskProblems,
  lockTask,
  type TaskRow,
} from '@/lib/server/tasks/rules';
import { lockReferenceCounter } from '@/lib/server/tasks/reference-counter';
import { deleteTasks, insertChildren } from './children';

const ruleColumns = (task: Pick<TaskRow, 'recurringRule' | 'recurringCount' | 'repeatEveryOption' | 'repeatOn' | 'endRecurrence'>) => ({
  recurringRule: task.recurringRule,
  recurringCount: task.recurringCount,
  repeatEveryOption: task.repeatEveryOption,
  repeatOn: task.repeatOn,
  endRecurrence: task.endRecurrence,
});

const noRule = { recurringRule: null, recurringCount: null, repeatEveryOption: null, repeatOn: null, endRecurrence: null };

/** Spec 01 §8: a task needs a date and a worker to recur, and its required (ON_SAVE) fields filled. */
async function assertCanRecur(db: DbOrTx, ctx: Ctx, task: TaskRow): Promise<{ start: Date }> {
  assertNotCancelled(task);
  if (task.appointmentDate === null || task.assigneeId === null) {
    throw businessRule(RecurrenceErrorCode.needsSchedule, recurrenceMessages.needsSchedule);
  }
  // Every child is new use of the type, client and worker, as a duplicate is: deleted or inactive ones are refused.
  const problems = new TaskProblems();
  await checkTaskType(db, ctx, task.typeId, false, problems);
  if (task.clientId !== null) await checkClient(db, ctx, task.clientId, false, problems);
  await checkAssignee(db, ctx, task.assigneeId, problems);
  problems.throwIfAny();
  const missing = await missingRequiredFields(db, ctx, task.typeId, await storedValues(db, ctx, task.id), ['ON_SAVE']);
  if (missing.length > 0) {
    // The same code and fields as the task form's check, as a 422: the task itself is fine, the series is not.
    const error = requiredFieldsError(missing);
    throw businessRule(error.code, error.message, error.fields, undefined, error.params);
  }
  return { start: task.appointmentDate };
}

/** The stored rule and the children's start instants, or the spec's refusals (end date limits, nothing to recur). */
function planSeries(ctx: Ctx, start: Date, body: RecurrenceBody): { rule: RecurrenceRule; starts: Date[] } {
  const today = todayIn(ctx.tenantTimeZone);
  const startDate = zonedDateAndTime(start, ctx.tenantTimeZone).date;
  const rule = normalizeRule(startDate, body);
  if (rule.endRecurrence !== null) {
    const { min, max } = endDateLimits(today, rule.recurringRule);
    if (rule.endRecurrence < min) {
      throw invalidField('endRecurrence', 'recurrence.endTooEarly', recurrenceMessages.endTooEarly.replace('{min}', min), { min });
    }
    if (rule.endRecurrence > max) {
      throw invalidField('endRecurrence', 'recurrence.endTooLate', recurrenceMessages.endTooLate.replace('{max}', max), { max });
    }
  }
  const now = Date.now();
  const starts = occurrenceInstants(start, occurrenceDates(startDate, rule, today), ctx.tenantTimeZone).filter(
    (instant) => instant.getTime() > now,
  );
  if (starts.length === 0) throw businessRule(RecurrenceErrorCode.nothingToRecur, recurrenceMessages.nothingToRecur);
  return { rule, starts };
}

/**
 * Re-recurring a child: the old series' later children that have not started (pending) are replaced by the new
 * series; started, paused, completed and cancelled ones stay where they are.
 */
async function replacedChildren(db: DbOrTx, ctx: Ctx, child: TaskRow): Promise<number[]> {
  if (child.recurringTaskId === null || child.appointmentDate === null) return [];
  const rows = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(
      and(
        eq(tasks.tenantId, ctx.tenantId),
        eq(tasks.recurringTaskId, child.recurringTaskId),
        ne(tasks.id, child.recurringTaskId),
        ne(tasks.id, child.id),
        isNull(tasks.deleted),
        eq(tasks.statusId, TaskStatus.pending),
        isNull(tasks.cancelled),
        gt(tasks.appointmentDate, child.appointmentDate),
      ),
    )
    .for('update');
  return rows.map((row) => row.id);
}

/**
 * POST tasks/recurring (a task outside any series) and PUT tasks/recurring/{id} (a child re-recurred, or a task
 * outside any series): the task becomes the parent of a new series and its children are created, all in one
 * transaction. A parent is refused: it can only have its recurrence removed.
 */
export async function recur(ctx: Ctx, id: number, body: RecurrenceBody, mode: 'create' | 'reRecur'): Promise<RecurrenceResult> {
  return ctx.db.transaction(async (tx) => {
    const task = await lockTask(tx, ctx, id);
    assertFresh(task, body.updated);
    if (task.recurringTaskId === task.id) throw businessRule(RecurrenceErrorCode.parentLocked, recurrenceMessages.parentLocked);
    if (task.recurringTaskId !== null && mode === 'create') {
      throw businessRule(RecurrenceErrorCode.alreadyRecurring, recurrenceMessages.alreadyRecurring);
    }
    const { start } = await assertCanRecur(tx, ctx, task);
    const { rule, starts } = planSeries(ctx, start, body);
    const replaced = await replacedChildren(tx, ctx, task);

    // Lock order: the counter before the tenants row, as every creation takes them (the change set's flush takes the
    // tenants row for the live events, last).
    if (starts.length > 0) await lockReferenceCounter(tx, ctx.tenantId);
    const changes = taskChangeSet(tx, ctx);
    // First, so the live events keep their order: the replaced children go, the parent changes, the new ones come.
    await deleteTasks(tx, ctx, changes, replaced);
    const stored = { ...rule, repeatOn: rule.repeatOn.length > 0 ? rule.repeatOn.join(',') : null };
    const [parent] = await tx
      .update(tasks)
      .set({ recurring: true, recurringTaskId: task.id, ...stored, updated: nextUpdated })
      .where(and(eq(tasks.tenantId, ctx.tenantId), eq(tasks.id, task.id)))
      .returning();
    changes.log(task.id, TaskLogAction.updateDetails, { recurringTaskId: task.recurringTaskId, ...ruleColumns(task) }, {
      recurringTaskId: task.id,
      ...stored,
    });
    const createdTaskIds = await insertChildren(tx, ctx, changes, parent, starts);
    const view = await changes.flushView(task.id);
    return { task: view, createdTaskIds, deletedTaskIds: replaced, keptTaskIds: [] };
  });
}

/** POST tasks/recurring: the body names the task. */
export const createRecurrence = (ctx: Ctx, body: RecurrenceBody) => recur(ctx, body.parentTaskId, body, 'create');

/** PUT tasks/recurring/{id}: {id} is the task re-recurred; a body naming another task is refused. */
export function reRecur(ctx: Ctx, id: number, body: RecurrenceBody): Promise<RecurrenceResult> {
  if (body.parentTaskId !== id) {
    throw invalidField('parentTaskId', 'recurrence.parentMismatch', 'parentTaskId must be the task of the path.');
  }
  return recur(ctx, id, body, 'reRecur');
}

/**
 * DELETE tasks/cancelRecurring/{id}: removes a parent's recurrence. The tasks created from it that have not
 * started (pending) or were cancelled are deleted; those in progress, paused or completed are real work and stay,
 * as plain tasks out of the series. The parent keeps its own visit.
 */
export async function removeRecurrence(ctx: Ctx, id: number): Promise<RecurrenceResult> {
  return ctx.db.transaction(async (tx) => {
    const parent = await lockTask(tx, ctx, id);
    if (parent.recurringTaskId !== parent.id) throw businessRule(RecurrenceErrorCode.notParent, recurrenceMessages.notParent);
    assertNotCancelled(parent);
    const children = await tx
      .select({ id: tasks.id, statusId: tasks.statusId })
      .from(tasks)
      .where(and(eq(tasks.tenantId, ctx.tenantId), eq(tasks.recurringTaskId, id), ne(tasks.id, id), isNull(tasks.deleted)))
      .orderBy(asc(tasks.appointmentDate), asc(tasks.id))
      .for('update');
    const removable: number[] = [TaskStatus.pending, TaskStatus.cancelled];
    const deletedTaskIds = children.filter((child) => removable.includes(child.statusId)).map((child) => child.id);
    const keptTaskIds = children.filter((child) => !removable.includes(child.statusId)).map((child) => child.id);

    const changes = taskChangeSet(tx, ctx);
    // First, so the live events keep their order: the deleted children go, then the parent and the kept ones change.
    await deleteTasks(tx, ctx, changes, deletedTaskIds);
    await tx
      .update(tasks)
      .set({ recurring: false, recurringTaskId: null, ...noRule, updated: nextUpdated })
      .where(and(eq(tasks.tenantId, ctx.tenantId), eq(tasks.id, id)));
    changes.log(id, TaskLogAction.updateDetails, { recurringTaskId: id, ...ruleColumns(parent) }, { recurringTaskId: null, ...noRule });
    if (keptTaskIds.length > 0) {
      await tx
        .update(tasks)
        .set({ recurringTaskId: null, updated: nextUpdated })
        .where(and(eq(tasks.tenantId, ctx.tenantId), inArray(tasks.id, keptTaskIds)));
    }
    // Out of the series, with no entry of their own: an update event each, and the notification rules see them.
    changes.updated(keptTaskIds.map((taskId) => ({ taskId, before: {}, after: {} })));
    const view = await changes.flushView(id);
    return { task: view, createdTaskIds: [], deletedTaskIds, keptTaskIds };
  });
}
