import type pg from 'pg';
import type { CheckTask, CheckWorker, DayState, LatLng } from './city-db-check';

/**
 * Reads a tenant's day for the city check with plain SQL, none of the app's server code: the tenant zone's clock for
 * the day, features, slots, the skills each task type needs, every assignee's hours that day (own record, else the
 * live template's weekday), skills, zones and start location, and every task of the tenant.
 */
type Queryable = Pick<pg.Client, 'query'>;

const num = (value: unknown): number => Number(value);
const point = (lat: unknown, lng: unknown): LatLng | null => (lat === null || lng === null ? null : { lat: num(lat), lng: num(lng) });

async function minuteInstants(db: Queryable, day: string, timeZone: string): Promise<number[]> {
  const { rows } = await db.query<{ at: string }>(
    `select extract(epoch from ((($1::date)::timestamp + make_interval(mins => m)) at time zone $2))::float8 as at
       from generate_series(0, 1440) as m order by m`,
    [day, timeZone],
  );
  return rows.map((row) => num(row.at));
}

async function readWorkers(db: Queryable, tenantId: number, day: string, office: LatLng | null): Promise<Map<number, CheckWorker>> {
  const { rows } = await db.query<{
    id: number;
    username: string;
    active: boolean;
    assignee: boolean;
    deleted: boolean;
    start_latitude: number | null;
    start_longitude: number | null;
    max_tasks_per_day: number | null;
    record_hours: string | null;
    template_live: boolean;
    template_hours: string | null;
    skill_ids: number[] | null;
  }>(
    `select u.id, u.username, u.active, u.assignee, u.deleted is not null as deleted,
            u.start_latitude, u.start_longitude, u.max_tasks_per_day,
            (select r.hours from worker_unavailability r
              where r.tenant_id = u.tenant_id and r.user_id = u.id and r.date_unavailability = $2::date and r.deleted is null) as record_hours,
            (t.id is not null) as template_live,
            (select d.hours from working_hours_template_days d
              where d.tenant_id = u.tenant_id and d.template_id = t.id and d.day::text = lower(to_char($2::date, 'Dy'))) as template_hours,
            (select array_agg(us.skill_id) from user_skills us join skills s on s.id = us.skill_id and s.deleted is null
              where us.tenant_id = u.tenant_id and us.user_id = u.id) as skill_ids
       from users u
       left join working_hours_templates t on t.tenant_id = u.tenant_id and t.id = u.working_hours_template_id and t.deleted is null
      where u.tenant_id = $1`,
    [tenantId, day],
  );
  const zoneRows = await db.query<{ user_id: number; zone_id: number; lat: number; lng: number }>(
    `select uz.user_id, z.id as zone_id, p.lat, p.lng
       from user_zones uz
       join zones z on z.tenant_id = uz.tenant_id and z.id = uz.zone_id and z.deleted is null
       join zone_points p on p.tenant_id = z.tenant_id and p.zone_id = z.id
      where uz.tenant_id = $1
      order by uz.user_id, z.id, p.point_order`,
    [tenantId],
  );
  const zones = new Map<number, Map<number, LatLng[]>>();
  for (const row of zoneRows.rows) {
    const byZone = zones.get(row.user_id) ?? new Map<number, LatLng[]>();
    byZone.set(row.zone_id, [...(byZone.get(row.zone_id) ?? []), { lat: num(row.lat), lng: num(row.lng) }]);
    zones.set(row.user_id, byZone);
  }
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        label: row.username,
        active: row.active,
        assignee: row.assignee,
        deleted: row.deleted,
        // A record wins, even a blank one; a live template without the weekday's row gives no hours.
        hours: row.record_hours ?? (row.template_live ? (row.template_hours ?? ' ') : null),
        skillIds: row.skill_ids ?? [],
        zones: [...(zones.get(row.id)?.values() ?? [])],
        start: point(row.start_latitude, row.start_longitude) ?? office,
        maxTasksPerDay: row.max_tasks_per_day,
      },
    ]),
  );
}

async function readTasks(db: Queryable, tenantId: number, timeZone: string): Promise<Map<number, CheckTask>> {
  const { rows } = await db.query<{
    id: number;
    reference_number: number;
    assignee_id: number | null;
    start: string | null;
    local_day: string | null;
    duration_mins: number;
    time_slot_id: number | null;
    location_latitude: number | null;
    location_longitude: number | null;
    type_id: number;
    status_id: number;
    cancelled: boolean;
    deleted: boolean;
  }>(
    `select id, reference_number, assignee_id, extract(epoch from appointment_date)::float8 as start,
            to_char(appointment_date at time zone $2, 'YYYY-MM-DD') as local_day, duration_mins, time_slot_id,
            location_latitude, location_longitude, type_id, status_id,
            cancelled is not null as cancelled, deleted is not null as deleted
       from tasks where tenant_id = $1`,
    [tenantId, timeZone],
  );
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        referenceNumber: row.reference_number,
        assigneeId: row.assignee_id,
        start: row.start === null ? null : num(row.start),
        localDay: row.local_day,
        durationMins: row.duration_mins,
        slotId: row.time_slot_id,
        location: point(row.location_latitude, row.location_longitude),
        typeId: row.type_id,
        statusId: row.status_id,
        cancelled: row.cancelled,
        deleted: row.deleted,
      },
    ]),
  );
}

/** The tenant's day as the check sees it; `day` is a local date (YYYY-MM-DD) in the tenant's zone. */
export async function readDayState(db: Queryable, tenantId: number, day: string): Promise<DayState> {
  const tenant = await db.query<{ time_zone: string; office: { latitude?: unknown; longitude?: unknown } | null }>(
    `select time_zone, settings -> 'officeLocation' as office from tenants where id = $1`,
    [tenantId],
  );
  if (tenant.rows.length === 0) throw new Error(`tenant ${tenantId} not found`);
  const { time_zone: timeZone, office } = tenant.rows[0];
  const features = await db.query<{ feature_id: number }>(`select feature_id from tenant_features where tenant_id = $1`, [tenantId]);
  const slots = await db.query<{ id: number; start_mins: string; end_mins: string }>(
    `select id, extract(epoch from start_time) / 60 as start_mins, extract(epoch from end_time) / 60 as end_mins
       from time_slots where tenant_id = $1`,
    [tenantId],
  );
  const typeSkills = await db.query<{ task_type_id: number; skill_ids: number[] }>(
    `select tts.task_type_id, array_agg(tts.skill_id) as skill_ids
       from task_type_skills tts join skills s on s.id = tts.skill_id and s.deleted is null
      where tts.tenant_id = $1 group by tts.task_type_id`,
    [tenantId],
  );
  const officePoint = office ? point(office.latitude ?? null, office.longitude ?? null) : null;
  return {
    day,
    features: features.rows.map((row) => row.feature_id),
    minuteInstants: await minuteInstants(db, day, timeZone),
    slots: new Map(slots.rows.map((row) => [row.id, { startMins: Math.round(num(row.start_mins)), endMins: Math.round(num(row.end_mins)) }])),
    typeSkills: new Map(typeSkills.rows.map((row) => [row.task_type_id, row.skill_ids])),
    workers: await readWorkers(db, tenantId, day, officePoint),
    tasks: await readTasks(db, tenantId, timeZone),
  };
}
