import 'server-only';
import { sql } from 'drizzle-orm';
import { taskLimits } from '@/lib/contract/tasks';
import { TaskStatus } from '@/lib/contract/tasks';
import { freeIntervalsFor } from '@/lib/server/scheduling/availability';
import { subtract, type Interval } from '@/lib/server/scheduling/availability/intervals';
import { queryRows, type DbOrTx } from '@/lib/server/core/db';
import type { Ctx } from '@/lib/server/core/ctx';
import type { Coordinates } from '@/lib/server/integrations/router';
import type { LatLng } from '@/lib/server/scheduling/assignment/geometry';
import { idArray } from '@/lib/server/tasks/view';
import type { PlanDay } from './selection';

/** A task already booked on a worker that day: it stays where it is, and the run plans around it. */
export interface Booking {
  id: number;
  workerId: number;
  /** Epoch milliseconds. */
  start: number;
  end: number;
  latitude: number | null;
  longitude: number | null;
}

/** A worker with free time on the day: their shifts, what they already have, and where they set out from. */
export interface WorkerDay {
  id: number;
  name: string;
  surname: string;
  /** Their own start location; null means the tenant's office, or no start at all. */
  start: Coordinates | null;
  maxTasksPerDay: number | null;
  /** Working hours of the day as instants (split shifts are several). */
  working: readonly Interval[];
  bookings: Booking[];
  /** Working minutes minus the booked ones. */
  freeMinutes: number;
}

interface WorkerRow {
  id: number;
  name: string;
  surname: string;
  startLatitude: number | null;
  startLongitude: number | null;
  maxTasksPerDay: number | null;
}

const minuteMs = 60_000;
const iso = (instant: number) => new Date(instant).toISOString();

/** Active, non-deleted assignees: the board's rows. */
async function readAssignees(db: DbOrTx, ctx: Ctx): Promise<WorkerRow[]> {
  return queryRows<WorkerRow>(
    db,
    sql`select id, name, surname, start_latitude as "startLatitude", start_longitude as "startLongitude",
          max_tasks_per_day as "maxTasksPerDay"
        from users
        where tenant_id = ${ctx.tenantId} and assignee and active and deleted is null
        order by name, surname, id`,
  );
}

/**
 * The live, non-cancelled tasks of these workers that overlap the day, whatever their status: a completed visit
 * still took the time. The lower bound on the start alone lets the (tenant, assignee, appointment) index narrow it.
 */
export async function readBookings(db: DbOrTx, ctx: Ctx, workerIds: readonly number[], range: Interval): Promise<Booking[]> {
  if (workerIds.length === 0) return [];
  const earliest = iso(range.start - taskLimits.durationMax * minuteMs);
  return queryRows<Booking>(
    db,
    sql`select id, assignee_id as "workerId",
          (extract(epoch from appointment_date) * 1000)::float8 as start,
          (extract(epoch from appointment_date) * 1000)::float8 + duration_mins * ${minuteMs} as "end",
          location_latitude as latitude, location_longitude as longitude
        from tasks
        where tenant_id = ${ctx.tenantId} and assignee_id = any(${idArray(workerIds)})
          and deleted is null and cancelled is null and status_id <> ${TaskStatus.cancelled}
          and appointment_date < ${iso(range.end)}::timestamptz and appointment_date > ${earliest}::timestamptz
          and appointment_date + make_interval(mins => duration_mins) > ${iso(range.start)}::timestamptz
        order by assignee_id, appointment_date, id`,
  );
}

const validCoordinates = (latitude: number | null, longitude: number | null): Coordinates | null =>
  latitude !== null && longitude !== null && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180
    ? { latitude, longitude }
    : null;

/**
 * The workers who have free time on the day, with their shifts and bookings. Shifts are the availability service's
 * working hours (the day's record, else the template's weekday). A worker with neither has no known hours: the
 * run gives them nothing rather than the whole day and night. Free minutes are working minutes minus booked ones.
 */
export async function readWorkerDays(ctx: Ctx, plan: PlanDay): Promise<WorkerDay[]> {
  const rows = await readAssignees(ctx.db, ctx);
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [days, bookings] = await Promise.all([
    freeIntervalsFor(ctx, ids, plan.day, plan.day),
    readBookings(ctx.db, ctx, ids, plan.range),
  ]);
  const bookingsOf = new Map<number, Booking[]>();
  for (const booking of bookings) bookingsOf.set(booking.workerId, [...(bookingsOf.get(booking.workerId) ?? []), booking]);
  const answer: WorkerDay[] = [];
  for (const row of rows) {
    const day = days.get(row.id)?.[0];
    if (!day || day.source === 'unknown') continue;
    const own = bookingsOf.get(row.id) ?? [];
    const free = subtract(day.working, own);
    const freeMinutes = Math.floor(free.reduce((sum, interval) => sum + interval.end - interval.start, 0) / minuteMs);
    if (freeMinutes <= 0) continue;
    answer.push({
      id: row.id,
      name: row.name,
      surname: row.surname,
      start: validCoordinates(row.startLatitude, row.startLongitude),
      maxTasksPerDay: row.maxTasksPerDay,
      working: day.working,
      bookings: own,
      freeMinutes,
    });
  }
  return answer;
}

/** Whether any active worker has a live working-hours template: without one the modal links to the templates. */
export async function anyWorkerHasTemplate(db: DbOrTx, ctx: Ctx): Promise<boolean> {
  const [row] = await queryRows<{ found: boolean }>(
    db,
    sql`select exists (
          select 1 from users
          join working_hours_templates template
            on template.tenant_id = users.tenant_id and template.id = users.working_hours_template_id and template.deleted is null
          where users.tenant_id = ${ctx.tenantId} and users.assignee and users.active and users.deleted is null) as found`,
  );
  return row?.found ?? false;
}

/** Each worker's live skills, by worker id. */
export async function readWorkerSkills(db: DbOrTx, ctx: Ctx, workerIds: readonly number[]): Promise<Map<number, number[]>> {
  const answer = new Map<number, number[]>();
  if (workerIds.length === 0) return answer;
  const rows = await queryRows<{ userId: number; skillId: number }>(
    db,
    sql`select us.user_id as "userId", us.skill_id as "skillId"
        from user_skills us
        join skills on skills.tenant_id = us.tenant_id and skills.id = us.skill_id and skills.deleted is null
        where us.tenant_id = ${ctx.tenantId} and us.user_id = any(${idArray(workerIds)})`,
  );
  for (const row of rows) answer.set(row.userId, [...(answer.get(row.userId) ?? []), row.skillId]);
  return answer;
}

/** Each worker's live zones as polygons, by worker id; a worker missing from the map has no zones. */
export async function readWorkerZones(db: DbOrTx, ctx: Ctx, workerIds: readonly number[]): Promise<Map<number, LatLng[][]>> {
  const answer = new Map<number, LatLng[][]>();
  if (workerIds.length === 0) return answer;
  const rows = await queryRows<{ userId: number; polygon: LatLng[] | null }>(
    db,
    sql`select uz.user_id as "userId",
          (select json_agg(json_build_object('lat', p.lat, 'lng', p.lng) order by p.point_order)
             from zone_points p where p.tenant_id = z.tenant_id and p.zone_id = z.id) as polygon
        from user_zones uz
        join zones z on z.tenant_id = uz.tenant_id and z.id = uz.zone_id and z.deleted is null
        where uz.tenant_id = ${ctx.tenantId} and uz.user_id = any(${idArray(workerIds)})`,
  );
  for (const row of rows) answer.set(row.userId, [...(answer.get(row.userId) ?? []), row.polygon ?? []]);
  return answer;
}
