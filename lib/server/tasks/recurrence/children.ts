import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import { customFieldValues, tasks } from '@/db/schema';
import { TaskStatus } from '@/lib/contract/tasks';
import { inChunks } from '@/lib/server/core/bulk-insert';
import type { DbOrTx } from '@/lib/server/core/db';
import type { Ctx } from '@/lib/server/core/ctx';
import { nextUpdated, type TaskChangeSet } from '@/lib/server/tasks/change-set';
import type { TaskRow } from '@/lib/server/tasks/rules';
import { allocateReferenceNumbers } from '@/lib/server/tasks/reference-counter';

/** Rows per multi-row insert: well under PostgreSQL's 65,535 bind parameters for the widest table. */
const rowsPerInsert = 500;

/**
 * What a child copies from its parent: the work (type, client, worker, duration, slot, contact, place,
 * description, title). It starts its own life: pending, billing pending, its own number and history.
 */
function childColumns(parent: TaskRow, start: Date) {
  return {
    title: parent.title,
    typeId: parent.typeId,
    clientId: parent.clientId,
    description: parent.description,
    assigneeId: parent.assigneeId,
    statusId: TaskStatus.pending,
    billingStatusId: 1,
    appointmentDate: start,
    durationMins: parent.durationMins,
    timeSlotId: parent.timeSlotId,
    locationAddress: parent.locationAddress,
    locationLatitude: parent.locationLatitude,
    locationLongitude: parent.locationLongitude,
    contactName: parent.contactName,
    contactSurname: parent.contactSurname,
    contactPhoneCountryCode: parent.contactPhoneCountryCode,
    contactPhone: parent.contactPhone,
    recurring: false,
    recurringTaskId: parent.id,
  };
}

/**
 * Creates the children of a series in a handful of statements whatever their number: one update of the tenant's
 * counter for the reference numbers, then multi-row inserts of the tasks and their custom field values; their first
 * timeline rows, task_created entries and live events go with the change set. A year of daily children stays one
 * short transaction. The timeline rows are status 1, so the in-progress trigger leaves the tasks' durations alone.
 */
export async function insertChildren(
  db: DbOrTx,
  ctx: Ctx,
  changes: TaskChangeSet,
  parent: TaskRow,
  starts: readonly Date[],
): Promise<number[]> {
  if (starts.length === 0) return [];
  const firstReference = await allocateReferenceNumbers(db, ctx.tenantId, starts.length);
  const rows = starts.map((start, index) => ({
    ...childColumns(parent, start),
    tenantId: ctx.tenantId,
    referenceNumber: firstReference + index,
  }));
  const created: Array<{ id: number; referenceNumber: number; statusId: number }> = [];
  await inChunks(rows, rowsPerInsert, async (batch) => {
    created.push(
      ...(await db
        .insert(tasks)
        .values(batch)
        .returning({ id: tasks.id, referenceNumber: tasks.referenceNumber, statusId: tasks.statusId })),
    );
  });
  created.sort((a, b) => a.referenceNumber - b.referenceNumber);
  const ids = created.map((row) => row.id);

  const parentValues = await db
    .select({ customFieldId: customFieldValues.customFieldId, fieldValue: customFieldValues.fieldValue })
    .from(customFieldValues)
    .where(and(eq(customFieldValues.tenantId, ctx.tenantId), eq(customFieldValues.taskId, parent.id)));
  const valueRows = ids.flatMap((taskId) => parentValues.map((value) => ({ ...value, tenantId: ctx.tenantId, taskId })));
  await inChunks(valueRows, rowsPerInsert, (batch) => db.insert(customFieldValues).values(batch));
  changes.created(created);
  return ids;
}

/** Soft-deletes tasks (kept for history, gone from lists); the change set tells every open list to drop them. */
export async function deleteTasks(db: DbOrTx, ctx: Ctx, changes: TaskChangeSet, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const deleted = new Date();
  await db
    .update(tasks)
    .set({ deleted, updated: nextUpdated })
    .where(and(eq(tasks.tenantId, ctx.tenantId), inArray(tasks.id, [...ids])));
  changes.deleted(ids, deleted);
}
