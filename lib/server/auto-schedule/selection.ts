import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { dateMustBeAfterToday } from '@/lib/contract/auto-schedule';
import { TaskStatus } from '@/lib/contract/tasks';
import { todayIn } from '@/lib/contract/zoned-time';
import { dayBounds, type Interval } from '@/lib/server/scheduling/availability/intervals';
import { queryRows, type DbOrTx } from '@/lib/server/core/db';
import type { Ctx } from '@/lib/server/core/ctx';
import { invalidField } from '@/lib/server/core/errors';
import { idArray } from '@/lib/server/tasks/view';

/** The local day a run plans: its date and its bounds as instants (23 or 25 hours on the days the clocks change). */
export interface PlanDay {
  day: string;
  range: Interval;
}

/**
 * Auto-schedule plans a day strictly after today in the tenant's zone (spec 02 §5): today is already under way, and
 * its past hours cannot be planned. Summary and apply refuse the same way, on the field the form shows.
 */
export function planDay(ctx: Ctx, day: string): PlanDay {
  if (day <= todayIn(ctx.tenantTimeZone)) throw invalidField('currentDate', 'autoSchedule.dateNotAfterToday', dateMustBeAfterToday);
  return { day, range: dayBounds(day, ctx.tenantTimeZone) };
}

/** A task the run may place, with what the problem and the re-check after the solve need of it. */
export interface SelectedTask {
  id: number;
  referenceNumber: number;
  title: string;
  typeId: number;
  latitude: number | null;
  longitude: number | null;
  durationMins: number;
  timeSlotId: number | null;
  /** Epoch milliseconds; null for a task with no date yet. */
  appointmentDate: number | null;
  assigneeId: number | null;
  /** `updated` as PostgreSQL writes it, microseconds included: the re-check compares it exactly. */
  updated: string;
}

const iso = (instant: number) => new Date(instant).toISOString();

/**
 * The tasks to place (summary and apply share it): live, not cancelled, not completed, and either with no
 * appointment date, or dated on that local day with no worker yet. Written on the bare `tasks` table.
 */
export function selectionWhere(ctx: Ctx, range: Interval): SQL {
  return sql`tasks.tenant_id = ${ctx.tenantId} and tasks.deleted is null and tasks.cancelled is null
    and tasks.status_id not in (${TaskStatus.completed}, ${TaskStatus.cancelled})
    and (tasks.appointment_date is null
      or (tasks.appointment_date >= ${iso(range.start)}::timestamptz and tasks.appointment_date < ${iso(range.end)}::timestamptz
        and tasks.assignee_id is null))`;
}

/** The day's tasks to place, in reference order. */
export async function readSelectedTasks(db: DbOrTx, ctx: Ctx, range: Interval): Promise<SelectedTask[]> {
  return queryRows<SelectedTask>(
    db,
    sql`select tasks.id, tasks.reference_number as "referenceNumber", tasks.title, tasks.type_id as "typeId",
          tasks.location_latitude as latitude, tasks.location_longitude as longitude, tasks.duration_mins as "durationMins",
          tasks.time_slot_id as "timeSlotId",
          (extract(epoch from tasks.appointment_date) * 1000)::float8 as "appointmentDate",
          tasks.assignee_id as "assigneeId", tasks.updated::text as updated
        from tasks where ${selectionWhere(ctx, range)}
        order by tasks.reference_number, tasks.id`,
  );
}

/** The summary's list: the same selection, only what the table shows. */
export async function readSelectedSummary(db: DbOrTx, ctx: Ctx, range: Interval) {
  return queryRows<{ id: number; referenceNumber: number; title: string }>(
    db,
    sql`select tasks.id, tasks.reference_number as "referenceNumber", tasks.title
        from tasks where ${selectionWhere(ctx, range)}
        order by tasks.reference_number, tasks.id`,
  );
}

/** Open tasks with no appointment date at all, whatever the day: none gives the modal's 'no unscheduled tasks'. */
export async function countUnscheduled(db: DbOrTx, ctx: Ctx): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from tasks
        where tasks.tenant_id = ${ctx.tenantId} and tasks.deleted is null and tasks.cancelled is null
          and tasks.status_id not in (${TaskStatus.completed}, ${TaskStatus.cancelled}) and tasks.appointment_date is null`,
  );
  return row?.count ?? 0;
}

/** Time slots by id as wall-clock 'HH:MM' edges; a slot deleted since still bounds the tasks that keep it. */
export async function readTimeSlots(db: DbOrTx, ctx: Ctx, ids: readonly number[]): Promise<Map<number, { start: string; end: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: number; start: string; end: string }>(
    db,
    sql`select id, left(start_time::text, 5) as start, left(end_time::text, 5) as "end" from time_slots
        where tenant_id = ${ctx.tenantId} and id = any(${idArray(ids)})`,
  );
  return new Map(rows.map((row) => [row.id, { start: row.start, end: row.end }]));
}

/** The live skills each of these task types needs, by type id. */
export async function readTypeSkills(db: DbOrTx, ctx: Ctx, typeIds: readonly number[]): Promise<Map<number, number[]>> {
  const answer = new Map<number, number[]>();
  if (typeIds.length === 0) return answer;
  const rows = await queryRows<{ typeId: number; skillId: number }>(
    db,
    sql`select tts.task_type_id as "typeId", tts.skill_id as "skillId"
        from task_type_skills tts
        join skills on skills.tenant_id = tts.tenant_id and skills.id = tts.skill_id and skills.deleted is null
        where tts.tenant_id = ${ctx.tenantId} and tts.task_type_id = any(${idArray(typeIds)})`,
  );
  for (const row of rows) answer.set(row.typeId, [...(answer.get(row.typeId) ?? []), row.skillId]);
  return answer;
}
