import 'server-only';
import { sql } from 'drizzle-orm';
import { autoScheduleRuns } from '@/db/schema';
import { queryRows, type DbOrTx, type Tx } from '@/lib/server/core/db';
import type { Ctx } from '@/lib/server/core/ctx';
import { taskChangeSet, type ColumnChange } from '@/lib/server/tasks/change-set';
import { idArray } from '@/lib/server/tasks/view';
import type { PlanDay, SelectedTask } from './selection';
import type { Booking } from './workers';
import { readBookings } from './workers';

/** A task the solver placed: its worker and start instant (epoch milliseconds). */
export interface Placement {
  taskId: number;
  workerId: number;
  start: number;
}

/** A literal timestamptz[] for unnest: one parameter however many instants. */
const instantArray = (instants: readonly number[]) =>
  sql`${`{${instants.map((instant) => new Date(instant).toISOString()).join(',')}}`}::timestamptz[]`;

/**
 * After the solve, what still holds: each placed task is locked and must still be the version that was read (a
 * change, a deletion, a cancellation all move `updated`), and no booking of its worker may now overlap it (a
 * dispatcher dropped a task there meanwhile). What fails is left alone and answered as changed while solving.
 */
export async function recheckPlacements(
  tx: Tx,
  ctx: Ctx,
  plan: PlanDay,
  placements: readonly Placement[],
  read: ReadonlyMap<number, SelectedTask>,
): Promise<{ kept: Placement[]; changed: number[] }> {
  if (placements.length === 0) return { kept: [], changed: [] };
  const locked = await queryRows<{ id: number; updated: string }>(
    tx,
    sql`select id, updated::text as updated from tasks
        where tenant_id = ${ctx.tenantId} and id = any(${idArray(placements.map((placement) => placement.taskId))}) and deleted is null
        order by id for update`,
  );
  const current = new Map(locked.map((row) => [row.id, row.updated]));
  const unchanged = placements.filter((placement) => current.get(placement.taskId) === read.get(placement.taskId)?.updated);
  const placedIds = new Set(placements.map((placement) => placement.taskId));
  const bookings = await readBookings(tx, ctx, [...new Set(unchanged.map((placement) => placement.workerId))], plan.range);
  const bookingsOf = new Map<number, Booking[]>();
  for (const booking of bookings) {
    if (!placedIds.has(booking.id)) bookingsOf.set(booking.workerId, [...(bookingsOf.get(booking.workerId) ?? []), booking]);
  }
  const kept = unchanged.filter((placement) => {
    const end = placement.start + (read.get(placement.taskId)?.durationMins ?? 0) * 60_000;
    return !(bookingsOf.get(placement.workerId) ?? []).some((booking) => booking.start < end && booking.end > placement.start);
  });
  const keptIds = new Set(kept.map((placement) => placement.taskId));
  return { kept, changed: placements.filter((placement) => !keptIds.has(placement.taskId)).map((placement) => placement.taskId) };
}

/**
 * Writes the run: its row, every placed task's worker and date (duration and slot unchanged) with the placement
 * rows undo needs, in ONE statement whose snapshot still holds the previous values; then, through the change set as
 * the board's own schedule write: the history entries, the notification rules and the live events, in batches.
 * Answers the run's id.
 */
export async function writeRun(
  tx: Tx,
  ctx: Ctx,
  plan: PlanDay,
  placements: readonly Placement[],
  read: ReadonlyMap<number, SelectedTask>,
): Promise<number> {
  const [run] = await tx
    .insert(autoScheduleRuns)
    .values({ tenantId: ctx.tenantId, day: plan.day, createdById: ctx.user.id })
    .returning({ id: autoScheduleRuns.id });
  const ids = placements.map((placement) => placement.taskId);
  await tx.execute(sql`
    with placed as (
      select * from unnest(${idArray(ids)}, ${instantArray(placements.map((placement) => placement.start))},
        ${idArray(placements.map((placement) => placement.workerId))}) as placed(task_id, start, worker_id)
    ), previous as (
      select tasks.id, tasks.appointment_date, tasks.assignee_id
      from tasks join placed on placed.task_id = tasks.id
      where tasks.tenant_id = ${ctx.tenantId}
    ), written as (
      update tasks set appointment_date = placed.start, assignee_id = placed.worker_id,
        updated = greatest(clock_timestamp(), tasks.updated + interval '1 millisecond')
      from placed
      where tasks.tenant_id = ${ctx.tenantId} and tasks.id = placed.task_id
      returning tasks.id, tasks.updated
    )
    insert into auto_schedule_placements
      (tenant_id, run_id, task_id, previous_appointment_date, previous_assignee_id, placed_updated)
    select ${ctx.tenantId}, ${run.id}, previous.id, previous.appointment_date, previous.assignee_id, written.updated
    from previous join written on written.id = previous.id`);
  const changes = taskChangeSet(tx, ctx);
  changes.updated(
    placements.map((placement) => {
      const task = read.get(placement.taskId);
      return scheduleChange(
        placement.taskId,
        { assigneeId: task?.assigneeId ?? null, appointmentDate: task?.appointmentDate ?? null },
        { assigneeId: placement.workerId, appointmentDate: placement.start },
      );
    }),
  );
  await changes.flush();
  return run.id;
}

/** The transaction-scoped lock of one tenant's day; false when another run of that day holds it. */
export async function tryLockDay(db: DbOrTx, ctx: Ctx, day: string): Promise<boolean> {
  const [row] = await queryRows<{ locked: boolean }>(
    db,
    sql`select pg_try_advisory_xact_lock(${autoScheduleLockNamespace}, hashtext(${`${ctx.tenantId}:${day}`})) as locked`,
  );
  return row?.locked === true;
}

/** The first key of auto-schedule's advisory locks, so they never meet another feature's. */
const autoScheduleLockNamespace = 7_340_112;

type Schedule = { assigneeId: number | null; appointmentDate: number | null };
const instant = (epochMs: number | null) => (epochMs === null ? null : new Date(epochMs));

/**
 * A task's schedule before and after a run (or its undo) as a column change: only what moved, so the entries are
 * those the board's own schedule write records (change_assignee, update_task_details with the appointment date).
 */
export function scheduleChange(taskId: number, before: Schedule, after: Schedule): ColumnChange {
  return {
    taskId,
    before: { assigneeId: before.assigneeId, appointmentDate: instant(before.appointmentDate) },
    after: {
      ...(before.assigneeId === after.assigneeId ? {} : { assigneeId: after.assigneeId }),
      ...(before.appointmentDate === after.appointmentDate ? {} : { appointmentDate: instant(after.appointmentDate) }),
    },
  };
}
