import { beforeAll, describe, expect, it } from 'vitest';
import { DELETE as unassignHandler, PUT as scheduleHandler } from '@/app/api/web/tasks/[id]/schedule/route';
import { GET as stream } from '@/app/api/web/tasks/stream/route';
import { GET as workersUnavailability } from '@/app/api/web/workers-unavailability/route';
import { TaskStatus } from '@/lib/contract/tasks';
import type { WorkerUnavailableSpan } from '@/lib/contract/working-hours';
import { expectTenantIsolation } from '../setup/http';
import { callJson, collectTaskEvents, logsOf } from './helpers';
import {
  allFeatures,
  at,
  deleteSchedule,
  expectUnchanged,
  monday,
  putSchedule,
  refusal,
  saved,
  scheduleCompany,
  storedTask,
  taskOf,
  tuesday,
  wednesday,
  type ScheduleCompany,
} from './schedule-fixtures';

/** The rest of a schedule write's life: unassigning, concurrency, cancelled tasks, tenants, and the greyed spans. */
let on: ScheduleCompany;
let other: ScheduleCompany;

beforeAll(async () => {
  on = await scheduleCompany(allFeatures);
  other = await scheduleCompany(allFeatures);
});

describe('DELETE tasks/{id}/schedule', () => {
  it('unassigns and keeps the date; the task can then only go back to a worker on that day', async () => {
    const date = at(monday, '09:00');
    const id = await taskOf(on, { appointmentDate: new Date(date), assigneeId: on.worker.id });
    const done = saved(await deleteSchedule(on, id));
    expect(done).toMatchObject({ assigneeId: null, appointment: { date: new Date(date).toISOString(), durationMins: 30 } });
    expect((await logsOf(id)).map((log) => log.action)).toEqual(['change_assignee']);
    refusal(await putSchedule(on, id, { date: at(wednesday, '09:00'), assigneeId: on.worker.id }), 422, 'schedule.notPlannedForDay');
    // Back on a worker, on its day: a drop again, so the unavailable Tuesday would be refused, Monday is fine.
    expect(saved(await putSchedule(on, id, { date: at(monday, '14:00'), assigneeId: on.colleague.id })).assigneeId).toBe(on.colleague.id);
  });

  it('answers a task without a worker as it is, writing nothing', async () => {
    const id = await taskOf(on, { appointmentDate: new Date(at(monday, '09:00')) });
    const before = await storedTask(id);
    saved(await deleteSchedule(on, id));
    await expectUnchanged(id, before);
    expect(await logsOf(id)).toEqual([]);
  });
});

describe('concurrency', () => {
  it('answers 409 STALE_UPDATE to a write based on an old version, before any drop rule', async () => {
    const id = await taskOf(on, { appointmentDate: new Date(at(monday, '09:00')), assigneeId: on.worker.id });
    const seen = (await storedTask(id)).updated.toISOString();
    const moved = saved(await putSchedule(on, id, { date: at(monday, '10:00'), assigneeId: on.worker.id, updated: seen }));
    expect(moved.updated).not.toBe(seen);
    const stale = refusal(await putSchedule(on, id, { date: at(monday, '14:00'), assigneeId: on.worker.id, updated: seen }), 409, 'request.staleUpdate');
    expect(stale.message).toBe('The task was changed by someone else meanwhile. Reload it and try again.');
    // Even a write the rules would refuse is stale first: the dispatcher must see the current state.
    refusal(await putSchedule(on, id, { date: at(tuesday, '10:00'), assigneeId: 99_999_999, updated: seen }), 409, 'request.staleUpdate');
    refusal(await deleteSchedule(on, id, { updated: seen }), 409, 'request.staleUpdate');
    saved(await deleteSchedule(on, id, { updated: moved.updated }));
  });

  it('publishes a saved drop on the live stream, and nothing for a refused one', async () => {
    const id = await taskOf(on);
    const session = { cookie: on.cookie, tenantId: on.tenantId };
    const refused = await collectTaskEvents(stream, session, () => putSchedule(on, id, { date: at(tuesday, '10:00'), assigneeId: on.worker.id }), 1, 1500);
    expect(refused).toEqual([]);
    const events = await collectTaskEvents(stream, session, () => putSchedule(on, id, { date: at(monday, '10:00'), assigneeId: on.worker.id }), 1);
    expect(events[0]).toMatchObject({ taskId: id, kind: 'updated', task: { id, assigneeId: on.worker.id } });
  });
});

describe('cancelled tasks', () => {
  it('refuses both writes with the existing 422 TASK_CANCELLED', async () => {
    const id = await taskOf(on, {
      appointmentDate: new Date(at(monday, '09:00')),
      assigneeId: on.worker.id,
      statusId: TaskStatus.cancelled,
      cancelled: new Date(),
    });
    const before = await storedTask(id);
    refusal(await putSchedule(on, id, { date: at(monday, '10:00'), assigneeId: on.worker.id }), 422, 'task.cancelled');
    refusal(await deleteSchedule(on, id), 422, 'task.cancelled');
    await expectUnchanged(id, before);
  });
});

describe('tenants', () => {
  it("answers 404 on another tenant's task for PUT and DELETE", async () => {
    const foreign = await taskOf(other, { appointmentDate: new Date(at(monday, '09:00')), assigneeId: other.worker.id });
    await expectTenantIsolation({
      handler: scheduleHandler,
      method: 'PUT',
      params: { id: foreign },
      json: { date: at(monday, '10:00'), assigneeId: other.worker.id },
      otherTenantCookie: on.cookie,
      ownerCookie: other.cookie,
    });
    await expectTenantIsolation({ handler: unassignHandler, method: 'DELETE', params: { id: foreign }, otherTenantCookie: on.cookie, ownerCookie: other.cookie });
  });

  it("refuses another tenant's worker on one's own task as it refuses an unknown id", async () => {
    const id = await taskOf(on);
    refusal(await putSchedule(on, id, { date: at(monday, '10:00'), assigneeId: other.worker.id }), 422, 'schedule.invalidWorker');
    refusal(await putSchedule(on, id, { date: at(monday, '10:00'), assigneeId: other.colleague.id }), 422, 'schedule.invalidWorker');
    expect((await storedTask(id)).assigneeId).toBeNull();
  });
});

describe("GET workers-unavailability for the board's week", () => {
  const spansOf = (company: ScheduleCompany, from: string, to: string) =>
    callJson<WorkerUnavailableSpan[]>(workersUnavailability, { path: '/api/web/workers-unavailability', query: { from, to }, cookie: company.cookie });

  it('greys, for each worker of the tenant, the week outside the hours; a drop in a grey span is refused, outside it saved', async () => {
    const week = await spansOf(on, monday, '2030-01-13');
    expect(week.status, JSON.stringify(week.body)).toBe(200);
    const workers = new Set(week.body.map((span) => span.workerId));
    expect(workers).toEqual(new Set([on.worker.id, on.colleague.id]));
    const mine = week.body.filter((span) => span.workerId === on.worker.id);
    expect(mine.filter((span) => span.date === monday)).toEqual([
      { workerId: on.worker.id, date: monday, start: at(monday, '00:00'), end: at(monday, '08:00') },
      { workerId: on.worker.id, date: monday, start: at(monday, '12:00'), end: at(monday, '13:00') },
      { workerId: on.worker.id, date: monday, start: at(monday, '17:00'), end: at(tuesday, '00:00') },
    ]);
    // Tuesday has its own record with no hours: the whole day; so have the weekend days by the template.
    for (const day of [tuesday, '2030-01-12', '2030-01-13']) {
      expect(mine.filter((span) => span.date === day)).toEqual([{ workerId: on.worker.id, date: day, start: at(day, '00:00'), end: expect.any(String) }]);
    }
    expect(week.body.filter((span) => span.workerId === on.colleague.id && span.date === tuesday)).toHaveLength(3);

    refusal(await putSchedule(on, await taskOf(on), { date: at(monday, '12:15'), assigneeId: on.worker.id }), 422, 'schedule.workerUnavailable');
    saved(await putSchedule(on, await taskOf(on), { date: at(monday, '13:00'), assigneeId: on.worker.id }));
  });

  it('answers 403 FEATURE_DISABLED without feature 2', async () => {
    const off = await scheduleCompany([]);
    refusal(await spansOf(off, monday, '2030-01-13'), 403, 'tenant.featureDisabled');
  });
});
