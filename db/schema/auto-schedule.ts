import { date, index, integer, pgTable, primaryKey, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdColumn, idColumn } from './columns';
import { tasks } from './tasks';
import { sameTenantReference, tenantIdColumn } from './tenancy';

/** One applied auto-schedule of a day: what undo takes back. */
export const autoScheduleRuns = pgTable(
  'auto_schedule_runs',
  {
    id: idColumn(),
    tenantId: tenantIdColumn(),
    /** The local day (tenant zone) the run planned. */
    day: date('day').notNull(),
    createdById: integer('created_by_id'),
    created: createdColumn(),
    /** Set once the run has been undone; a run is undone at most once. */
    undone: timestamp('undone', { withTimezone: true }),
  },
  (t) => [
    unique('auto_schedule_runs_tenant_id_id_unique').on(t.tenantId, t.id),
    index('auto_schedule_runs_tenant_day_idx').on(t.tenantId, t.day),
    sameTenantReference('auto_schedule_runs_created_by_fk', t.tenantId, t.createdById, users),
  ],
);

/**
 * A task a run placed, with what it was before (to restore on undo) and its updated stamp right after the run (a
 * later stamp means someone changed it since, and undo then refuses rather than overwrite their change).
 */
export const autoSchedulePlacements = pgTable(
  'auto_schedule_placements',
  {
    tenantId: tenantIdColumn(),
    runId: integer('run_id').notNull(),
    taskId: integer('task_id').notNull(),
    previousAppointmentDate: timestamp('previous_appointment_date', { withTimezone: true }),
    previousAssigneeId: integer('previous_assignee_id'),
    placedUpdated: timestamp('placed_updated', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.taskId] }),
    index('auto_schedule_placements_tenant_task_idx').on(t.tenantId, t.taskId),
    sameTenantReference('auto_schedule_placements_run_fk', t.tenantId, t.runId, autoScheduleRuns, 'cascade'),
    sameTenantReference('auto_schedule_placements_task_fk', t.tenantId, t.taskId, tasks, 'cascade'),
  ],
);
