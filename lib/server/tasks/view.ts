import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { TaskCustomFieldValue, TaskView } from '@/lib/contract/tasks';
import { TaskStatus } from '@/lib/contract/tasks';
import { queryRows, type DbOrTx } from '@/lib/server/core/db';

/**
 * One flat row per task, in the shape toTaskView reads. Read with raw SQL rather than the query builder: a week
 * of a busy tenant is a thousand rows, and mapping each column through the builder's row mapper, Date objects
 * included, cost more than the query itself. The database writes the timestamps as ISO text and the appointment's
 * date and time on the tenant's clock (PostgreSQL's own IANA zone data), so the server builds no Date per row.
 * The view's own scalar fields come as they are; the others are the parts toTaskView puts together.
 */
type ViewRow = Pick<
  TaskView,
  | 'id'
  | 'referenceNumber'
  | 'title'
  | 'typeId'
  | 'clientId'
  | 'description'
  | 'assigneeId'
  | 'statusId'
  | 'billingStatusId'
  | 'cancelled'
  | 'cancellationReasonId'
  | 'cancellationReason'
  | 'scheduleDate'
  | 'scheduleTime'
  | 'timeSlotId'
  | 'actualDuration'
  | 'externalReference'
  | 'created'
  | 'updated'
  | 'completedAt'
  | 'rating'
  | 'feedbackComment'
  | 'recurring'
  | 'recurringTaskId'
  | 'recurringRule'
  | 'recurringCount'
  | 'repeatEveryOption'
  | 'repeatOn'
  | 'endRecurrence'
> & {
  typeName: string;
  typeDeleted: boolean;
  clientName: string | null;
  clientDeleted: boolean;
  assigneeName: string | null;
  assigneeSurname: string | null;
  appointmentDate: string | null;
  durationMins: number;
  timeSlotName: string | null;
  timeSlotStart: string | null;
  timeSlotEnd: string | null;
  locationAddress: string | null;
  locationLatitude: number | null;
  locationLongitude: number | null;
  contactName: string | null;
  contactSurname: string | null;
  contactPhoneCountryCode: string | null;
  contactPhone: string | null;
};

/** An instant as JavaScript's toISOString writes it: UTC, milliseconds, 'Z'. */
const isoText = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Minutes in progress: the closed spans a trigger on task_timeline keeps on the task, plus the open one up to now
 * while the task is still in progress. Null when the task was never in progress.
 */
const actualDurationColumn = sql`case when tasks.in_progress_seconds is null then null
  else round((tasks.in_progress_seconds + case when tasks.status_id = ${TaskStatus.inProgress} and tasks.in_progress_since is not null
    then extract(epoch from (now() - tasks.in_progress_since)) else 0 end) / 60)::int end`;

/** The tenant's zone: a value in a one-off query, a placeholder in a prepared one. */
type TimeZoneParam = string | Placeholder;

/**
 * The view's columns by the name toTaskView reads, written once for both forms of the view: the list query's rows
 * (`expr as "name"`) and the single task's JSON that the database writes (view-json.ts).
 */
export const viewColumns = (timeZone: TimeZoneParam) =>
  ({
    id: sql<number>`tasks.id`,
    referenceNumber: sql<number>`tasks.reference_number`,
    title: sql<string>`tasks.title`,
    typeId: sql<number>`tasks.type_id`,
    typeName: sql<string>`task_type.name`,
    typeDeleted: sql<boolean>`task_type.deleted is not null`,
    clientId: sql<number | null>`tasks.client_id`,
    clientName: sql<string | null>`client.display_name`,
    clientDeleted: sql<boolean>`client.deleted is not null`,
    description: sql<string | null>`tasks.description`,
    assigneeId: sql<number | null>`tasks.assignee_id`,
    assigneeName: sql<string | null>`assignee.name`,
    assigneeSurname: sql<string | null>`assignee.surname`,
    statusId: sql<number>`tasks.status_id`,
    billingStatusId: sql<number>`tasks.billing_status_id`,
    cancelled: sql<string | null>`${isoText(sql`tasks.cancelled`)}`,
    cancellationReasonId: sql<number | null>`tasks.cancellation_reason_id`,
    cancellationReason: sql<string | null>`coalesce(reason.name, tasks.cancellation_reason_text)`,
    appointmentDate: sql<string | null>`${isoText(sql`tasks.appointment_date`)}`,
    durationMins: sql<number>`tasks.duration_mins`,
    scheduleDate: sql<string | null>`to_char(tasks.appointment_date at time zone ${timeZone}, 'YYYY-MM-DD')`,
    scheduleTime: sql<string | null>`to_char(tasks.appointment_date at time zone ${timeZone}, 'HH24:MI')`,
    timeSlotId: sql<number | null>`tasks.time_slot_id`,
    timeSlotName: sql<string | null>`slot.name`,
    timeSlotStart: sql<string | null>`left(slot.start_time::text, 5)`,
    timeSlotEnd: sql<string | null>`left(slot.end_time::text, 5)`,
    actualDuration: sql<number | null>`${actualDurationColumn}`,
    locationAddress: sql<string | null>`tasks.location_address`,
    locationLatitude: sql<number | null>`tasks.location_latitude`,
    locationLongitude: sql<number | null>`tasks.location_longitude`,
    contactName: sql<string | null>`tasks.contact_name`,
    contactSurname: sql<string | null>`tasks.contact_surname`,
    contactPhoneCountryCode: sql<string | null>`tasks.contact_phone_country_code`,
    contactPhone: sql<string | null>`tasks.contact_phone`,
    externalReference: sql<string | null>`tasks.external_reference`,
    created: sql<string>`${isoText(sql`tasks.created`)}`,
    updated: sql<string>`${isoText(sql`tasks.updated`)}`,
    completedAt: sql<string | null>`${isoText(sql`tasks.completed_at`)}`,
    rating: sql<number | null>`tasks.rating::float8`,
    feedbackComment: sql<string | null>`tasks.feedback_comment`,
    recurring: sql<boolean>`tasks.recurring`,
    recurringTaskId: sql<number | null>`tasks.recurring_task_id`,
    recurringRule: sql<string | null>`tasks.recurring_rule`,
    recurringCount: sql<number | null>`tasks.recurring_count`,
    repeatEveryOption: sql<string | null>`tasks.repeat_every_option`,
    repeatOn: sql<string | null>`tasks.repeat_on`,
    endRecurrence: sql<string | null>`to_char(tasks.end_recurrence, 'YYYY-MM-DD')`,
  }) satisfies { [Name in keyof ViewRow]: SQL<ViewRow[Name]> };

const viewSelect = (timeZone: string) =>
  sql.join(
    Object.entries(viewColumns(timeZone)).map(([name, column]) => sql`${column} as ${sql.identifier(name)}`),
    sql`, `,
  );

/** The task and the rows its view names; the tenant is part of every join, as the keys are (tenant_id, id). */
export const viewSource = sql`tasks
  join task_types task_type on task_type.tenant_id = tasks.tenant_id and task_type.id = tasks.type_id
  left join clients client on client.tenant_id = tasks.tenant_id and client.id = tasks.client_id
  left join users assignee on assignee.tenant_id = tasks.tenant_id and assignee.id = tasks.assignee_id
  left join time_slots slot on slot.tenant_id = tasks.tenant_id and slot.id = tasks.time_slot_id
  left join cancellation_reasons reason
    on reason.tenant_id = tasks.tenant_id and reason.id = tasks.cancellation_reason_id`;

const viewJoins = sql`from ${viewSource}`;

export interface ViewQuery {
  /** Conditions on the `tasks` table, written with its schema columns; they must include the tenant. */
  where: SQL;
  /** Left out when the caller sorts the views itself. */
  orderBy?: SQL;
  limit?: number;
  /** Further columns to read beside the view, such as a keyset cursor. */
  extra?: SQL;
}

function toTaskView(row: ViewRow, customFieldValues: TaskCustomFieldValue[]): TaskView {
  return {
    id: row.id,
    referenceNumber: row.referenceNumber,
    title: row.title,
    typeId: row.typeId,
    type: { id: row.typeId, type: row.typeName, deleted: row.typeDeleted },
    clientId: row.clientId,
    client:
      row.clientId !== null && row.clientName !== null
        ? { id: row.clientId, displayName: row.clientName, deleted: row.clientDeleted }
        : null,
    description: row.description,
    assigneeId: row.assigneeId,
    assignee:
      row.assigneeId !== null && row.assigneeName !== null
        ? { id: row.assigneeId, name: row.assigneeName, surname: row.assigneeSurname ?? '' }
        : null,
    statusId: row.statusId,
    billingStatusId: row.billingStatusId,
    cancelled: row.cancelled,
    cancellationReasonId: row.cancellationReasonId,
    cancellationReason: row.cancellationReason,
    appointment: row.appointmentDate === null ? null : { date: row.appointmentDate, durationMins: row.durationMins },
    scheduleDate: row.scheduleDate,
    scheduleTime: row.scheduleTime,
    timeSlotId: row.timeSlotId,
    timeSlot:
      row.timeSlotId !== null && row.timeSlotName !== null
        ? { id: row.timeSlotId, nameTimeSlot: row.timeSlotName, startTime: row.timeSlotStart ?? '', endTime: row.timeSlotEnd ?? '' }
        : null,
    estimatedDuration: row.durationMins,
    actualDuration: row.actualDuration,
    location: { address: row.locationAddress, latitude: row.locationLatitude, longitude: row.locationLongitude },
    contact: {
      name: row.contactName,
      surname: row.contactSurname,
      phoneCountryCode: row.contactPhoneCountryCode,
      phone: row.contactPhone,
    },
    externalReference: row.externalReference,
    created: row.created,
    updated: row.updated,
    completedAt: row.completedAt,
    rating: row.rating,
    feedbackComment: row.feedbackComment,
    recurring: row.recurring,
    recurringTaskId: row.recurringTaskId,
    recurringRule: row.recurringRule,
    recurringCount: row.recurringCount,
    repeatEveryOption: row.repeatEveryOption,
    repeatOn: row.repeatOn,
    endRecurrence: row.endRecurrence,
    customFieldValues,
  };
}

/**
 * Task views with their names, time in progress and custom field values, and any extra columns read: the tasks in
 * one query, their custom field values in a second (a per-row lookup would scan a small table once per task).
 */
export async function selectTaskViews<Extra extends object = object>(
  db: DbOrTx,
  tenantId: number,
  timeZone: string,
  query: ViewQuery,
): Promise<Array<{ view: TaskView; extra: Extra }>> {
  const extra = query.extra ? sql`, ${query.extra}` : sql``;
  const orderBy = query.orderBy ? sql` order by ${query.orderBy}` : sql``;
  const limit = query.limit === undefined ? sql`` : sql` limit ${query.limit}`;
  const rows = await queryRows<ViewRow & Extra>(
    db,
    sql`select ${viewSelect(timeZone)}${extra} ${viewJoins} where ${query.where}${orderBy}${limit}`,
  );
  const values = await customFieldValuesOf(db, tenantId, rows.map((row) => row.id));
  return rows.map((row) => ({ view: toTaskView(row, values.get(row.id) ?? []), extra: row }));
}

/** The custom field values of these tasks, grouped by task id. */
async function customFieldValuesOf(
  db: DbOrTx,
  tenantId: number,
  taskIds: readonly number[],
): Promise<Map<number, TaskCustomFieldValue[]>> {
  const byTask = new Map<number, TaskCustomFieldValue[]>();
  if (taskIds.length === 0) return byTask;
  const rows = await queryRows<TaskCustomFieldValue>(
    db,
    sql`select cf_value.id, cf_value.custom_field_id as "customFieldId", cf.field_name as "customFieldName",
          cf_value.task_id as "taskId", cf_value.field_value as "fieldValue", cf.field_type as "fieldType",
          cf.required_type as "requiredType"
        from custom_field_values cf_value
        join custom_fields cf on cf.tenant_id = cf_value.tenant_id and cf.id = cf_value.custom_field_id
        where cf_value.tenant_id = ${tenantId} and cf_value.task_id = any(${idArray(taskIds)})
        order by cf_value.task_id, cf_value.custom_field_id`,
  );
  for (const row of rows) {
    const list = byTask.get(row.taskId) ?? [];
    list.push(row);
    byTask.set(row.taskId, list);
  }
  return byTask;
}

/**
 * A task's custom field values as one JSON array inside its row, in customFieldValuesOf's shape and order (json, not
 * jsonb, keeps the keys in this order). For one task (view-json.ts) this saves the second round trip; a list keeps its
 * second query, where a lookup per row would cost more than it saves.
 */
export const customFieldValuesColumn = sql<TaskCustomFieldValue[]>`coalesce((
  select json_agg(json_build_object('id', cf_value.id, 'customFieldId', cf_value.custom_field_id,
      'customFieldName', cf.field_name, 'taskId', cf_value.task_id, 'fieldValue', cf_value.field_value,
      'fieldType', cf.field_type, 'requiredType', cf.required_type) order by cf_value.custom_field_id)
    from custom_field_values cf_value
    join custom_fields cf on cf.tenant_id = cf_value.tenant_id and cf.id = cf_value.custom_field_id
    where cf_value.tenant_id = tasks.tenant_id and cf_value.task_id = tasks.id), '[]'::json)`;

/** A literal int[] for `= any(...)`: one parameter however many ids, instead of one parameter per id. */
export function idArray(ids: readonly number[]): SQL {
  return sql`${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[]`;
}
