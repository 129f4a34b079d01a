import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { autoSchedulePlacements, autoScheduleRuns, skills, taskTypeSkills, taskTypes, tasks, tenants, users } from '@/db/schema';
import { AutoScheduleErrorCode, type AutoScheduleReason } from '@/lib/contract/auto-schedule';
import { getDb } from '@/lib/server/core/db';
import { loadCtx } from '@/lib/server/core/ctx';
import { applyAutoSchedule } from '@/lib/server/auto-schedule/apply';
import { tryLockDay } from '@/lib/server/auto-schedule/placements';
import { clock, expectValidDay, ok, putApply } from './auto-schedule-fixtures';
import { addRule, outboxOf } from './notification-triggers-fixtures';
import { expectError, logsOf } from './tasks/helpers';
import { allFeatures, at, inside, monday, outside, scheduleCompany, storedTask, taskOf, tuesday, type ScheduleCompany } from './tasks/schedule-fixtures';

const officeHours = ['08:00-12:00', '13:00-17:00'];

/** Points inside the workers' zone (Milano centro), a few hundred metres apart. */
const spot = (index: number) => ({ locationLatitude: 45.45 + 0.004 * index, locationLongitude: 9.17 + 0.005 * index });

async function changeSeq(tenantId: number): Promise<number> {
  const db = await getDb();
  const [tenant] = await db.select({ seq: tenants.lastChangeSeq }).from(tenants).where(eq(tenants.id, tenantId));
  return tenant.seq;
}

async function dispatcherCtx(company: ScheduleCompany) {
  const ctx = await loadCtx(await getDb(), company.dispatcher.id, 'test', 'session');
  if (!ctx) throw new Error('the dispatcher can act');
  return ctx;
}

describe('PUT tasks/auto-schedule: placements', () => {
  it('gives every task a worker and a start inside free time, around bookings, inside slots, and keeps a dated task at its time', async () => {
    const c = await scheduleCompany(allFeatures);
    const workerBooking = await taskOf(c, { appointmentDate: new Date(at(monday, '09:00')), assigneeId: c.worker.id, durationMins: 120, ...spot(0) });
    const colleagueBooking = await taskOf(c, { appointmentDate: new Date(at(monday, '13:00')), assigneeId: c.colleague.id, durationMins: 180, ...spot(1) });
    const undated = [];
    for (let index = 0; index < 6; index++) undated.push(await taskOf(c, { title: `Visit ${index}`, ...spot(index) }));
    const slotted = await taskOf(c, { title: 'Morning only', timeSlotId: c.slot.id, durationMins: 60, ...spot(3) });
    const dated = await taskOf(c, { title: 'Told 14:30', appointmentDate: new Date(at(monday, '14:30')), ...spot(2) });
    const boiler = await taskOf(c, { title: 'Boiler', typeId: c.types.boiler, durationMins: 90, ...spot(4) });
    const seqBefore = await changeSeq(c.tenantId);

    const result = ok(await putApply(c.cookie, monday));
    expect(result.notPlaced).toEqual([]);
    expect(result).toMatchObject({ date: monday, placedCount: 9, travelSource: 'haversine', routerFailed: false });
    expect(result.runId).toEqual(expect.any(Number));

    const placedIds = [...undated, slotted, dated, boiler];
    for (const id of placedIds) {
      const task = await storedTask(id);
      expect([c.worker.id, c.colleague.id]).toContain(task.assigneeId);
      expect(task.appointmentDate).not.toBeNull();
    }
    expect(clock((await storedTask(dated)).appointmentDate as Date)).toBe('14:30');
    // Only the colleague has the Gas skill a boiler service needs.
    expect((await storedTask(boiler)).assigneeId).toBe(c.colleague.id);
    // Duration and slot stay as they were.
    expect(await storedTask(slotted)).toMatchObject({ durationMins: 60, timeSlotId: c.slot.id });
    const day = await expectValidDay(c.tenantId, monday, officeHours);
    expect([...day.values()].flat().map((task) => task.id)).toEqual(expect.arrayContaining([workerBooking, colleagueBooking, ...placedIds]));
    // The bookings stay where they were.
    expect(clock((await storedTask(workerBooking)).appointmentDate as Date)).toBe('09:00');
    expect((await storedTask(colleagueBooking)).assigneeId).toBe(c.colleague.id);

    expect(result.workers.reduce((sum, worker) => sum + worker.tasksPlaced, 0)).toBe(9);
    for (const worker of result.workers) {
      expect(worker).toMatchObject({ name: 'Test', surname: 'User' });
      expect(Number.isInteger(worker.travelMinutes)).toBe(true);
      expect(worker.travelMinutes).toBeGreaterThan(0);
    }

    // History like the board's own schedule write: the worker, then the date when it changed.
    const undatedLogs = await logsOf(undated[0]);
    expect(undatedLogs.map((log) => log.action)).toEqual(['change_assignee', 'update_task_details']);
    expect(undatedLogs[0]).toMatchObject({ oldValue: null, newValue: 'Test User', userId: c.dispatcher.id });
    expect(JSON.parse(undatedLogs[1].oldValue as string)).toEqual({ appointmentDate: null });
    expect(JSON.parse(undatedLogs[1].newValue as string)).toEqual({
      appointmentDate: ((await storedTask(undated[0])).appointmentDate as Date).toISOString(),
    });
    expect((await logsOf(dated)).map((log) => log.action)).toEqual(['change_assignee']);

    // One live event per placed task; the run and its placements are kept for undo.
    expect((await changeSeq(c.tenantId)) - seqBefore).toBe(9);
    const db = await getDb();
    const placements = await db.select().from(autoSchedulePlacements).where(eq(autoSchedulePlacements.runId, result.runId as number));
    expect(placements.map((row) => row.taskId).sort()).toEqual([...placedIds].sort());
    const datedPlacement = placements.find((row) => row.taskId === dated);
    expect(datedPlacement?.previousAppointmentDate?.toISOString()).toBe(new Date(at(monday, '14:30')).toISOString());
    expect(datedPlacement?.previousAssigneeId).toBeNull();

    // Nothing left to place: the next run places nothing and keeps no run.
    const again = ok(await putApply(c.cookie, monday));
    expect(again).toMatchObject({ runId: null, placedCount: 0, notPlaced: [], workers: [] });
  });

  it('answers each task it could not place with the reason a dispatcher can act on', async () => {
    const c = await scheduleCompany(allFeatures);
    const db = await getDb();
    const [welding] = await db.insert(skills).values({ tenantId: c.tenantId, name: 'Welding', icon: 'wrench' }).returning({ id: skills.id });
    const [weldingType] = await db.insert(taskTypes).values({ tenantId: c.tenantId, name: 'Weld', durationMins: 30 }).returning({ id: taskTypes.id });
    await db.insert(taskTypeSkills).values({ tenantId: c.tenantId, taskTypeId: weldingType.id, skillId: welding.id });

    const expected = new Map<number, AutoScheduleReason>();
    expected.set(await taskOf(c, { title: 'Nowhere', locationLatitude: null, locationLongitude: null }), 'NO_LOCATION');
    expected.set(await taskOf(c, { title: 'Needs welding', typeId: weldingType.id }), 'NO_WORKER_WITH_SKILLS');
    expected.set(await taskOf(c, { title: 'In Turin', ...outside }), 'OUTSIDE_EVERY_ZONE');
    expected.set(await taskOf(c, { title: 'Told 07:00', appointmentDate: new Date(at(monday, '07:00')) }), 'NO_FREE_TIME_IN_WINDOW');
    expected.set(await taskOf(c, { title: 'Longer than its slot', timeSlotId: c.slot.id, durationMins: 300 }), 'NO_FREE_TIME_IN_WINDOW');
    const fine = await taskOf(c, { title: 'Fine', ...inside });

    const result = ok(await putApply(c.cookie, monday));
    expect(result.placedCount).toBe(1);
    expect(Object.fromEntries(result.notPlaced.map((task) => [task.id, task.reason]))).toEqual(Object.fromEntries(expected));
    const references = result.notPlaced.map((task) => task.referenceNumber);
    expect(references).toEqual([...references].sort((a, b) => a - b));
    expect(result.notPlaced.find((task) => task.reason === 'NO_LOCATION')).toMatchObject({ title: 'Nowhere' });
    expect((await storedTask(fine)).assigneeId).not.toBeNull();
    for (const id of expected.keys()) expect((await storedTask(id)).assigneeId).toBeNull();
  });

  it("answers NO_ROOM_LEFT once the workers' tasks-per-day limits are reached, bookings counting", async () => {
    const c = await scheduleCompany(allFeatures);
    const db = await getDb();
    await db.update(users).set({ maxTasksPerDay: 1 }).where(eq(users.id, c.worker.id));
    await db.update(users).set({ maxTasksPerDay: 2 }).where(eq(users.id, c.colleague.id));
    await taskOf(c, { appointmentDate: new Date(at(monday, '08:00')), assigneeId: c.worker.id });
    const ids = [];
    for (let index = 0; index < 4; index++) ids.push(await taskOf(c, spot(index)));

    const result = ok(await putApply(c.cookie, monday));
    expect(result.placedCount).toBe(2);
    expect(result.notPlaced.map((task) => task.reason)).toEqual(['NO_ROOM_LEFT', 'NO_ROOM_LEFT']);
    expect(result.workers).toEqual([expect.objectContaining({ id: c.colleague.id, tasksPlaced: 2 })]);
    const stored = await db.select({ assigneeId: tasks.assigneeId }).from(tasks).where(inArray(tasks.id, ids));
    expect(stored.filter((task) => task.assigneeId === c.colleague.id)).toHaveLength(2);
    expect(stored.filter((task) => task.assigneeId === c.worker.id)).toHaveLength(0);
  });

  it('still plans the day of a worker booked before and after their hours', async () => {
    const c = await scheduleCompany(allFeatures);
    const db = await getDb();
    await db.update(users).set({ active: false }).where(eq(users.id, c.colleague.id));
    await taskOf(c, { appointmentDate: new Date(at(monday, '07:00')), assigneeId: c.worker.id, ...spot(5) });
    await taskOf(c, { appointmentDate: new Date(at(monday, '17:30')), assigneeId: c.worker.id, ...spot(6) });
    const ids = [await taskOf(c, spot(1)), await taskOf(c, spot(2))];
    const result = ok(await putApply(c.cookie, monday));
    expect(result.notPlaced).toEqual([]);
    for (const id of ids) expect((await storedTask(id)).assigneeId).toBe(c.worker.id);
    const day = await expectValidDay(c.tenantId, monday, ['07:00-12:00', '13:00-18:00']);
    for (const task of day.get(c.worker.id) ?? []) {
      if (ids.includes(task.id)) expect(task.from >= 8 * 60 && (task.to <= 12 * 60 || task.from >= 13 * 60) && task.to <= 17 * 60).toBe(true);
    }
  });

  it("still plans the day of a worker whose own bookings overlap or leave no time to travel between them", async () => {
    const c = await scheduleCompany(allFeatures);
    const db = await getDb();
    await db.update(users).set({ active: false }).where(eq(users.id, c.colleague.id));
    // Two bookings overlapping at 09:00-10:30, then one at 10:30 some 40 km away: the office booked them so.
    await taskOf(c, { appointmentDate: new Date(at(monday, '09:00')), assigneeId: c.worker.id, ...spot(5) });
    await taskOf(c, { appointmentDate: new Date(at(monday, '09:30')), assigneeId: c.worker.id, ...spot(6) });
    await taskOf(c, { appointmentDate: new Date(at(monday, '10:30')), assigneeId: c.worker.id, locationLatitude: 45.8, locationLongitude: 9.17 });
    const ids = [await taskOf(c, spot(1)), await taskOf(c, spot(2))];
    const result = ok(await putApply(c.cookie, monday));
    expect(result.notPlaced).toEqual([]);
    const bookedUntil = 11 * 60 + 30;
    const day = await expectValidDay(c.tenantId, monday, officeHours);
    for (const id of ids) {
      expect((await storedTask(id)).assigneeId).toBe(c.worker.id);
      const placed = (day.get(c.worker.id) ?? []).find((task) => task.id === id);
      expect(placed && (placed.from >= bookedUntil || placed.to <= 9 * 60)).toBe(true);
    }
  });

  it("plans the workers' reminders of the tasks it places, as a dispatcher's own scheduling does", async () => {
    const c = await scheduleCompany(allFeatures);
    const rule = await addRule(c.tenantId, { type: 'BEFORE_APPOINTMENT', numberOfHours: 2, recipient: 'WORKER', messageType: 'EMAIL', subject: 'Soon', message: '{task_id}' });
    const ids = [await taskOf(c, spot(1)), await taskOf(c, spot(2))];
    const result = ok(await putApply(c.cookie, monday));
    expect(result.placedCount).toBe(2);
    for (const id of ids) {
      const stored = await storedTask(id);
      const rows = await outboxOf(id, rule);
      expect(rows).toHaveLength(1);
      expect(rows[0].nextAttemptAt.getTime()).toBe(new Date(stored.appointmentDate ?? 0).getTime() - 2 * 3_600_000);
    }
  });

  it('gives nothing to a worker off that day, and every task no free time when nobody works', async () => {
    const c = await scheduleCompany(allFeatures);
    const db = await getDb();
    await db.update(users).set({ active: false }).where(eq(users.id, c.colleague.id));
    const id = await taskOf(c);
    // Tuesday the worker has a record with no hours, and the colleague is inactive.
    const result = ok(await putApply(c.cookie, tuesday));
    expect(result).toMatchObject({ runId: null, placedCount: 0, workers: [] });
    expect(result.notPlaced).toEqual([expect.objectContaining({ id, reason: 'NO_FREE_TIME_IN_WINDOW' })]);
  });
});

describe('PUT tasks/auto-schedule: changes while solving', () => {
  it('leaves alone a task someone changed while the solver ran, and places the others', async () => {
    const c = await scheduleCompany(allFeatures);
    const changed = await taskOf(c, { title: 'Will be renamed', ...spot(1) });
    const other = await taskOf(c, { title: 'Untouched', ...spot(2) });
    const db = await getDb();
    const result = await applyAutoSchedule(await dispatcherCtx(c), { currentDate: monday }, {
      afterSolve: async () => {
        await db.update(tasks).set({ title: 'Renamed meanwhile', updated: new Date(Date.now() + 60_000) }).where(eq(tasks.id, changed));
      },
    });
    expect(result.notPlaced).toEqual([{ id: changed, referenceNumber: expect.any(Number), title: 'Will be renamed', reason: 'CHANGED_WHILE_SOLVING' }]);
    expect(result.placedCount).toBe(1);
    expect(await storedTask(changed)).toMatchObject({ title: 'Renamed meanwhile', assigneeId: null, appointmentDate: null });
    expect((await storedTask(other)).assigneeId).not.toBeNull();
  });

  it("leaves alone a placement that a booking made meanwhile now overlaps", async () => {
    const c = await scheduleCompany(allFeatures);
    const id = await taskOf(c);
    const result = await applyAutoSchedule(await dispatcherCtx(c), { currentDate: monday }, {
      afterSolve: async () => {
        for (const workerId of [c.worker.id, c.colleague.id]) {
          await taskOf(c, { appointmentDate: new Date(at(monday, '08:00')), assigneeId: workerId, durationMins: 540 });
        }
      },
    });
    expect(result).toMatchObject({ runId: null, placedCount: 0, workers: [] });
    expect(result.notPlaced).toEqual([expect.objectContaining({ id, reason: 'CHANGED_WHILE_SOLVING' })]);
    expect(await storedTask(id)).toMatchObject({ assigneeId: null, appointmentDate: null });
  });
});

describe('PUT tasks/auto-schedule: one run per tenant and day', () => {
  it('answers 409 while another run of the same day holds its lock; another day is free', async () => {
    const c = await scheduleCompany(allFeatures);
    await taskOf(c);
    const db = await getDb();
    const ctx = await dispatcherCtx(c);
    await db.transaction(async (tx) => {
      expect(await tryLockDay(tx, ctx, monday)).toBe(true);
      const refused = expectError(await putApply(c.cookie, monday), 409, AutoScheduleErrorCode.running);
      expect(refused.message).toBe('An auto-schedule for this date is already running. Try again when it ends.');
      ok(await putApply(c.cookie, '2030-01-09'));
    });
  });

  it('never double-books when two dispatchers confirm the same day at once', async () => {
    const c = await scheduleCompany(allFeatures);
    const ids = [];
    for (let index = 0; index < 8; index++) ids.push(await taskOf(c, spot(index)));
    const answers = await Promise.all([putApply(c.cookie, monday), putApply(c.cookie, monday)]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect([[200, 200], [200, 409]]).toContainEqual(statuses);
    const placed = answers.filter((answer) => answer.status === 200).reduce((sum, answer) => sum + answer.body.placedCount, 0);
    expect(placed).toBe(ids.length);
    const db = await getDb();
    const runs = await db.select({ id: autoScheduleRuns.id }).from(autoScheduleRuns).where(eq(autoScheduleRuns.tenantId, c.tenantId));
    const placements = await db
      .select({ taskId: autoSchedulePlacements.taskId })
      .from(autoSchedulePlacements)
      .where(inArray(autoSchedulePlacements.runId, runs.map((run) => run.id)));
    expect(new Set(placements.map((row) => row.taskId)).size).toBe(placements.length);
    await expectValidDay(c.tenantId, monday, officeHours);
  });
});
