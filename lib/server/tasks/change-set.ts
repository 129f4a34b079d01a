import 'server-only';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { taskLogs, taskTimeline, tasks } from '@/db/schema';
import { detailColumns } from '@/lib/contract/task-history';
import { billingStatusNames, TaskLogAction, taskStatusNames, type TaskView } from '@/lib/contract/tasks';
import { inChunks, insertColumns } from '@/lib/server/core/bulk-insert';
import { queryRows, type DbOrTx } from '@/lib/server/core/db';
import type { Ctx } from '@/lib/server/core/ctx';
import { publishTaskChanges, type TaskChangeInput } from '@/lib/server/messaging/live/publish';
import { queueNotificationsForTasks } from '@/lib/server/messaging/triggers/queue';
import type { ValueInput } from './custom-field-values';
import type { TaskColumns } from './draft';
import { getTask } from './read';
import { idArray, selectTaskViews } from './view';
import { selectTaskView } from './view-json';

export type LogValue = string | number | Record<string, unknown> | null | undefined;

/** A task just inserted: its first status opens its timeline, its reference number is its task_created entry. */
export interface CreatedTask {
  id: number;
  referenceNumber: number;
  statusId: number;
}

/**
 * A task's columns before and after a write; `after` holds only the columns that changed. The entries follow from
 * it: change_assignee (workers' names), change_task_status (with its timeline row), change_billing_status, and
 * update_task_details with the old and new detail values and the custom field values that changed.
 */
export interface ColumnChange {
  taskId: number;
  before: Partial<TaskColumns>;
  after: Partial<TaskColumns>;
  customFieldValues?: readonly ValueInput[];
}

/** A worker whose full name the entry stores; all of a flush's names are read in one query. */
interface WorkerRef {
  workerId: number | null;
}
type EntryValue = string | null | WorkerRef;

interface Entry {
  taskId: number;
  action: string;
  oldValue: EntryValue;
  newValue: EntryValue;
}

export interface TaskChangeSet {
  /** New tasks: first timeline row, task_created entry, notification rules, a `created` event each. */
  created(rows: readonly CreatedTask[]): void;
  /** Written columns: their entries and timeline rows, notification rules, an `updated` event each. */
  updated(changes: readonly ColumnChange[]): void;
  /** An entry of its own (a note, a file, a cancellation); the task is published as updated. */
  log(taskId: number, action: string, oldValue?: LogValue, newValue?: LogValue): void;
  /** A status entered outside `updated` (cancel, reset); the task is published as updated. */
  timeline(taskId: number, statusId: number): void;
  /** A change kept in rows of its own: the task's `updated` moves on at flush, so clients see it changed. */
  touch(taskId: number): void;
  /** Tasks the caller soft-deleted at `at`: a `deleted` event each, no notification. */
  deleted(taskIds: readonly number[], at: Date): void;
  /**
   * Writes everything recorded, in the caller's transaction and in multi-row statements: the touches, the timeline
   * rows, the entries, the notification rules' outbox rows, then the live events as the transaction's last step
   * (PostgreSQL delivers them at commit, never on rollback). Answers the published tasks' new views.
   */
  flush(): Promise<ReadonlyMap<number, TaskView>>;
  /** flush(), then this task's view: the published one, or read when nothing changed it. */
  flushView(taskId: number): Promise<TaskView>;
}

/**
 * Moves `updated` forward on every write, strictly, even for two writes in the same millisecond: a client that
 * sends back what it read must see a difference.
 */
export const nextUpdated = sql`greatest(clock_timestamp(), ${tasks.updated} + interval '1 millisecond')`;

/** Rows per multi-row insert: each column goes as one array, so this only bounds the statement's memory. */
const rowsPerInsert = 5000;

const asText = (value: LogValue): string | null => {
  if (value === null || value === undefined) return null;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
};

const loggable = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

/** The entries (and statuses entered) one column change makes, in the order the task history shows them. */
function entriesOf(change: ColumnChange): { entries: Entry[]; statusEntered: number | null } {
  const { taskId, before, after } = change;
  const entries: Entry[] = [];
  const entry = (action: string, oldValue: EntryValue, newValue: EntryValue) => entries.push({ taskId, action, oldValue, newValue });
  if (after.assigneeId !== undefined) {
    entry(TaskLogAction.changeAssignee, { workerId: before.assigneeId ?? null }, { workerId: after.assigneeId });
  }
  if (after.statusId !== undefined) {
    entry(TaskLogAction.changeStatus, taskStatusNames[before.statusId ?? 0] ?? null, taskStatusNames[after.statusId] ?? null);
  }
  if (after.billingStatusId !== undefined) {
    entry(
      TaskLogAction.changeBillingStatus,
      billingStatusNames[before.billingStatusId ?? 0] ?? null,
      billingStatusNames[after.billingStatusId] ?? null,
    );
  }
  const details = detailColumns.filter((column) => column in after);
  const values = change.customFieldValues ?? [];
  if (details.length > 0 || values.length > 0) {
    const old = Object.fromEntries(details.map((column) => [column, loggable(before[column] ?? null)]));
    const next: Record<string, unknown> = Object.fromEntries(details.map((column) => [column, loggable(after[column])]));
    if (values.length > 0) next.customFieldValues = values;
    entry(TaskLogAction.updateDetails, JSON.stringify(old), JSON.stringify(next));
  }
  return { entries, statusEntered: after.statusId ?? null };
}

/** Workers' full names as change_assignee stores them, in one query. */
async function workerNames(db: DbOrTx, tenantId: number, ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await queryRows<{ id: number; name: string; surname: string }>(
    db,
    sql`select id, name, surname from users where tenant_id = ${tenantId} and id = any(${idArray(unique)})`,
  );
  return new Map(rows.map((row) => [row.id, `${row.name} ${row.surname}`.trim()]));
}

/** The new views of these tasks: one task through the database's own JSON (one round trip), many in one query. */
async function viewsOf(db: DbOrTx, ctx: Ctx, ids: readonly number[]): Promise<Map<number, TaskView>> {
  if (ids.length === 1) {
    const view = await selectTaskView(db, ctx.tenantId, ctx.tenantTimeZone, ids[0]);
    return new Map(view ? [[view.id, view]] : []);
  }
  const rows = await selectTaskViews(db, ctx.tenantId, ctx.tenantTimeZone, {
    where: and(eq(tasks.tenantId, ctx.tenantId), sql`${tasks.id} = any(${idArray(ids)})`) as SQL,
  });
  return new Map(rows.map(({ view }) => [view.id, view]));
}

type LiveChange = Omit<TaskChangeInput, 'tenantId'>;
type Event = { taskId: number; kind: 'created' | 'updated' } | { taskId: number; kind: 'deleted'; at: Date };

/**
 * Everything a task write records besides its own columns, for one task or ten thousand: `taskChangeSet(tx, ctx)`,
 * then created / updated / log / timeline / touch / deleted as the writes happen, then `await flush()` at the end of
 * the transaction. Every task write (the single ones, recurrence, the CSV import, auto-schedule and its undo) goes
 * through here, so each records the same entries and meets the same notification rules.
 */
export function taskChangeSet(db: DbOrTx, ctx: Ctx): TaskChangeSet {
  let timeline: Array<{ taskId: number; statusId: number }> = [];
  let entries: Entry[] = [];
  let touched = new Set<number>();
  let events = new Map<number, Event>();
  const changed = (taskId: number) => {
    if (!events.has(taskId)) events.set(taskId, { taskId, kind: 'updated' });
  };

  async function flush(): Promise<ReadonlyMap<number, TaskView>> {
    const [rows, logRows, touches, all] = [timeline, entries, [...touched], [...events.values()]];
    [timeline, entries, touched, events] = [[], [], new Set(), new Map()];
    const { tenantId } = ctx;
    const userId = ctx.user.id;
    if (touches.length > 0) {
      await db
        .update(tasks)
        .set({ updated: nextUpdated })
        .where(and(eq(tasks.tenantId, tenantId), sql`${tasks.id} = any(${idArray(touches)})`));
    }
    await inChunks(rows, rowsPerInsert, (chunk) => insertColumns(db, taskTimeline, chunk.map((row) => ({ ...row, tenantId, userId }))));
    const refs = logRows.flatMap((row) => [row.oldValue, row.newValue]).flatMap((value) => (isWorker(value) && value.workerId !== null ? [value.workerId] : []));
    const names = await workerNames(db, tenantId, refs);
    const text = (value: EntryValue) => (isWorker(value) ? (value.workerId === null ? null : (names.get(value.workerId) ?? null)) : value);
    await inChunks(logRows, rowsPerInsert, (chunk) =>
      insertColumns(
        db,
        taskLogs,
        chunk.map((row) => ({ tenantId, taskId: row.taskId, userId, action: row.action, oldValue: text(row.oldValue), newValue: text(row.newValue) })),
      ),
    );
    const live = all.flatMap((event) => (event.kind === 'deleted' ? [] : [{ taskId: event.taskId, kind: event.kind }]));
    // The rules read the entries and timeline rows written above (what changed in this transaction).
    await queueNotificationsForTasks(db, ctx, live);
    const views = live.length > 0 ? await viewsOf(db, ctx, live.map((event) => event.taskId)) : new Map<number, TaskView>();
    const changes: LiveChange[] = all.flatMap((event): LiveChange[] => {
      if (event.kind === 'deleted') return [{ taskId: event.taskId, kind: 'deleted', payload: { id: event.taskId, deleted: event.at.toISOString() } }];
      const view = views.get(event.taskId);
      return view ? [{ taskId: event.taskId, kind: event.kind, payload: { ...view } }] : [];
    });
    await publishTaskChanges(db, tenantId, changes);
    return views;
  }

  return {
    created(created) {
      for (const row of created) {
        timeline.push({ taskId: row.id, statusId: row.statusId });
        entries.push({ taskId: row.id, action: TaskLogAction.created, oldValue: null, newValue: String(row.referenceNumber) });
        events.set(row.id, { taskId: row.id, kind: 'created' });
      }
    },
    updated(changes) {
      for (const change of changes) {
        const { entries: made, statusEntered } = entriesOf(change);
        if (statusEntered !== null) timeline.push({ taskId: change.taskId, statusId: statusEntered });
        entries.push(...made);
        changed(change.taskId);
      }
    },
    log(taskId, action, oldValue, newValue) {
      entries.push({ taskId, action, oldValue: asText(oldValue), newValue: asText(newValue) });
      changed(taskId);
    },
    timeline(taskId, statusId) {
      timeline.push({ taskId, statusId });
      changed(taskId);
    },
    touch(taskId) {
      touched.add(taskId);
      changed(taskId);
    },
    deleted(taskIds, at) {
      for (const taskId of taskIds) events.set(taskId, { taskId, kind: 'deleted', at });
    },
    flush,
    async flushView(taskId) {
      const views = await flush();
      return views.get(taskId) ?? getTask(ctx, taskId, db);
    },
  };
}

function isWorker(value: EntryValue): value is WorkerRef {
  return value !== null && typeof value === 'object';
}
