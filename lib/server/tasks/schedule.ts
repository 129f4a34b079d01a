import 'server-only';
import type { ScheduleBody, TaskView } from '@/lib/contract/tasks';
import type { Ctx } from '@/lib/server/http/ctx';
import { prepareTask } from './draft';
import { publishTask } from './logs';
import { getTask } from './read';
import { assertFresh, assertNotCancelled, lockTask } from './rules';
import { applyTaskChanges } from './write';

/**
 * PUT tasks/{id}/schedule: the appointment, and optionally the worker and time slot, under the same rules as
 * the task form (date after now, active workers only, a worker only with a date).
 */
export async function scheduleTask(ctx: Ctx, id: number, body: ScheduleBody): Promise<TaskView> {
  return ctx.db.transaction(async (tx) => {
    const current = await lockTask(tx, ctx, id);
    assertFresh(current, body.updated);
    assertNotCancelled(current);
    const prepared = await prepareTask(tx, ctx, current, {
      appointment: { date: body.date, durationMins: body.durationMins ?? current.durationMins },
      assigneeId: body.assigneeId,
      timeSlotId: body.timeSlotId,
    });
    const changed = await applyTaskChanges(tx, ctx, current, prepared.changes);
    return changed ? publishTask(tx, ctx, id, 'updated') : getTask(ctx, id, tx);
  });
}

/** DELETE tasks/{id}/schedule: unassigns the worker; the task keeps its date and becomes unassigned. */
export async function unassignTask(ctx: Ctx, id: number, seenUpdated?: string): Promise<TaskView> {
  return ctx.db.transaction(async (tx) => {
    const current = await lockTask(tx, ctx, id);
    assertFresh(current, seenUpdated);
    assertNotCancelled(current);
    if (current.assigneeId === null) return getTask(ctx, id, tx);
    await applyTaskChanges(tx, ctx, current, { assigneeId: null });
    return publishTask(tx, ctx, id, 'updated');
  });
}
