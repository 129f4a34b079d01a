import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PUT as updateTask } from '@/app/api/web/tasks/[id]/route';
import { DELETE as unassign, PUT as schedule } from '@/app/api/web/tasks/[id]/schedule/route';
import { GET as stream } from '@/app/api/web/tasks/stream/route';
import { tasks, users } from '@/db/schema';
import { getDb } from '@/lib/server/core/db';
import { createUser } from '../setup/fixtures';
import { expectTenantIsolation, signIn } from '../setup/http';
import {
  callJson,
  collectTaskEvents,
  expectError,
  future,
  logsOf,
  seedTask,
  taskCompany,
  timelineOf,
  type TaskCompany,
  type TaskView,
} from './helpers';
import { codesOf, messagesOf } from '@/lib/contract/errors';

let a: TaskCompany;
let b: TaskCompany;

beforeAll(async () => {
  a = await taskCompany();
  b = await taskCompany();
});

const put = (id: number, json: unknown, cookie = a.cookie) =>
  callJson<TaskView>(updateTask, { method: 'PUT', params: { id }, json, cookie });
const putSchedule = (id: number, json: unknown, cookie = a.cookie) =>
  callJson<TaskView>(schedule, { method: 'PUT', params: { id }, json, cookie });

const surveyTask = (values: Partial<typeof tasks.$inferInsert> = {}) =>
  seedTask(a.tenantId, { typeId: a.types.survey, ...values });

describe('PUT tasks/{id}', () => {
  it('changes the details and writes update_task_details with the old and new values', async () => {
    const id = await surveyTask({ description: 'before' });
    const result = await put(id, { description: 'after', clientId: a.clients.active, location: { address: 'Via Po 2' } });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body).toMatchObject({ description: 'after', client: { displayName: 'Rossi Srl' }, location: { address: 'Via Po 2' } });
    const [log] = await logsOf(id);
    expect(log.action).toBe('update_task_details');
    expect(JSON.parse(log.oldValue ?? '{}')).toMatchObject({ description: 'before', clientId: null, locationAddress: null });
    expect(JSON.parse(log.newValue ?? '{}')).toMatchObject({ description: 'after', clientId: a.clients.active, locationAddress: 'Via Po 2' });
  });

  it('writes change_assignee, change_task_status with a timeline row, and change_billing_status', async () => {
    const id = await surveyTask();
    const result = await put(id, { appointment: { date: future(3) }, assigneeId: a.worker.id, statusId: 2, billingStatusId: 2 });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    const actions = (await logsOf(id)).map((log) => [log.action, log.oldValue, log.newValue]);
    expect(actions).toEqual(
      expect.arrayContaining([
        ['change_assignee', null, 'Test User'],
        ['change_task_status', 'pending', 'in progress'],
        ['change_billing_status', 'pending', 'not invoiceable'],
      ]),
    );
    expect(actions.map(([action]) => action)).toContain('update_task_details');
    expect(await timelineOf(id)).toEqual([2]);
  });

  it('answers 409 STALE_UPDATE when the task changed since the caller read it, and accepts the fresh value', async () => {
    const id = await surveyTask();
    const first = await put(id, { description: 'one' });
    const read = first.body.updated;
    const second = await put(id, { description: 'two', updated: read });
    expect(second.status).toBe(200);
    expect(Date.parse(second.body.updated)).toBeGreaterThan(Date.parse(read));
    expectError(await put(id, { description: 'three', updated: read }), 409, 'request.staleUpdate');
    expect((await put(id, { description: 'three', updated: second.body.updated })).status).toBe(200);
  });

  it('requires ON_COMPLETION fields before status 4 and ON_SAVE fields on every save', async () => {
    const id = await seedTask(a.tenantId, { typeId: a.types.repair });
    const noPo = expectError(await put(id, { description: 'x' }), 400, 'task.customFieldsRequired', 'Customer PO number are required');
    expect(messagesOf(noPo.fields)).toEqual({ [`customFieldValues.${a.fields.purchaseOrder}`]: ['Field is required'] });
    expect(codesOf(noPo.fields)).toEqual({ [`customFieldValues.${a.fields.purchaseOrder}`]: ['task.customFieldRequired'] });
    const po = { customFieldId: a.fields.purchaseOrder, fieldValue: 'PO-7' };
    expect((await put(id, { customFieldValues: [po] })).status).toBe(200);
    const completing = expectError(await put(id, { statusId: 4 }), 400, 'task.customFieldsRequired', 'Materials used are required');
    expect(messagesOf(completing.fields)).toEqual({ [`customFieldValues.${a.fields.materials}`]: ['Field is required'] });
    expect(codesOf(completing.fields)).toEqual({ [`customFieldValues.${a.fields.materials}`]: ['task.customFieldRequired'] });
    const materials = { customFieldId: a.fields.materials, fieldValue: JSON.stringify([{ id: 2, value: 'Valve', quantity: 1 }]) };
    const done = await put(id, { statusId: 4, customFieldValues: [materials] });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.statusId).toBe(4);
    expect(done.body.completedAt).not.toBeNull();
    expect(await timelineOf(id)).toEqual([4]);
  });

  it('refuses status 5 through PUT: a task is cancelled through its cancellation', async () => {
    const id = await surveyTask();
    expectError(await put(id, { statusId: 5 }), 422, 'task.useCancellation');
  });

  it('treats a cancelled task as read-only', async () => {
    const id = await surveyTask({ statusId: 5, cancelled: new Date() });
    expectError(await put(id, { description: 'x' }), 422, 'task.cancelled', 'A cancelled task cannot be changed.');
    expectError(await putSchedule(id, { date: future(2) }), 422, 'task.cancelled');
  });

  it('keeps a deleted type and client on a task that has them, and refuses them as a new choice', async () => {
    const id = await seedTask(a.tenantId, { typeId: a.types.deleted, clientId: a.clients.deleted });
    expect((await put(id, { description: 'still fine' })).status).toBe(200);
    const other = await surveyTask();
    const error = expectError(await put(other, { typeId: a.types.deleted, clientId: a.clients.deleted }), 400, 'request.invalid');
    expect(codesOf(error.fields)).toEqual({ typeId: ['task.typeDeleted'], clientId: ['task.clientDeleted'] });
  });

  it('keeps a past appointment the task already has, and refuses a new one in the past', async () => {
    const id = await surveyTask({ appointmentDate: new Date('2020-01-01T09:00:00Z'), assigneeId: a.worker.id });
    expect((await put(id, { description: 'past task' })).status).toBe(200);
    const error = expectError(await put(id, { appointment: { date: '2020-01-02T09:00:00Z' } }), 400, 'request.invalid');
    expect(messagesOf(error.fields)['appointment.date']).toEqual(['The schedule date must be after the current date.']);
    expect(codesOf(error.fields)['appointment.date']).toEqual(['task.appointmentInPast']);
    const cleared = expectError(await put(id, { appointment: null }), 400, 'request.invalid');
    expect(messagesOf(cleared.fields).assigneeId).toEqual(['A worker can only be chosen after the date and the task type.']);
    expect(codesOf(cleared.fields).assigneeId).toEqual(['task.workerNeedsDate']);
    expect((await put(id, { appointment: null, assigneeId: null })).status).toBe(200);
  });

  it('keeps an assignee who was deactivated later, and refuses them as a new choice', async () => {
    const worker = await createUser(a.tenantId, { assignee: true });
    const id = await surveyTask({ appointmentDate: new Date(future(4)), assigneeId: worker.id });
    const db = await getDb();
    await db.update(users).set({ active: false }).where(eq(users.id, worker.id));
    expect((await put(id, { description: 'kept' })).status).toBe(200);
    const other = await surveyTask({ appointmentDate: new Date(future(4)) });
    expectError(await put(other, { assigneeId: worker.id }), 400, 'request.invalid');
  });

  it("answers 404 on another tenant's task, and 403 to a worker", async () => {
    const taskB = await seedTask(b.tenantId, { typeId: b.types.survey });
    await expectTenantIsolation({
      handler: updateTask,
      method: 'PUT',
      params: { id: taskB },
      json: { description: 'mine' },
      otherTenantCookie: a.cookie,
      ownerCookie: b.cookie,
    });
    const workerCookie = await signIn(a.worker.username);
    expectError(await put(taskB, { description: 'x' }, workerCookie), 403, 'auth.forbidden');
  });

  it('publishes the change to the live stream with the new view', async () => {
    const id = await surveyTask();
    const events = await collectTaskEvents(stream, a, () => put(id, { description: 'live' }), 1);
    expect(events[0]).toMatchObject({ taskId: id, kind: 'updated', task: { id, description: 'live' } });
  });
});

describe('PUT and DELETE tasks/{id}/schedule', () => {
  it('sets date, duration, worker and time slot, and logs the assignee change', async () => {
    const id = await surveyTask();
    const date = future(5, 7);
    const result = await putSchedule(id, { date, durationMins: 75, assigneeId: a.worker.id, timeSlotId: a.slotId });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body).toMatchObject({
      appointment: { date, durationMins: 75 },
      assigneeId: a.worker.id,
      timeSlotId: a.slotId,
      estimatedDuration: 75,
    });
    expect((await logsOf(id)).map((log) => log.action)).toEqual(['change_assignee', 'update_task_details']);
  });

  it('applies the same rules as the form: date after now, a known time slot; a non-worker is INVALID_WORKER', async () => {
    const id = await surveyTask();
    const past = expectError(await putSchedule(id, { date: '2021-05-05T10:00:00Z' }), 400, 'request.invalid');
    expect(codesOf(past.fields)['appointment.date']).toEqual(['task.appointmentInPast']);
    const manager = await createUser(a.tenantId, { tasksManager: true });
    expectError(await putSchedule(id, { date: future(2), assigneeId: manager.id }), 422, 'schedule.invalidWorker');
    expectError(await putSchedule(id, { date: future(2), timeSlotId: 99_999 }), 400, 'request.invalid');
    expectError(await putSchedule(id, { durationMins: 30 }), 400, 'request.invalid');
  });

  it('answers 409 on a stale updated', async () => {
    const id = await surveyTask();
    const first = await putSchedule(id, { date: future(2) });
    expect((await putSchedule(id, { date: future(3), updated: first.body.updated })).status).toBe(200);
    expectError(await putSchedule(id, { date: future(4), updated: first.body.updated }), 409, 'request.staleUpdate');
  });

  it('DELETE unassigns the worker and keeps the date (the task becomes unassigned)', async () => {
    const date = future(6);
    const id = await surveyTask({ appointmentDate: new Date(date), assigneeId: a.worker.id });
    const result = await callJson<TaskView>(unassign, { method: 'DELETE', params: { id }, cookie: a.cookie });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ assigneeId: null, assignee: null, appointment: { date } });
    expect(await logsOf(id)).toEqual([expect.objectContaining({ action: 'change_assignee', oldValue: 'Test User', newValue: null })]);
    const stale = await callJson(unassign, { method: 'DELETE', params: { id }, json: { updated: '2020-01-01T00:00:00.000Z' }, cookie: a.cookie });
    expectError(stale, 409, 'request.staleUpdate');
  });

  it("answers 404 on another tenant's task for both", async () => {
    const taskB = await seedTask(b.tenantId, { typeId: b.types.survey, appointmentDate: new Date(future(2)), assigneeId: b.worker.id });
    await expectTenantIsolation({
      handler: schedule,
      method: 'PUT',
      params: { id: taskB },
      json: { date: future(3) },
      otherTenantCookie: a.cookie,
      ownerCookie: b.cookie,
    });
    await expectTenantIsolation({ handler: unassign, method: 'DELETE', params: { id: taskB }, otherTenantCookie: a.cookie, ownerCookie: b.cookie });
  });
});
