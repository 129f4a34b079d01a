import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  cancellationReasons,
  clients,
  customFields,
  customFieldValues,
  taskTimeline,
  taskTypes,
  tasks,
  timeSlots,
  users,
} from '@/db/schema';
import type { TaskCustomFieldValue, TaskView } from '@/lib/contract/tasks';
import { TaskStatus } from '@/lib/contract/tasks';
import { queryRows, type DbOrTx } from '@/lib/server/db/client';
import { zonedDateAndTime } from '@/lib/contract/zoned-time';

const assignees = alias(users, 'assignee');

const viewColumns = {
  task: tasks,
  typeName: taskTypes.name,
  typeDeleted: taskTypes.deleted,
  clientName: clients.displayName,
  clientDeleted: clients.deleted,
  assigneeName: assignees.name,
  assigneeSurname: assignees.surname,
  timeSlotName: timeSlots.name,
  timeSlotStart: timeSlots.startTime,
  timeSlotEnd: timeSlots.endTime,
  reasonName: cancellationReasons.name,
};

/** Tasks with the names their view shows: type, client, assignee, time slot, cancellation reason. */
export function selectTaskRows(db: DbOrTx) {
  return selectTaskRowsWith(db, {});
}

/** The same, with further columns (a keyset cursor, say). */
export function selectTaskRowsWith<Extra extends Record<string, SQL>>(db: DbOrTx, extraColumns: Extra) {
  return db
    .select({ ...viewColumns, ...extraColumns })
    .from(tasks)
    .innerJoin(taskTypes, and(eq(taskTypes.tenantId, tasks.tenantId), eq(taskTypes.id, tasks.typeId)))
    .leftJoin(clients, and(eq(clients.tenantId, tasks.tenantId), eq(clients.id, tasks.clientId)))
    .leftJoin(assignees, and(eq(assignees.tenantId, tasks.tenantId), eq(assignees.id, tasks.assigneeId)))
    .leftJoin(timeSlots, and(eq(timeSlots.tenantId, tasks.tenantId), eq(timeSlots.id, tasks.timeSlotId)))
    .leftJoin(
      cancellationReasons,
      and(eq(cancellationReasons.tenantId, tasks.tenantId), eq(cancellationReasons.id, tasks.cancellationReasonId)),
    )
    .$dynamic();
}

type ViewRow = {
  task: typeof tasks.$inferSelect;
  typeName: string;
  typeDeleted: Date | null;
  clientName: string | null;
  clientDeleted: Date | null;
  assigneeName: string | null;
  assigneeSurname: string | null;
  timeSlotName: string | null;
  timeSlotStart: string | null;
  timeSlotEnd: string | null;
  reasonName: string | null;
};

const iso = (date: Date | null) => (date ? date.toISOString() : null);

interface ViewExtras {
  values: TaskCustomFieldValue[];
  actualDuration: number | null;
}

export function toTaskView(row: ViewRow, timeZone: string, extras: ViewExtras): TaskView {
  const { task } = row;
  const schedule = task.appointmentDate ? zonedDateAndTime(task.appointmentDate, timeZone) : null;
  return {
    id: task.id,
    referenceNumber: task.referenceNumber,
    title: task.title,
    typeId: task.typeId,
    type: { id: task.typeId, type: row.typeName, deleted: row.typeDeleted !== null },
    clientId: task.clientId,
    client:
      task.clientId !== null && row.clientName !== null
        ? { id: task.clientId, displayName: row.clientName, deleted: row.clientDeleted !== null }
        : null,
    description: task.description,
    assigneeId: task.assigneeId,
    assignee:
      task.assigneeId !== null && row.assigneeName !== null
        ? { id: task.assigneeId, name: row.assigneeName, surname: row.assigneeSurname ?? '' }
        : null,
    statusId: task.statusId,
    billingStatusId: task.billingStatusId,
    cancelled: iso(task.cancelled),
    cancellationReasonId: task.cancellationReasonId,
    cancellationReason: row.reasonName ?? task.cancellationReasonText,
    appointment: task.appointmentDate
      ? { date: task.appointmentDate.toISOString(), durationMins: task.durationMins }
      : null,
    scheduleDate: schedule?.date ?? null,
    scheduleTime: schedule?.time ?? null,
    timeSlotId: task.timeSlotId,
    timeSlot:
      task.timeSlotId !== null && row.timeSlotName !== null
        ? {
            id: task.timeSlotId,
            nameTimeSlot: row.timeSlotName,
            startTime: (row.timeSlotStart ?? '').slice(0, 5),
            endTime: (row.timeSlotEnd ?? '').slice(0, 5),
          }
        : null,
    estimatedDuration: task.durationMins,
    actualDuration: extras.actualDuration,
    location: {
      address: task.locationAddress,
      latitude: task.locationLatitude,
      longitude: task.locationLongitude,
    },
    contact: {
      name: task.contactName,
      surname: task.contactSurname,
      phoneCountryCode: task.contactPhoneCountryCode,
      phone: task.contactPhone,
    },
    externalReference: task.externalReference,
    created: task.created.toISOString(),
    updated: task.updated.toISOString(),
    completedAt: iso(task.completedAt),
    rating: task.rating,
    feedbackComment: task.feedbackComment,
    recurring: task.recurring,
    recurringTaskId: task.recurringTaskId,
    recurringRule: task.recurringRule,
    recurringCount: task.recurringCount,
    repeatEveryOption: task.repeatEveryOption,
    repeatOn: task.repeatOn,
    endRecurrence: task.endRecurrence,
    customFieldValues: extras.values,
  };
}

/** A literal int[] for `= any(...)`: one parameter however many ids, instead of one parameter per id. */
export function idArray(ids: readonly number[]): SQL {
  return sql`${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[]`;
}

/** The custom field values of these tasks, grouped by task id. */
export async function customFieldValuesOf(
  db: DbOrTx,
  tenantId: number,
  taskIds: readonly number[],
): Promise<Map<number, TaskCustomFieldValue[]>> {
  const byTask = new Map<number, TaskCustomFieldValue[]>();
  if (taskIds.length === 0) return byTask;
  const rows = await db
    .select({
      id: customFieldValues.id,
      customFieldId: customFieldValues.customFieldId,
      customFieldName: customFields.fieldName,
      taskId: customFieldValues.taskId,
      fieldValue: customFieldValues.fieldValue,
      fieldType: customFields.fieldType,
      requiredType: customFields.requiredType,
    })
    .from(customFieldValues)
    .innerJoin(
      customFields,
      and(eq(customFields.tenantId, customFieldValues.tenantId), eq(customFields.id, customFieldValues.customFieldId)),
    )
    .where(and(eq(customFieldValues.tenantId, tenantId), sql`${customFieldValues.taskId} = any(${idArray(taskIds)})`))
    .orderBy(customFieldValues.taskId, customFieldValues.customFieldId);
  for (const row of rows) {
    const list = byTask.get(row.taskId) ?? [];
    list.push({ ...row, requiredType: row.requiredType ?? null });
    byTask.set(row.taskId, list);
  }
  return byTask;
}

/**
 * Minutes each task spent in progress, for a page of tasks in one query: a timeline row of status 2 lasts until
 * the task's next row, or until now while the task is still in progress. Tasks never in progress are absent.
 */
export async function actualDurationsOf(
  db: DbOrTx,
  tenantId: number,
  taskIds: readonly number[],
): Promise<Map<number, number>> {
  if (taskIds.length === 0) return new Map();
  const rows = await queryRows<{ taskId: number; minutes: number | string }>(
    db,
    sql`select spans.task_id as "taskId",
          round(sum(extract(epoch from (coalesce(spans.next_at, case when task.status_id = ${TaskStatus.inProgress} then now() end) - spans.created))) / 60)::int as minutes
        from (
          select timeline.task_id, timeline.status_id, timeline.created,
            lead(timeline.created) over (partition by timeline.task_id order by timeline.created, timeline.id) as next_at
          from ${taskTimeline} timeline
          where timeline.tenant_id = ${tenantId} and timeline.task_id = any(${idArray(taskIds)})
        ) spans
        join ${tasks} task on task.tenant_id = ${tenantId} and task.id = spans.task_id
        where spans.status_id = ${TaskStatus.inProgress}
        group by spans.task_id, task.status_id`,
  );
  return new Map(rows.map((row) => [Number(row.taskId), Number(row.minutes)]));
}

/** Views of the rows, with their custom field values and times in progress fetched in one query each. */
export async function toTaskViews(
  db: DbOrTx,
  tenantId: number,
  timeZone: string,
  rows: ViewRow[],
): Promise<TaskView[]> {
  const ids = rows.map((row) => row.task.id);
  const values = await customFieldValuesOf(db, tenantId, ids);
  const durations = await actualDurationsOf(db, tenantId, ids);
  return rows.map((row) =>
    toTaskView(row, timeZone, {
      values: values.get(row.task.id) ?? [],
      actualDuration: durations.get(row.task.id) ?? null,
    }),
  );
}
