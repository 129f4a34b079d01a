import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { expect } from 'vitest';
import { POST as undoHandler } from '@/app/api/web/tasks/auto-schedule/[id]/undo/route';
import { PUT as applyHandler } from '@/app/api/web/tasks/auto-schedule/route';
import { GET as summaryHandler } from '@/app/api/web/tasks/auto-schedule/summary/route';
import { tasks, timeSlots } from '@/db/schema';
import type { AutoScheduleResult, AutoScheduleSummary, AutoScheduleUndoResult } from '@/lib/contract/auto-schedule';
import { zonedDateAndTime } from '@/lib/contract/zoned-time';
import { getDb } from '@/lib/server/core/db';
import { callJson, type ErrorBody } from './tasks/helpers';

/** The solver stops early in tests: these problems are tiny, and the files should stay fast. */
process.env.AUTO_SCHEDULE_TIME_LIMIT_MS ??= '200';

export type ErrorAnswer = ErrorBody & { error: { details?: Record<string, unknown> } };

export const getSummary = (cookie: string, currentDate: string) =>
  callJson<AutoScheduleSummary & ErrorAnswer>(summaryHandler, {
    path: '/api/web/tasks/auto-schedule/summary',
    query: { currentDate },
    cookie,
  });

export const putApply = (cookie: string, currentDate: string) =>
  callJson<AutoScheduleResult & ErrorAnswer>(applyHandler, {
    method: 'PUT',
    path: '/api/web/tasks/auto-schedule',
    query: { currentDate },
    cookie,
  });

export const postUndo = (cookie: string, id: number) =>
  callJson<AutoScheduleUndoResult & ErrorAnswer>(undoHandler, {
    method: 'POST',
    path: `/api/web/tasks/auto-schedule/${id}/undo`,
    params: { id },
    cookie,
  });

export function ok<T>(result: { status: number; body: T }): T {
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body;
}

/** Local 'HH:MM' on the tenant's clock (Europe/Rome). */
export const clock = (instant: Date) => zonedDateAndTime(instant, 'Europe/Rome').time;

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * An independent check of a planned day, read back from the database: each worker's tasks on the day do not overlap,
 * lie entirely inside one of the given shifts (local 'HH:MM-HH:MM'), and a task with a time slot lies inside it.
 * Answers the day's tasks by worker, in start order.
 */
export async function expectValidDay(tenantId: number, day: string, shifts: readonly string[]) {
  const db = await getDb();
  const rows = await db
    .select({
      id: tasks.id,
      assigneeId: tasks.assigneeId,
      start: tasks.appointmentDate,
      durationMins: tasks.durationMins,
      slotStart: timeSlots.startTime,
      slotEnd: timeSlots.endTime,
    })
    .from(tasks)
    .leftJoin(timeSlots, eq(timeSlots.id, tasks.timeSlotId))
    .where(and(eq(tasks.tenantId, tenantId), isNotNull(tasks.assigneeId), isNotNull(tasks.appointmentDate), isNull(tasks.deleted), isNull(tasks.cancelled)));
  const byWorker = new Map<number, { id: number; from: number; to: number }[]>();
  for (const row of rows) {
    const start = row.start as Date;
    if (zonedDateAndTime(start, 'Europe/Rome').date !== day) continue;
    const from = minutesOf(clock(start));
    const to = from + row.durationMins;
    const inShift = shifts.some((shift) => minutesOf(shift.slice(0, 5)) <= from && to <= minutesOf(shift.slice(6, 11)));
    expect(inShift, `task ${row.id} at ${clock(start)} for ${row.durationMins} min lies inside a shift`).toBe(true);
    if (row.slotStart && row.slotEnd) {
      expect(from, `task ${row.id} starts inside its slot`).toBeGreaterThanOrEqual(minutesOf(row.slotStart));
      expect(to, `task ${row.id} ends inside its slot`).toBeLessThanOrEqual(minutesOf(row.slotEnd));
    }
    const list = byWorker.get(row.assigneeId as number) ?? [];
    list.push({ id: row.id, from, to });
    byWorker.set(row.assigneeId as number, list);
  }
  for (const [workerId, list] of byWorker) {
    list.sort((a, b) => a.from - b.from);
    for (let index = 1; index < list.length; index++) {
      expect(list[index].from, `worker ${workerId}: task ${list[index].id} starts after task ${list[index - 1].id} ends`).toBeGreaterThanOrEqual(
        list[index - 1].to,
      );
    }
  }
  return byWorker;
}
