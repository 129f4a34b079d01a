import { sql, type SQL } from 'drizzle-orm';
import type { TaskView } from '@/lib/contract/tasks';
import type { DbOrTx } from '@/lib/server/core/db';
import { customFieldValuesColumn, viewColumns, viewSource } from './view';

/** A JSON object of these keys and values; the keys are this file's own constants, written into the statement. */
function jsonObject(entries: Record<string, SQL>): SQL {
  return sql`json_build_object(${sql.join(
    Object.entries(entries).map(([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`),
    sql`, `,
  )})`;
}

/** The object when `present` holds, else JSON null. */
const when = (present: SQL, object: SQL) => sql`case when ${present} then ${object} end`;

/**
 * One task's TaskView written by the database, key by key in the shape (and order) toTaskView in view.ts gives a
 * list's rows; a test holds the two to the same answer. json, not jsonb, keeps the keys in this order.
 */
function taskViewJson(): SQL {
  const column = viewColumns(sql.placeholder('timeZone'));
  return jsonObject({
    id: column.id,
    referenceNumber: column.referenceNumber,
    title: column.title,
    typeId: column.typeId,
    type: jsonObject({ id: column.typeId, type: column.typeName, deleted: column.typeDeleted }),
    clientId: column.clientId,
    client: when(
      sql`${column.clientId} is not null and ${column.clientName} is not null`,
      jsonObject({ id: column.clientId, displayName: column.clientName, deleted: column.clientDeleted }),
    ),
    description: column.description,
    assigneeId: column.assigneeId,
    assignee: when(
      sql`${column.assigneeId} is not null and ${column.assigneeName} is not null`,
      jsonObject({ id: column.assigneeId, name: column.assigneeName, surname: sql`coalesce(${column.assigneeSurname}, '')` }),
    ),
    statusId: column.statusId,
    billingStatusId: column.billingStatusId,
    cancelled: column.cancelled,
    cancellationReasonId: column.cancellationReasonId,
    cancellationReason: column.cancellationReason,
    appointment: when(
      sql`${column.appointmentDate} is not null`,
      jsonObject({ date: column.appointmentDate, durationMins: column.durationMins }),
    ),
    scheduleDate: column.scheduleDate,
    scheduleTime: column.scheduleTime,
    timeSlotId: column.timeSlotId,
    timeSlot: when(
      sql`${column.timeSlotId} is not null and ${column.timeSlotName} is not null`,
      jsonObject({
        id: column.timeSlotId,
        nameTimeSlot: column.timeSlotName,
        startTime: sql`coalesce(${column.timeSlotStart}, '')`,
        endTime: sql`coalesce(${column.timeSlotEnd}, '')`,
      }),
    ),
    estimatedDuration: column.durationMins,
    actualDuration: column.actualDuration,
    location: jsonObject({ address: column.locationAddress, latitude: column.locationLatitude, longitude: column.locationLongitude }),
    contact: jsonObject({
      name: column.contactName,
      surname: column.contactSurname,
      phoneCountryCode: column.contactPhoneCountryCode,
      phone: column.contactPhone,
    }),
    externalReference: column.externalReference,
    created: column.created,
    updated: column.updated,
    completedAt: column.completedAt,
    rating: column.rating,
    feedbackComment: column.feedbackComment,
    recurring: column.recurring,
    recurringTaskId: column.recurringTaskId,
    recurringRule: column.recurringRule,
    recurringCount: column.recurringCount,
    repeatEveryOption: column.repeatEveryOption,
    repeatOn: column.repeatOn,
    endRecurrence: column.endRecurrence,
    customFieldValues: customFieldValuesColumn,
  });
}

/**
 * One live task as its view's JSON text, with its assignee (who may read it), in one round trip: a named prepared
 * statement, so a connection that ran it once neither parses nor plans it again. GET tasks/{id}, the hottest read,
 * sends the text as it comes: no row of fifty columns to describe and parse, no object to build and serialise.
 */
function prepareTaskViewById(db: DbOrTx) {
  return db
    .select({ assigneeId: sql<number | null>`tasks.assignee_id`, json: sql<string>`${taskViewJson()}::text` })
    .from(viewSource)
    .where(
      sql`tasks.tenant_id = ${sql.placeholder('tenantId')} and tasks.deleted is null and tasks.id = ${sql.placeholder('id')}`,
    )
    .prepare('task_view_by_id');
}

const preparedByDb = new WeakMap<DbOrTx, ReturnType<typeof prepareTaskViewById>>();

/** One live task of the tenant as its view's JSON text and its assignee, or null. */
export async function selectTaskViewJson(
  db: DbOrTx,
  tenantId: number,
  timeZone: string,
  id: number,
): Promise<{ assigneeId: number | null; json: string } | null> {
  let prepared = preparedByDb.get(db);
  if (!prepared) {
    prepared = prepareTaskViewById(db);
    preparedByDb.set(db, prepared);
  }
  const [found] = await prepared.execute({ tenantId, timeZone, id });
  return found ?? null;
}

/** One live task of the tenant as its view, or null: what selectTaskViews gives for it, in one query. */
export async function selectTaskView(db: DbOrTx, tenantId: number, timeZone: string, id: number): Promise<TaskView | null> {
  const found = await selectTaskViewJson(db, tenantId, timeZone, id);
  return found ? (JSON.parse(found.json) as TaskView) : null;
}
