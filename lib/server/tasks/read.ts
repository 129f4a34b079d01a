import 'server-only';
import { and, eq, gte, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { tasks } from '@/db/schema';
import type { TaskListQuery, TaskView } from '@/lib/contract/tasks';
import type { DbOrTx } from '@/lib/server/core/db';
import { bodyAnswer, type BodyAnswer } from '@/lib/server/core/answer';
import type { Ctx } from '@/lib/server/core/ctx';
import { notFound } from '@/lib/server/core/errors';
import { nextDate, startOfDay, todayIn } from '@/lib/contract/zoned-time';
import { taskNotFound } from './rules';
import { selectTaskViews } from './view';
import { selectTaskView } from './view-json';

const liveTasks = (tenantId: number) => and(eq(tasks.tenantId, tenantId), isNull(tasks.deleted));

/** One task of the caller's tenant with its custom field values; another tenant's id answers 404. */
export async function getTask(ctx: Ctx, id: number, db: DbOrTx = ctx.db): Promise<TaskView> {
  const view = await selectTaskView(db, ctx.tenantId, ctx.tenantTimeZone, id);
  if (!view) throw notFound('task.notFound', taskNotFound);
  return view;
}

interface Range {
  from: Date;
  to: Date;
}

/** A date alone is a whole day in the tenant's zone; without bounds the range is today. */
function rangeOf(query: TaskListQuery, timeZone: string): Range {
  const today = todayIn(timeZone);
  const fromText = query.appointmentFrom ?? query.appointmentTo ?? today;
  const toText = query.appointmentTo ?? query.appointmentFrom ?? today;
  const isDate = (text: string) => text.length === 10;
  const from = isDate(fromText) ? startOfDay(fromText, timeZone) : new Date(fromText);
  const to = isDate(toText) ? startOfDay(nextDate(toText), timeZone) : new Date(toText);
  return { from, to };
}

/**
 * A part of the list with its own keyset order. Each part's key column is never null inside it, so
 * (key, id) pages through it on an index without skipping or repeating a row.
 */
interface Segment {
  where: SQL;
  key: typeof tasks.appointmentDate | typeof tasks.created;
}

/**
 * The parts a list query asks for, disjoint so that no task comes twice:
 * - the tasks whose appointment starts in the range, whatever their state;
 * - includeUnscheduled: tasks with no appointment that are not cancelled (the scheduler's left panel);
 * - includePlanned: unassigned, not cancelled tasks outside the range whose appointment is today or later
 *   (the scheduler's right panel); allPlanned: the same at any date.
 */
function segmentsOf(ctx: Ctx, query: TaskListQuery): Segment[] {
  const range = rangeOf(query, ctx.tenantTimeZone);
  const base = liveTasks(ctx.tenantId) as SQL;
  const segments: Segment[] = [
    {
      where: and(base, gte(tasks.appointmentDate, range.from), lt(tasks.appointmentDate, range.to)) as SQL,
      key: tasks.appointmentDate,
    },
  ];
  if (query.includeUnscheduled) {
    segments.push({ where: and(base, isNull(tasks.appointmentDate), isNull(tasks.cancelled)) as SQL, key: tasks.created });
  }
  if (query.includePlanned || query.allPlanned) {
    const outside = or(lt(tasks.appointmentDate, range.from), gte(tasks.appointmentDate, range.to));
    const fromToday = query.allPlanned
      ? isNotNull(tasks.appointmentDate)
      : gte(tasks.appointmentDate, startOfDay(todayIn(ctx.tenantTimeZone), ctx.tenantTimeZone));
    segments.push({
      where: and(base, outside, fromToday, isNull(tasks.assigneeId), isNull(tasks.cancelled)) as SQL,
      key: tasks.appointmentDate,
    });
  }
  return segments;
}

async function readSegment(ctx: Ctx, where: SQL, orderBy?: SQL): Promise<TaskView[]> {
  const rows = await selectTaskViews(ctx.db, ctx.tenantId, ctx.tenantTimeZone, { where, orderBy });
  return rows.map((row) => row.view);
}

/** GET tasks/scheduled: the list in one answer, by reference number descending as the task list shows it. */
export async function listScheduledTasks(ctx: Ctx, query: TaskListQuery): Promise<TaskView[]> {
  // Sorted here, not in SQL: the parts are merged anyway, and the database then sorts no wide rows.
  const parts = await Promise.all(segmentsOf(ctx, query).map((segment) => readSegment(ctx, segment.where)));
  return parts.flat().sort((a, b) => b.referenceNumber - a.referenceNumber);
}

/**
 * GET tasks/unscheduled: tasks with no appointment date that are not cancelled, newest first. A cancelled task
 * needs no planning, so it is left out, as on the scheduler's panel.
 */
export async function listUnscheduledTasks(ctx: Ctx): Promise<TaskView[]> {
  const where = and(liveTasks(ctx.tenantId), isNull(tasks.appointmentDate), isNull(tasks.cancelled)) as SQL;
  return readSegment(ctx, where, sql`${tasks.created} desc, ${tasks.id} desc`);
}

export const streamBatchSize = 500;

/** One page of a segment after the (key, id) cursor; the key travels as text to keep its microseconds. */
async function readPage(ctx: Ctx, segment: Segment, after: { key: string; id: number } | null) {
  const cursorKey = sql<string>`${segment.key}::text`;
  const where = after
    ? and(segment.where, sql`(${segment.key}, ${tasks.id}) > (${after.key}::timestamptz, ${after.id})`)
    : segment.where;
  const rows = await selectTaskViews<{ cursorKey: string }>(ctx.db, ctx.tenantId, ctx.tenantTimeZone, {
    where: where as SQL,
    orderBy: sql`${segment.key}, ${tasks.id}`,
    limit: streamBatchSize,
    extra: sql`${cursorKey} as "cursorKey"`,
  });
  const last = rows.at(-1);
  const next = last && rows.length === streamBatchSize ? { key: String(last.extra.cursorKey), id: last.view.id } : null;
  return { views: rows.map((row) => row.view), next };
}

/**
 * GET tasks: a JSON array written as the rows are read, page by page on the index, so the first tasks of a
 * month of 20,000 are on the wire before the last ones are read. Appointment order, then the unscheduled and
 * planned parts the query asks for. Each page is read when the client has taken the previous one.
 */
export function streamTasks(ctx: Ctx, query: TaskListQuery): BodyAnswer {
  const segments = segmentsOf(ctx, query);
  const encoder = new TextEncoder();
  let segmentIndex = 0;
  let cursor: { key: string; id: number } | null = null;
  let written = 0;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode('['));
    },
    // Each call enqueues something, or the reader waiting on it would never be woken.
    async pull(controller) {
      for (let segment = segments[segmentIndex]; segment; segment = segments[segmentIndex]) {
        const page = await readPage(ctx, segment, cursor);
        cursor = page.next;
        if (!cursor) segmentIndex += 1;
        if (page.views.length > 0) {
          const json = page.views.map((view) => JSON.stringify(view)).join(',');
          controller.enqueue(encoder.encode(written > 0 ? `,${json}` : json));
          written += page.views.length;
          return;
        }
      }
      controller.enqueue(encoder.encode(']'));
      controller.close();
    },
  });
  return bodyAnswer({ body, contentType: 'application/json; charset=utf-8' });
}
