import { beforeAll, describe, expect, it } from 'vitest';
import { GET as readLogs } from '@/app/api/web/tasks/[id]/logs/route';
import { POST as addNote } from '@/app/api/web/tasks/[id]/notes/route';
import { PUT as updateTask } from '@/app/api/web/tasks/[id]/route';
import { GET as readTimeline } from '@/app/api/web/tasks/[id]/timeline/route';
import { POST as cancel } from '@/app/api/web/tasks/[id]/cancellation/route';
import { POST as createTask } from '@/app/api/web/tasks/route';
import type { LogEntryView, TimelineResponse } from '@/lib/contract/task-history';
import { createUser } from '../setup/fixtures';
import { expectTenantIsolation, signIn } from '../setup/http';
import { callJson, expectError, seedTask, taskCompany, type TaskCompany, type TaskView } from './helpers';

let a: TaskCompany;
let b: TaskCompany;
let manager: { id: number; cookie: string };

beforeAll(async () => {
  a = await taskCompany();
  b = await taskCompany();
  const user = await createUser(a.tenantId, { tasksManager: true });
  manager = { id: user.id, cookie: await signIn(user.username) };
});

const create = async (task: Record<string, unknown>) => {
  const form = new FormData();
  form.set('task', JSON.stringify(task));
  const result = await callJson<TaskView>(createTask, { method: 'POST', path: '/api/web/tasks', body: form, cookie: a.cookie });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body;
};
const put = (id: number, json: unknown, cookie = a.cookie) =>
  callJson<TaskView>(updateTask, { method: 'PUT', params: { id }, json, cookie });
const timeline = (id: number, cookie = a.cookie) => callJson<TimelineResponse>(readTimeline, { params: { id }, cookie });
const logs = (id: number, cookie = a.cookie) => callJson<LogEntryView[]>(readLogs, { params: { id }, cookie });

describe('GET tasks/{id}/timeline', () => {
  it('answers {timelineItems}: each status entered, oldest first, with who and when', async () => {
    const task = await create({ typeId: a.types.survey });
    expect((await put(task.id, { statusId: 2 }, manager.cookie)).status).toBe(200);
    expect((await callJson(cancel, { method: 'POST', params: { id: task.id }, json: {}, cookie: a.cookie })).status).toBe(200);
    const result = await timeline(task.id);
    expect(result.status).toBe(200);
    expect(result.body.timelineItems).toEqual([
      { userId: a.owner.id, userName: 'Test User', statusId: 1, date: expect.any(String) },
      { userId: manager.id, userName: 'Test User', statusId: 2, date: expect.any(String) },
      { userId: a.owner.id, userName: 'Test User', statusId: 5, date: expect.any(String) },
    ]);
    const dates = result.body.timelineItems.map((item) => Date.parse(item.date));
    expect(dates).toEqual([...dates].sort((x, y) => x - y));
  });
});

describe('GET tasks/{id}/logs', () => {
  it('answers every entry newest first with action, old and new values, user and time', async () => {
    const task = await create({ typeId: a.types.survey });
    await put(task.id, { statusId: 2 }, manager.cookie);
    await callJson(addNote, { method: 'POST', params: { id: task.id }, json: { note: 'Ring twice' }, cookie: a.cookie });
    const result = await logs(task.id);
    expect(result.status).toBe(200);
    expect(result.body.map((entry) => entry.action)).toEqual(['add_note', 'change_task_status', 'task_created']);
    expect(result.body[0]).toMatchObject({ oldValue: null, newValue: 'Ring twice', userId: a.owner.id, userName: 'Test User' });
    expect(result.body[1]).toMatchObject({ oldValue: 'pending', newValue: 'in progress', userId: manager.id });
    expect(result.body[2]).toMatchObject({ newValue: String(task.referenceNumber) });
    expect(Date.parse(result.body[0].created)).not.toBeNaN();
  });

  it('decodes detail changes, naming task types, clients, time slots and custom fields instead of their ids', async () => {
    const task = await create({ typeId: a.types.repair, customFieldValues: [{ customFieldId: a.fields.purchaseOrder, fieldValue: 'PO-1' }] });
    const changed = await put(task.id, {
      typeId: a.types.repair,
      clientId: a.clients.active,
      timeSlotId: a.slotId,
      description: 'Leaking valve',
      customFieldValues: [{ customFieldId: a.fields.purchaseOrder, fieldValue: 'PO-2' }],
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const [entry] = (await logs(task.id)).body;
    expect(entry.action).toBe('update_task_details');
    expect(entry.changes).toEqual(
      expect.arrayContaining([
        { field: 'clientId', oldValue: null, newValue: 'Rossi Srl' },
        { field: 'timeSlotId', oldValue: null, newValue: 'Morning' },
        { field: 'description', oldValue: null, newValue: 'Leaking valve' },
        {
          field: 'customField',
          customFieldId: a.fields.purchaseOrder,
          customFieldName: 'Customer PO number',
          oldValue: null,
          newValue: 'PO-2',
        },
      ]),
    );
    // Only update_task_details entries carry decoded changes.
    expect((await logs(task.id)).body.at(-1)?.changes).toBeUndefined();
  });
});

describe('roles and tenants', () => {
  it('a worker or a billing manager cannot read the history', async () => {
    const id = await seedTask(a.tenantId, { typeId: a.types.survey, assigneeId: a.worker.id });
    const billing = await createUser(a.tenantId, { billingManager: true });
    for (const cookie of [await signIn(a.worker.username), await signIn(billing.username)]) {
      expectError(await timeline(id, cookie), 403, 'auth.forbidden');
      expectError(await logs(id, cookie), 403, 'auth.forbidden');
    }
  });

  it("another tenant's task id answers 404 on the timeline and the logs", async () => {
    const foreign = await seedTask(b.tenantId, { typeId: b.types.survey });
    for (const handler of [readTimeline, readLogs]) {
      await expectTenantIsolation({ handler, params: { id: foreign }, otherTenantCookie: a.cookie, ownerCookie: b.cookie });
    }
    expectError(await logs(2_000_000_000), 404, 'task.notFound');
  });
});
