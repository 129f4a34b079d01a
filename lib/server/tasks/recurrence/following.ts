import 'server-only';
import { and, asc, eq, gt, isNull, ne, notInArray } from 'drizzle-orm';
import { tasks } from '@/db/schema';
import type { CancelSeriesBody } from '@/lib/contract/recurrence';
import { TaskStatus, type TaskView, type UpdateTaskBody } from '@/lib/contract/tasks';
import { zonedDateAndTime, zonedIsoInstant } from '@/lib/contract/zoned-time';
import type { DbOrTx } from '@/lib/server/core/db';
import type { Ctx } from '@/lib/server/core/ctx';
import type { PreparedTask, TaskColumns } from '@/lib/server/tasks/draft';
import { taskChangeSet } from '@/lib/server/tasks/change-set';
import { assertFresh, assertNotCancelled, lockTask, resolveCancellationReason, type TaskRow } from '@/lib/server/tasks/rules';
import { cancelLocked } from '@/lib/server/tasks/status';
import { applyUpdate } from '@/lib/server/tasks/write';

/**
 * The task's following children: same series, a later appointment, neither completed nor cancelled. Locked in
 * date order, so two series-wide writes queue rather than deadlock.
 */
async function followingChildren(db: DbOrTx, ctx: Ctx, task: TaskRow): Promise<TaskRow[]> {
  if (task.recurringTaskId === null || task.appointmentDate === null) return [];
  return db
    .select()
    .from(tasks)
    .where(
      and(
        eq(tasks.tenantId, ctx.tenantId),
        eq(tasks.recurringTaskId, task.recurringTaskId),
        ne(tasks.id, task.id),
        isNull(tasks.deleted),
        isNull(tasks.cancelled),
        notInArray(tasks.statusId, [TaskStatus.completed, TaskStatus.cancelled]),
        gt(tasks.appointmentDate, task.appointmentDate),
      ),
    )
    .orderBy(asc(tasks.appointmentDate), asc(tasks.id))
    .for('update');
}

/** The body fields of PUT tasks/{id} and the columns each one sets. */
const fieldColumns: Record<string, ReadonlyArray<keyof TaskColumns>> = {
  title: ['title'],
  typeId: ['typeId'],
  clientId: ['clientId'],
  description: ['description'],
  assigneeId: ['assigneeId'],
  billingStatusId: ['billingStatusId'],
  timeSlotId: ['timeSlotId'],
  externalReference: ['externalReference'],
  location: ['locationAddress', 'locationLatitude', 'locationLongitude'],
  contact: ['contactName', 'contactSurname', 'contactPhoneCountryCode', 'contactPhone'],
};

/**
 * The body a following child gets: only the fields that changed on the task itself, so a child's own edits to
 * other fields survive. Not the date: each child keeps its day, and takes the new time of day (in the tenant's
 * zone) and duration. Not the status: each visit has its own progress.
 */
function followerBody(ctx: Ctx, body: UpdateTaskBody, current: TaskRow, prepared: PreparedTask) {
  const changed = (columns: ReadonlyArray<keyof TaskColumns>) => columns.some((column) => column in prepared.changes);
  const shared: UpdateTaskBody = {};
  for (const [field, columns] of Object.entries(fieldColumns)) {
    const value = body[field as keyof UpdateTaskBody];
    if (value !== undefined && changed(columns)) Object.assign(shared, { [field]: value });
  }
  if (prepared.values.length > 0) shared.customFieldValues = prepared.values;
  const newStart = body.appointment ? new Date(body.appointment.date) : null;
  const zone = ctx.tenantTimeZone;
  const newTime = newStart ? zonedDateAndTime(newStart, zone).time : null;
  const timeChanged = newTime !== null && current.appointmentDate !== null && newTime !== zonedDateAndTime(current.appointmentDate, zone).time;
  const durationChanged = 'durationMins' in prepared.changes;
  return (child: TaskRow): UpdateTaskBody => {
    if (child.appointmentDate === null || (!timeChanged && !durationChanged)) return shared;
    const childDate = zonedDateAndTime(child.appointmentDate, zone);
    const time = timeChanged && newTime !== null ? newTime : childDate.time;
    return { ...shared, appointment: { date: zonedIsoInstant(childDate.date, time, zone), durationMins: prepared.next.durationMins } };
  };
}

/**
 * PUT tasks/{id}/updateTaskAndTheirChildren: the body of PUT tasks/{id} applied to this task with every rule of
 * that call, and the same changes to its following children, each with its log entries and live event, all in
 * one transaction: one child that cannot take them (a required field, say) refuses the whole change.
 */
export async function updateTaskAndChildren(ctx: Ctx, id: number, body: UpdateTaskBody): Promise<TaskView> {
  return ctx.db.transaction(async (tx) => {
    const current = await lockTask(tx, ctx, id);
    const changes = taskChangeSet(tx, ctx);
    const { prepared } = await applyUpdate(tx, ctx, changes, current, body);
    const bodyFor = followerBody(ctx, body, current, prepared);
    for (const child of await followingChildren(tx, ctx, current)) await applyUpdate(tx, ctx, changes, child, bodyFor(child));
    // The task's and the children's entries and new views are written, read and published in one batch.
    return changes.flushView(id);
  });
}

/**
 * POST tasks/{id}/cancelTaskAndTheirChildren {reason}: cancels this task and its following children with the
 * same reason, each with its timeline row, cancel_task entry and live event, in one transaction.
 */
export async function cancelTaskAndChildren(ctx: Ctx, id: number, body: CancelSeriesBody = {}): Promise<TaskView> {
  return ctx.db.transaction(async (tx) => {
    const current = await lockTask(tx, ctx, id);
    assertFresh(current, body.updated);
    assertNotCancelled(current);
    const reason = await resolveCancellationReason(tx, ctx, body.reason);
    const followers = await followingChildren(tx, ctx, current);
    const changes = taskChangeSet(tx, ctx);
    await cancelLocked(tx, ctx, changes, current, reason);
    for (const child of followers) await cancelLocked(tx, ctx, changes, child, reason);
    return changes.flushView(id);
  });
}
