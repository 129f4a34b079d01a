import 'server-only';
import { sql } from 'drizzle-orm';
import {
  AutoScheduleErrorCode,
  type AutoScheduleUndoConflictDetails,
  type AutoScheduleUndoResult,
} from '@/lib/contract/auto-schedule';
import { queryRows } from '@/lib/server/core/db';
import type { Ctx } from '@/lib/server/core/ctx';
import { conflict, HttpError, notFound } from '@/lib/server/core/errors';
import { taskChangeSet } from '@/lib/server/tasks/change-set';
import { autoScheduleMessages } from './messages';
import { scheduleChange } from './placements';

interface PlacedRow {
  id: number;
  referenceNumber: number;
  title: string;
  deleted: boolean;
  /** The task is still exactly as the run left it. */
  unchanged: boolean;
  assigneeId: number | null;
  appointmentDate: number | null;
  previousAssigneeId: number | null;
  previousAppointmentDate: number | null;
}

/**
 * POST tasks/auto-schedule/{id}/undo: puts every task the run placed back as it was (date and worker), in one
 * transaction, with its history entries and live events; the tasks return to the unscheduled or unassigned panel.
 * If any of them was changed since the run, nothing is restored (409 naming them): undoing over a dispatcher's later
 * change would silently throw it away. A task deleted since is skipped: there is nothing left to put back. A run is
 * undone once; another tenant's run id is a 404 like a missing one.
 */
export async function undoAutoSchedule(ctx: Ctx, runId: number): Promise<AutoScheduleUndoResult> {
  return ctx.db.transaction(async (tx) => {
    const [run] = await queryRows<{ id: number; undone: boolean }>(
      tx,
      sql`select id, undone is not null as undone from auto_schedule_runs
          where tenant_id = ${ctx.tenantId} and id = ${runId} for update`,
    );
    if (!run) throw notFound('autoSchedule.notFound', autoScheduleMessages.runNotFound);
    if (run.undone) throw conflict(AutoScheduleErrorCode.alreadyUndone, autoScheduleMessages.alreadyUndone);
    const epochMs = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::float8`);
    const rows = await queryRows<PlacedRow>(
      tx,
      sql`select tasks.id, tasks.reference_number as "referenceNumber", tasks.title, tasks.deleted is not null as deleted,
            tasks.updated = placement.placed_updated as unchanged,
            tasks.assignee_id as "assigneeId", ${epochMs('tasks.appointment_date')} as "appointmentDate",
            placement.previous_assignee_id as "previousAssigneeId",
            ${epochMs('placement.previous_appointment_date')} as "previousAppointmentDate"
          from auto_schedule_placements placement
          join tasks on tasks.tenant_id = placement.tenant_id and tasks.id = placement.task_id
          where placement.tenant_id = ${ctx.tenantId} and placement.run_id = ${run.id}
          order by tasks.id
          for update of tasks`,
    );
    const changed = rows.filter((row) => !row.deleted && !row.unchanged);
    if (changed.length > 0) {
      const details: AutoScheduleUndoConflictDetails = {
        tasks: changed.map((row) => ({ id: row.id, referenceNumber: row.referenceNumber, title: row.title })),
      };
      throw new HttpError(409, AutoScheduleErrorCode.changedSince, autoScheduleMessages.changedSince, undefined, {
        ...details,
      });
    }
    const live = rows.filter((row) => !row.deleted);
    await tx.execute(sql`
      update tasks set appointment_date = placement.previous_appointment_date, assignee_id = placement.previous_assignee_id,
        updated = greatest(clock_timestamp(), tasks.updated + interval '1 millisecond')
      from auto_schedule_placements placement
      where placement.tenant_id = ${ctx.tenantId} and placement.run_id = ${run.id}
        and tasks.tenant_id = placement.tenant_id and tasks.id = placement.task_id and tasks.deleted is null`);
    const changes = taskChangeSet(tx, ctx);
    changes.updated(
      live.map((row) =>
        scheduleChange(
          row.id,
          { assigneeId: row.assigneeId, appointmentDate: row.appointmentDate },
          { assigneeId: row.previousAssigneeId, appointmentDate: row.previousAppointmentDate },
        ),
      ),
    );
    await tx.execute(sql`update auto_schedule_runs set undone = now() where tenant_id = ${ctx.tenantId} and id = ${run.id}`);
    await changes.flush();
    return { runId: run.id, restoredCount: live.length };
  });
}
