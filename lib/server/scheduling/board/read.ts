import 'server-only';
import { eq, sql, type SQL } from 'drizzle-orm';
import { tenants } from '@/db/schema';
import { Feature } from '@/lib/contract/features';
import {
  unscheduledPageSize,
  type BoardData,
  type BoardQuery,
  type BoardTask,
  type BoardWorker,
  type UnscheduledPage,
  type UnscheduledQuery,
} from '@/lib/contract/schedule-board';
import { sortedByName } from '@/lib/contract/person-name';
import { taskLimits } from '@/lib/contract/tasks';
import { nextDate, startOfDay } from '@/lib/contract/zoned-time';
import { queryRows, type DbOrTx } from '@/lib/server/core/db';
import type { Ctx } from '@/lib/server/core/ctx';
import { boardAvailability } from '@/lib/server/scheduling/unavailability/board';

/** An instant as JavaScript's toISOString writes it, made by the database so no Date is built per row. */
const isoText = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Only what a BoardTask holds: one join, to the task type for its name. */
const boardTaskSelect = sql`
  select tasks.id, tasks.reference_number as "referenceNumber", tasks.title, tasks.status_id as "statusId",
    tasks.type_id as "typeId", task_type.name as "typeName", tasks.assignee_id as "assigneeId",
    ${isoText(sql`tasks.appointment_date`)} as "start", tasks.duration_mins as "durationMins",
    tasks.time_slot_id as "timeSlotId",
    (tasks.location_latitude is not null and tasks.location_longitude is not null) as "hasLocation",
    (tasks.cancelled is not null or tasks.status_id = 5) as "cancelled",
    ${isoText(sql`tasks.updated`)} as "updated"
  from tasks
  join task_types task_type on task_type.tenant_id = tasks.tenant_id and task_type.id = tasks.type_id`;

/** The rows of the board: active, non-deleted assignees of the tenant. */
const liveWorkerCondition = (tenantId: number, alias: string) =>
  sql`${sql.raw(alias)}.tenant_id = ${tenantId} and ${sql.raw(alias)}.assignee and ${sql.raw(alias)}.active
    and ${sql.raw(alias)}.deleted is null`;

/** By name as a person reads it: Worker 2 before Worker 10, which the database's text order cannot give. */
async function readWorkers(db: DbOrTx, tenantId: number): Promise<BoardWorker[]> {
  const workers = await queryRows<BoardWorker>(
    db,
    sql`select worker.id, worker.name, worker.surname, worker.profile_picture_id as "profilePictureId"
      from users worker where ${liveWorkerCondition(tenantId, 'worker')}`,
  );
  return sortedByName(workers);
}

/**
 * Tasks of a live worker whose appointment overlaps [start, end), cancelled ones included. The lower bound on the
 * start keeps the tenant/appointment index usable: no task lasts longer than the longest duration allowed.
 */
function readEvents(db: DbOrTx, tenantId: number, start: Date, end: Date): Promise<BoardTask[]> {
  const earliest = new Date(start.getTime() - taskLimits.durationMax * 60_000);
  return queryRows<BoardTask>(
    db,
    sql`${boardTaskSelect}
      join users worker on worker.tenant_id = tasks.tenant_id and worker.id = tasks.assignee_id
      where tasks.tenant_id = ${tenantId} and tasks.deleted is null
        and tasks.appointment_date > ${earliest.toISOString()}::timestamptz
        and tasks.appointment_date < ${end.toISOString()}::timestamptz
        and tasks.appointment_date + tasks.duration_mins * interval '1 minute' > ${start.toISOString()}::timestamptz
        and ${liveWorkerCondition(tenantId, 'worker')}
      order by tasks.appointment_date, tasks.id`,
  );
}

/** Right panel: an appointment starting in the range, no worker, not cancelled. */
function readUnassigned(db: DbOrTx, tenantId: number, start: Date, end: Date): Promise<BoardTask[]> {
  return queryRows<BoardTask>(
    db,
    sql`${boardTaskSelect}
      where tasks.tenant_id = ${tenantId} and tasks.deleted is null and tasks.assignee_id is null
        and tasks.cancelled is null and tasks.status_id <> 5
        and tasks.appointment_date >= ${start.toISOString()}::timestamptz
        and tasks.appointment_date < ${end.toISOString()}::timestamptz
      order by tasks.appointment_date, tasks.id`,
  );
}

const unscheduledCondition = (tenantId: number) =>
  sql`tasks.tenant_id = ${tenantId} and tasks.deleted is null and tasks.appointment_date is null
    and tasks.cancelled is null and tasks.status_id <> 5`;

/** The panel's filter, as it matched in the browser: the type name or the reference number contains the text. */
function unscheduledFilter(filter: string): SQL {
  const text = filter.trim().toLowerCase();
  if (!text) return sql`true`;
  const reference = text.replace(/^#/, '');
  return sql`(position(${text} in lower(task_type.name)) > 0 or position(${reference} in tasks.reference_number::text) > 0)`;
}

/**
 * Left panel: no appointment, not cancelled, newest first (on the partial index of unscheduled tasks), one page of
 * them and how many match in all: a tenant may hold thousands, the panel draws a hundred.
 */
export async function readUnscheduled(db: DbOrTx, tenantId: number, query: UnscheduledQuery): Promise<UnscheduledPage> {
  const filter = unscheduledFilter(query.filter);
  const [tasks, counted] = await Promise.all([
    queryRows<BoardTask>(
      db,
      sql`${boardTaskSelect}
        where ${unscheduledCondition(tenantId)} and ${filter}
        order by tasks.created desc, tasks.id desc
        limit ${query.limit}`,
    ),
    queryRows<{ total: number }>(
      db,
      sql`select count(*)::int as total from tasks
        join task_types task_type on task_type.tenant_id = tasks.tenant_id and task_type.id = tasks.type_id
        where ${unscheduledCondition(tenantId)} and ${filter}`,
    ),
  ]);
  return { tasks, total: counted[0]?.total ?? 0 };
}

/**
 * GET tasks/board: the workers, the range's events, the unassigned panel and the unscheduled panel's first page in
 * one lean answer, each list one query. The
 * tenant's change number is read first: a change committed after it is replayed by the live stream, one before it is
 * in this answer, so nothing falls between the two.
 */
export async function readBoard(ctx: Ctx, query: BoardQuery): Promise<BoardData> {
  const [tenant] = await ctx.db
    .select({ changeSeq: tenants.lastChangeSeq })
    .from(tenants)
    .where(eq(tenants.id, ctx.tenantId));
  const start = startOfDay(query.from, ctx.tenantTimeZone);
  const end = startOfDay(nextDate(query.to), ctx.tenantTimeZone);
  const [workers, events, unassigned, unscheduled, availability] = await Promise.all([
    readWorkers(ctx.db, ctx.tenantId),
    readEvents(ctx.db, ctx.tenantId, start, end),
    readUnassigned(ctx.db, ctx.tenantId, start, end),
    readUnscheduled(ctx.db, ctx.tenantId, { filter: '', limit: unscheduledPageSize }),
    ctx.features.includes(Feature.workingHours) ? boardAvailability(ctx, query) : Promise.resolve({ unavailable: [], workingWindow: null }),
  ]);
  return {
    range: { from: query.from, to: query.to, start: start.toISOString(), end: end.toISOString() },
    workers,
    events,
    unassigned,
    unscheduled: unscheduled.tasks,
    unscheduledTotal: unscheduled.total,
    unavailable: availability.unavailable,
    workingWindow: availability.workingWindow,
    changeSeq: tenant?.changeSeq ?? 0,
  };
}
