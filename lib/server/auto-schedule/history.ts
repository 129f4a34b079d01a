import 'server-only';
import { sql } from 'drizzle-orm';
import { taskLogs } from '@/db/schema';
import { TaskLogAction } from '@/lib/contract/tasks';
import { queryRows, type DbOrTx } from '@/lib/server/core/db';
import type { Ctx } from '@/lib/server/core/ctx';
import { idArray } from '@/lib/server/tasks/view';

/** A task's schedule before and after a run (or its undo): the columns auto-schedule writes. */
export interface ScheduleChange {
  taskId: number;
  before: { assigneeId: number | null; appointmentDate: number | null };
  after: { assigneeId: number | null; appointmentDate: number | null };
}

const isoOrNull = (instant: number | null) => (instant === null ? null : new Date(instant).toISOString());

/** Workers' full names as the change_assignee entry writes them, in one query. */
export async function workerNames(db: DbOrTx, ctx: Ctx, ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await queryRows<{ id: number; name: string; surname: string }>(
    db,
    sql`select id, name, surname from users where tenant_id = ${ctx.tenantId} and id = any(${idArray(unique)})`,
  );
  return new Map(rows.map((row) => [row.id, `${row.name} ${row.surname}`.trim()]));
}

/** Log rows per insert: far under PostgreSQL's limit of parameters per statement. */
const rowsPerInsert = 1000;

/**
 * The task history of a schedule change, as the board's own schedule write records it (applyTaskChanges):
 * change_assignee with the workers' names, then update_task_details with the appointment date, each only when it
 * changed. All tasks' entries go in a few multi-row inserts, not one round trip per entry.
 */
export async function writeScheduleLogs(db: DbOrTx, ctx: Ctx, changes: readonly ScheduleChange[]): Promise<void> {
  const assignees = changes.flatMap((change) => [change.before.assigneeId, change.after.assigneeId]);
  const names = await workerNames(db, ctx, assignees.filter((id) => id !== null));
  const nameOf = (id: number | null) => (id === null ? null : (names.get(id) ?? null));
  const rows: (typeof taskLogs.$inferInsert)[] = [];
  for (const { taskId, before, after } of changes) {
    const entry = { tenantId: ctx.tenantId, taskId, userId: ctx.user.id };
    if (before.assigneeId !== after.assigneeId) {
      rows.push({ ...entry, action: TaskLogAction.changeAssignee, oldValue: nameOf(before.assigneeId), newValue: nameOf(after.assigneeId) });
    }
    if (before.appointmentDate !== after.appointmentDate) {
      rows.push({
        ...entry,
        action: TaskLogAction.updateDetails,
        oldValue: JSON.stringify({ appointmentDate: isoOrNull(before.appointmentDate) }),
        newValue: JSON.stringify({ appointmentDate: isoOrNull(after.appointmentDate) }),
      });
    }
  }
  for (let first = 0; first < rows.length; first += rowsPerInsert) {
    await db.insert(taskLogs).values(rows.slice(first, first + rowsPerInsert));
  }
}
