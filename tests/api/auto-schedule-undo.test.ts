import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as undoHandler } from '@/app/api/web/tasks/auto-schedule/[id]/undo/route';
import { GET as stream } from '@/app/api/web/tasks/stream/route';
import { autoScheduleRuns, tasks } from '@/db/schema';
import { AutoScheduleErrorCode, type AutoScheduleUndoConflictDetails } from '@/lib/contract/auto-schedule';
import { getDb } from '@/lib/server/core/db';
import { ok, postUndo, putApply } from './auto-schedule-fixtures';
import { expectTenantIsolation } from './setup/http';
import { collectTaskEvents, expectError, logsOf } from './tasks/helpers';
import { allFeatures, at, monday, putSchedule, saved, scheduleCompany, storedTask, taskOf } from './tasks/schedule-fixtures';

describe('POST tasks/auto-schedule/{id}/undo', () => {
  it('puts every placed task back as it was, tells the live stream, and can be done only once', async () => {
    const c = await scheduleCompany(allFeatures);
    const undated = await taskOf(c, { title: 'Undated' });
    const dated = await taskOf(c, { title: 'Dated', appointmentDate: new Date(at(monday, '14:30')) });
    const run = ok(await putApply(c.cookie, monday));
    expect(run.placedCount).toBe(2);
    const runId = run.runId as number;

    const session = { cookie: c.cookie, tenantId: c.tenantId };
    let answer: Awaited<ReturnType<typeof postUndo>> | undefined;
    const events = await collectTaskEvents(stream, session, async () => (answer = await postUndo(c.cookie, runId)), 2);
    expect(ok(answer as Awaited<ReturnType<typeof postUndo>>)).toEqual({ runId, restoredCount: 2 });
    expect(await storedTask(undated)).toMatchObject({ assigneeId: null, appointmentDate: null, durationMins: 30 });
    const back = await storedTask(dated);
    expect(back.assigneeId).toBeNull();
    expect(back.appointmentDate?.toISOString()).toBe(new Date(at(monday, '14:30')).toISOString());
    expect(events.map((event) => event.taskId).sort()).toEqual([undated, dated].sort());
    expect(events.find((event) => event.taskId === undated)?.task).toMatchObject({ assigneeId: null, appointment: null });

    // The history records the way back too.
    expect((await logsOf(undated)).map((log) => log.action)).toEqual([
      'change_assignee',
      'update_task_details',
      'change_assignee',
      'update_task_details',
    ]);
    const lastLogs = (await logsOf(undated)).slice(2);
    expect(lastLogs[0]).toMatchObject({ oldValue: 'Test User', newValue: null });
    expect(JSON.parse(lastLogs[1].newValue as string)).toEqual({ appointmentDate: null });

    const db = await getDb();
    const [stored] = await db.select().from(autoScheduleRuns).where(eq(autoScheduleRuns.id, runId));
    expect(stored.undone).toBeInstanceOf(Date);
    const again = expectError(await postUndo(c.cookie, runId), 409, AutoScheduleErrorCode.alreadyUndone);
    expect(again.message).toBe('This auto-schedule has already been undone.');

    // Back in the unscheduled panel, the tasks are planned again by the next run.
    expect(ok(await putApply(c.cookie, monday)).placedCount).toBe(2);
  });

  it('refuses with 409 naming the tasks changed since, and restores nothing', async () => {
    const c = await scheduleCompany(allFeatures);
    const moved = await taskOf(c, { title: 'Moved by hand' });
    const kept = await taskOf(c, { title: 'Left as placed' });
    const run = ok(await putApply(c.cookie, monday));
    const placedKept = await storedTask(kept);
    const before = await storedTask(moved);
    saved(await putSchedule(c, moved, { date: at(monday, '16:00'), assigneeId: before.assigneeId }));

    const refused = expectError(await postUndo(c.cookie, run.runId as number), 409, AutoScheduleErrorCode.changedSince);
    const details = (refused as { details?: AutoScheduleUndoConflictDetails }).details;
    expect(details).toEqual({ tasks: [{ id: moved, referenceNumber: expect.any(Number), title: 'Moved by hand' }] });
    const after = await storedTask(kept);
    expect(after.assigneeId).toBe(placedKept.assigneeId);
    expect(after.updated.getTime()).toBe(placedKept.updated.getTime());
    const db = await getDb();
    const [stored] = await db.select().from(autoScheduleRuns).where(eq(autoScheduleRuns.id, run.runId as number));
    expect(stored.undone).toBeNull();
  });

  it('skips a task deleted since: there is nothing left to put back', async () => {
    const c = await scheduleCompany(allFeatures);
    const gone = await taskOf(c);
    const other = await taskOf(c);
    const run = ok(await putApply(c.cookie, monday));
    const db = await getDb();
    await db.update(tasks).set({ deleted: new Date(), updated: new Date(Date.now() + 60_000) }).where(eq(tasks.id, gone));
    expect(ok(await postUndo(c.cookie, run.runId as number))).toEqual({ runId: run.runId, restoredCount: 1 });
    expect(await storedTask(other)).toMatchObject({ assigneeId: null, appointmentDate: null });
  });

  it("answers 404 for another tenant's run, as for a missing one", async () => {
    const mine = await scheduleCompany(allFeatures);
    const theirs = await scheduleCompany(allFeatures);
    await taskOf(theirs);
    const run = ok(await putApply(theirs.cookie, monday));
    await expectTenantIsolation({
      handler: undoHandler,
      method: 'POST',
      params: { id: run.runId as number },
      otherTenantCookie: mine.cookie,
      ownerCookie: theirs.cookie,
    });
    expectError(await postUndo(mine.cookie, 99_999_999), 404, 'autoSchedule.notFound');
  });
});
