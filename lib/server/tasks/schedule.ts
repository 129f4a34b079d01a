import 'server-only';
import type { ScheduleBody, TaskView } from '@/lib/contract/tasks';
import type { Ctx } from '@/lib/server/core/ctx';
import { prepareTask } from './draft';
import { taskChangeSet } from './change-set';
import { getTask } from './read';
import { databaseReferences } from './references';
import { assertFresh, assertNotCancelled, lockTask } from './rules';
import { assertValidWorker, checkScheduleRules } from './schedule-rules';
import { applyTaskChanges } from './write';

/**
 * PUT tasks/{id}/schedule: the appointment, and optionally the worker and time slot, under the same rules as
 * the task form (date after now, a worker only with a date) and the board's drop rules (schedule-rules.ts, in the
 * order of their numbers: worker, planned day, time slot, availability, zones, skills, confirmations).
 */
export async function scheduleTask(ctx: Ctx, id: number, body: ScheduleBody): Promise<TaskView> {
  return ctx.db.transaction(async (tx) => {
    const current = await lockTask(tx, ctx, id);
    assertFresh(current, body.updated);
    assertNotCancelled(current);
    await assertValidWorker(tx, ctx, body.assigneeId);
    // Rule 1 has just read the worker: the form's rules need not read it again.
    const stored = databaseReferences(tx, ctx);
    const references = { ...stored, isActiveWorker: async (workerId: number) => workerId === body.assigneeId || stored.isActiveWorker(workerId) };
    const prepared = await prepareTask(
      tx,
      ctx,
      current,
      {
        appointment: { date: body.date, durationMins: body.durationMins ?? current.durationMins },
        assigneeId: body.assigneeId,
        timeSlotId: body.timeSlotId,
      },
      { references },
    );
    const { next } = prepared;
    if (!next.appointmentDate) throw new Error('unreachable: the schedule always sets a date');
    await checkScheduleRules(
      tx,
      ctx,
      current,
      { assigneeId: next.assigneeId, start: next.appointmentDate, durationMins: next.durationMins, timeSlotId: next.timeSlotId },
      body.confirm,
    );
    const changes = taskChangeSet(tx, ctx);
    await applyTaskChanges(tx, ctx, changes, current, prepared.changes);
    return changes.flushView(id);
  });
}

/** DELETE tasks/{id}/schedule: unassigns the worker; the task keeps its date and becomes unassigned. */
export async function unassignTask(ctx: Ctx, id: number, seenUpdated?: string): Promise<TaskView> {
  return ctx.db.transaction(async (tx) => {
    const current = await lockTask(tx, ctx, id);
    assertFresh(current, seenUpdated);
    assertNotCancelled(current);
    if (current.assigneeId === null) return getTask(ctx, id, tx);
    const changes = taskChangeSet(tx, ctx);
    await applyTaskChanges(tx, ctx, changes, current, { assigneeId: null });
    return changes.flushView(id);
  });
}
