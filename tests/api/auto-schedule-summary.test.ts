import { beforeAll, describe, expect, it } from 'vitest';
import { dateMustBeAfterToday } from '@/lib/contract/auto-schedule';
import { Feature } from '@/lib/contract/features';
import { TaskStatus } from '@/lib/contract/tasks';
import { addDays, todayIn } from '@/lib/contract/zoned-time';
import { getSummary, ok, postUndo, putApply } from './auto-schedule-fixtures';
import { createCompany, createUser } from './setup/fixtures';
import { signIn } from './setup/http';
import { expectError } from './tasks/helpers';
import { allFeatures, at, monday, scheduleCompany, taskOf, tuesday, type ScheduleCompany } from './tasks/schedule-fixtures';
import { codesOf, messagesOf } from '@/lib/contract/errors';

let company: ScheduleCompany;

beforeAll(async () => {
  company = await scheduleCompany(allFeatures);
});

describe('GET tasks/auto-schedule/summary', () => {
  it('lists the open undated tasks and the unassigned ones of that day, in reference order, and nothing else', async () => {
    const other = await scheduleCompany(allFeatures);
    const undated = await taskOf(other, { title: 'No date yet' });
    const unassignedThatDay = await taskOf(other, { title: 'Dated, no worker', appointmentDate: new Date(at(monday, '15:00')) });
    const inProgressUndated = await taskOf(other, { title: 'Started without a date', statusId: TaskStatus.inProgress });
    await taskOf(other, { title: 'Booked', appointmentDate: new Date(at(monday, '09:00')), assigneeId: other.worker.id });
    await taskOf(other, { title: 'Other day', appointmentDate: new Date(at(tuesday, '09:00')) });
    await taskOf(other, { title: 'Cancelled', statusId: TaskStatus.cancelled, cancelled: new Date() });
    await taskOf(other, { title: 'Completed', statusId: TaskStatus.completed });
    await taskOf(other, { title: 'Deleted', deleted: new Date() });
    // The day before starts at 23:00 UTC on Monday's eve: an instant just before local midnight is not that day.
    await taskOf(other, { title: 'Sunday night', appointmentDate: new Date(at('2030-01-06', '23:59')) });

    const summary = ok(await getSummary(other.cookie, monday));
    expect(summary.date).toBe(monday);
    expect(summary.tasks.map((task) => task.id)).toEqual([undated, unassignedThatDay, inProgressUndated]);
    expect(summary.tasks[0]).toEqual({ id: undated, referenceNumber: expect.any(Number), title: 'No date yet' });
    expect(summary.unscheduledCount).toBe(2);
    expect(summary.anyWorkerHasTemplate).toBe(true);
  });

  it("lists the workers with free time that day: working minutes minus their bookings, none on a day they're off", async () => {
    const other = await scheduleCompany(allFeatures);
    await taskOf(other, { appointmentDate: new Date(at(monday, '09:00')), assigneeId: other.worker.id, durationMins: 90 });
    // A cancelled booking takes no time.
    await taskOf(other, { appointmentDate: new Date(at(monday, '14:00')), assigneeId: other.worker.id, statusId: TaskStatus.cancelled, cancelled: new Date() });
    const noTemplate = await createUser(other.tenantId, { assignee: true });
    await createUser(other.tenantId, { assignee: true, active: false });

    const summary = ok(await getSummary(other.cookie, monday));
    const free = Object.fromEntries(summary.workers.map((worker) => [worker.id, worker.freeMinutes]));
    expect(free).toEqual({ [other.worker.id]: 480 - 90, [other.colleague.id]: 480 });
    expect(summary.workers.map((worker) => worker.id)).not.toContain(noTemplate.id);
    expect(summary.workers[0]).toMatchObject({ name: 'Test', surname: 'User' });

    // Tuesday: the worker has a record with no hours; only the colleague is free.
    const tuesdaySummary = ok(await getSummary(other.cookie, tuesday));
    expect(tuesdaySummary.workers.map((worker) => worker.id)).toEqual([other.colleague.id]);
  });

  it('says when no worker has a working-hours template, and when nothing is unscheduled', async () => {
    const bare = await createCompany({ features: [Feature.workingHours] });
    const dispatcher = await createUser(bare.tenantId, { tasksManager: true });
    const cookie = await signIn(dispatcher.username);
    const summary = ok(await getSummary(cookie, monday));
    expect(summary).toEqual({ date: monday, tasks: [], workers: [], anyWorkerHasTemplate: false, unscheduledCount: 0 });
  });

  it('refuses today and earlier with 400 on currentDate, as apply does; tomorrow is accepted', async () => {
    const today = todayIn('Europe/Rome');
    for (const day of [today, addDays(today, -1)]) {
      const summary = expectError(await getSummary(company.cookie, day), 400, 'request.invalid');
      expect(messagesOf(summary.fields)).toEqual({ currentDate: [dateMustBeAfterToday] });
      expect(codesOf(summary.fields)).toEqual({ currentDate: ['autoSchedule.dateNotAfterToday'] });
      const apply = expectError(await putApply(company.cookie, day), 400, 'request.invalid');
      expect(messagesOf(apply.fields)).toEqual({ currentDate: [dateMustBeAfterToday] });
      expect(codesOf(apply.fields)).toEqual({ currentDate: ['autoSchedule.dateNotAfterToday'] });
    }
    ok(await getSummary(company.cookie, addDays(today, 1)));
    expectError(await getSummary(company.cookie, '2030-1-7'), 400, 'request.invalid');
  });
});

describe('who may call auto-schedule', () => {
  it('needs feature 2 (working hours) for summary, apply and undo', async () => {
    const off = await scheduleCompany([Feature.zones, Feature.timeSlots, Feature.skills]);
    expectError(await getSummary(off.cookie, monday), 403, 'tenant.featureDisabled');
    expectError(await putApply(off.cookie, monday), 403, 'tenant.featureDisabled');
    expectError(await postUndo(off.cookie, 1), 403, 'tenant.featureDisabled');
  });

  it('is for task managers: a worker or a billing manager gets 403', async () => {
    const billing = await createUser(company.tenantId, { billingManager: true });
    for (const user of [company.worker, billing]) {
      const cookie = await signIn(user.username);
      expectError(await getSummary(cookie, monday), 403, 'auth.forbidden');
      expectError(await putApply(cookie, monday), 403, 'auth.forbidden');
      expectError(await postUndo(cookie, 1), 403, 'auth.forbidden');
    }
  });
});
