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
import type { DbOrTx } from '@/lib/server/db/client';
import { zonedDateAndTime } from './time';

const assignees = alias(users, 'assignee');

/**
 * Minutes spent in progress: each timeline row of status 2 lasts until the next row, or until now while the task
 * is still in progress.
 */
const actualDurationSql = sql<number | null>`(
  select round(sum(extract(epoch from (coalesce(spans.next_at, case when ${tasks.statusId} = ${TaskStatus.inProgress} then now() end) - spans.created))) / 60)::int
  from (
    select timeline.status_id, timeline.created,
      lead(timeline.created) over (order by timeline.created, timeline.id) as next_at
    from ${taskTimeline} timeline
    where timeline.tenant_id = ${tasks.tenantId} and timeline.task_id = ${tasks.id}
  ) spans
  where spans.status_id = ${TaskStatus.inProgress}
)`;

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
  actualDuration: actualDurationSql,
};

/** Tasks with everything their view names: type, client, assignee, time slot, reason, time in progress. */
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
  actualDuration: number | null;
};

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toTaskView(row: ViewRow, timeZone: string, values: TaskCustomFieldValue[] = []): TaskView {
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
    actualDuration: row.actualDuration === null ? null : Number(row.actualDuration),
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
    customFieldValues: values,
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

/** Views of the rows, with their custom field values fetched in one query. */
export async function toTaskViews(
  db: DbOrTx,
  tenantId: number,
  timeZone: string,
  rows: ViewRow[],
): Promise<TaskView[]> {
  const values = await customFieldValuesOf(
    db,
    tenantId,
    rows.map((row) => row.task.id),
  );
  return rows.map((row) => toTaskView(row, timeZone, values.get(row.task.id) ?? []));
}
