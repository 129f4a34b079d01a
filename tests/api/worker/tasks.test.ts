import { beforeAll, describe, expect, it } from 'vitest';
import { GET as readTask } from '@/app/api/web/tasks/[id]/route';
import { GET as serveFile } from '@/app/api/web/tasks/[id]/files/[fileId]/route';
import { GET as listFiles, POST as uploadFile } from '@/app/api/web/tasks/[id]/files/route';
import { GET as listNotes, POST as addNote } from '@/app/api/web/tasks/[id]/notes/route';
import { GET as listSignatures, POST as addSignature } from '@/app/api/web/tasks/[id]/signature/route';
import { GET as workerTasks } from '@/app/api/web/worker/tasks/route';
import { customFieldValues, customFields, taskTypeCustomFields, taskTypes } from '@/db/schema';
import type { TaskFileView } from '@/lib/contract/task-files';
import type { WorkerTasksResponse } from '@/lib/contract/worker';
import { zonedInstant } from '@/lib/contract/zoned-time';
import { getDb } from '@/lib/server/core/db';
import { pngBytes } from '../../support/sample-files';
import { createUser } from '../setup/fixtures';
import { signIn } from '../setup/http';
import { callAny, fileForm } from '../task-files/helpers';
import { callJson, expectError, useTemporaryStorage, type TaskView } from '../tasks/helpers';
import { changeStatus, localDay, taskOn, workerCompany, type WorkerCompany } from './helpers';
import { codesOf } from '@/lib/contract/errors';

let a: WorkerCompany;
let b: WorkerCompany;

beforeAll(async () => {
  useTemporaryStorage();
  a = await workerCompany();
  b = await workerCompany();
});

const list = (cookie: string, query: Record<string, string> = {}) =>
  callJson<WorkerTasksResponse>(workerTasks, { path: '/api/web/worker/tasks', query, cookie });

describe('GET worker/tasks', () => {
  let own: Record<string, number>;

  beforeAll(async () => {
    const other = await createUser(a.tenantId, { assignee: true });
    const today = localDay(a, 0);
    own = {
      todayLate: await taskOn(a, today, { appointmentDate: zonedInstant(today, '14:00', a.timeZone) }),
      todayEarly: await taskOn(a, today, { appointmentDate: zonedInstant(today, '08:30', a.timeZone) }),
      cancelled: await taskOn(a, localDay(a, 2), { statusId: 5, cancelled: new Date() }),
      lastDay: await taskOn(a, localDay(a, 6)),
      afterRange: await taskOn(a, localDay(a, 7)),
      yesterday: await taskOn(a, localDay(a, -1)),
    };
    await taskOn(a, today, { assigneeId: other.id });
    await taskOn(a, today, { deleted: new Date() });
    await taskOn(a, null);
    await taskOn(b, today);
  });

  it("lists the worker's own tasks of today and the next six days in appointment order, cancelled ones included", async () => {
    const { status, body } = await list(a.workerCookie);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.from).toBe(localDay(a, 0));
    expect(body.to).toBe(localDay(a, 6));
    expect(body.tasks.map((task) => task.id)).toEqual([own.todayEarly, own.todayLate, own.cancelled, own.lastDay]);
    expect(body.tasks[2].statusId).toBe(5);
    expect(body.tasks[0]).toMatchObject({ assigneeId: a.worker.id, type: { type: 'Survey' }, customFieldValues: [] });
  });

  it('takes a start date and a number of days', async () => {
    const { body } = await list(a.workerCookie, { date: localDay(a, 6), days: '2' });
    expect(body).toMatchObject({ from: localDay(a, 6), to: localDay(a, 7) });
    expect(body.tasks.map((task) => task.id)).toEqual([own.lastDay, own.afterRange]);
    const past = await list(a.workerCookie, { date: localDay(a, -1), days: '1' });
    expect(past.body.tasks.map((task) => task.id)).toEqual([own.yesterday]);
  });

  it('refuses a date that does not exist and more days than the limit with 400', async () => {
    const unreal = expectError(await list(a.workerCookie, { date: '2026-02-31' }), 400, 'request.invalid');
    expect(codesOf(unreal.fields)).toEqual({ date: ['task.dateNotReal'] });
    expectError(await list(a.workerCookie, { days: '15' }), 400, 'request.invalid');
  });

  it("shows another tenant's worker none of these tasks, and refuses a manager who is no worker with 403", async () => {
    expect((await list(b.workerCookie)).body.tasks.every((task) => task.assigneeId === b.worker.id)).toBe(true);
    expectError(await list(a.cookie), 403, 'auth.forbidden');
  });
});

describe("GET worker/tasks: the custom fields of the worker's task types", () => {
  it('brings each live field of those types once, a select with its options, nothing of other types or tenants', async () => {
    const c = await workerCompany();
    const db = await getDb();
    const field = async (tenantId: number, fieldName: string, fieldType: 'TEXT' | 'SINGLE_SELECT', options: string[], deleted?: Date) =>
      (
        await db
          .insert(customFields)
          .values({ tenantId, fieldName, fieldType, options, required: true, requiredType: 'ON_COMPLETION', deleted })
          .returning({ id: customFields.id })
      )[0].id;
    const link = (tenantId: number, taskTypeId: number, customFieldId: number) =>
      db.insert(taskTypeCustomFields).values({ tenantId, taskTypeId, customFieldId });
    const [otherType] = await db.insert(taskTypes).values({ tenantId: c.tenantId, name: 'Not on the phone' }).returning({ id: taskTypes.id });
    const outcome = await field(c.tenantId, 'Outcome', 'SINGLE_SELECT', ['Fixed', 'Parts ordered']);
    const meter = await field(c.tenantId, 'Meter reading', 'TEXT', []);
    const retired = await field(c.tenantId, 'Retired', 'SINGLE_SELECT', ['Old'], new Date());
    const elsewhere = await field(c.tenantId, 'Elsewhere', 'TEXT', []);
    const foreign = await field(b.tenantId, 'Foreign', 'SINGLE_SELECT', ['Theirs']);
    for (const id of [outcome, meter, retired]) await link(c.tenantId, c.types.survey, id);
    await link(c.tenantId, otherType.id, elsewhere);
    await link(b.tenantId, b.types.survey, foreign);
    await taskOn(c, localDay(c, 0));
    await taskOn(c, localDay(c, 1));
    await taskOn(c, localDay(c, 1), { typeId: otherType.id, assigneeId: null });

    const { status, body } = await list(c.workerCookie);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.customFields).toEqual([
      { id: meter, fieldName: 'Meter reading', fieldType: 'TEXT', options: [] },
      { id: outcome, fieldName: 'Outcome', fieldType: 'SINGLE_SELECT', options: ['Fixed', 'Parts ordered'] },
    ]);
  });

  it('brings no fields when the days hold no task', async () => {
    const { body } = await list(b.workerCookie, { date: '2020-01-01', days: '1' });
    expect(body).toMatchObject({ tasks: [], customFields: [] });
  });
});

describe("a worker's own task and everyone else's", () => {
  it('reads their own task with its custom field values, notes, files and signature', async () => {
    const taskId = await taskOn(a, localDay(a, 0), { typeId: a.types.repair });
    const db = await getDb();
    await db
      .insert(customFieldValues)
      .values({ tenantId: a.tenantId, taskId, customFieldId: a.fields.purchaseOrder, fieldValue: 'PO-1' });
    const task = await callJson<TaskView>(readTask, { params: { id: taskId }, cookie: a.workerCookie });
    expect(task.status).toBe(200);
    expect(task.body.customFieldValues).toEqual([
      expect.objectContaining({ customFieldId: a.fields.purchaseOrder, fieldValue: 'PO-1' }),
    ]);
    const cookie = a.workerCookie;
    const params = { id: taskId };
    expect((await callJson(addNote, { method: 'POST', params, json: { note: 'On site' }, cookie })).status).toBe(200);
    expect((await callJson(listNotes, { params, cookie })).status).toBe(200);
    const uploaded = await callAny<TaskFileView>(uploadFile, { method: 'POST', params, body: fileForm('p.png', pngBytes()), cookie });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    expect(uploaded.body.uploaderId).toBe(a.worker.id);
    expect((await callAny<TaskFileView[]>(listFiles, { params, cookie })).body.map((file) => file.id)).toEqual([uploaded.body.id]);
    const served = await callAny(serveFile, { params: { id: taskId, fileId: uploaded.body.id }, cookie });
    expect(served.status).toBe(200);
    expect(served.response.headers.get('content-type')).toBe('image/png');
    expect((await callAny(addSignature, { method: 'POST', params, body: fileForm('s', pngBytes()), cookie })).status).toBe(200);
    expect((await callAny(listSignatures, { params, cookie })).status).toBe(200);
  });

  it("answers 404 on every call to another worker's task and to another tenant's task", async () => {
    const other = await createUser(a.tenantId, { assignee: true });
    const notOwn = await taskOn(a, localDay(a, 0), { assigneeId: other.id });
    const unassigned = await taskOn(a, localDay(a, 0), { assigneeId: null });
    const foreign = await taskOn(b, localDay(b, 0));
    const upload = await callAny<TaskFileView>(uploadFile, {
      method: 'POST',
      params: { id: notOwn },
      body: fileForm('p.png', pngBytes()),
      cookie: a.cookie,
    });
    const cookie = a.workerCookie;
    for (const id of [notOwn, unassigned, foreign]) {
      const params = { id };
      expectError(await callJson(readTask, { params, cookie }), 404, 'task.notFound');
      expectError(await callJson(listNotes, { params, cookie }), 404, 'task.notFound');
      expectError(await callJson(addNote, { method: 'POST', params, json: { note: 'x' }, cookie }), 404, 'task.notFound');
      expect((await callAny(listFiles, { params, cookie })).status).toBe(404);
      expect((await callAny(uploadFile, { method: 'POST', params, body: fileForm('p.png', pngBytes()), cookie })).status).toBe(404);
      expect((await callAny(serveFile, { params: { id, fileId: upload.body.id }, cookie })).status).toBe(404);
      expect((await callAny(listSignatures, { params, cookie })).status).toBe(404);
      expect((await callAny(addSignature, { method: 'POST', params, body: fileForm('s', pngBytes()), cookie })).status).toBe(404);
      expectError(await changeStatus(id, { statusId: 2 }, cookie), 404, 'task.notFound');
    }
  });

  it('leaves managers as they were: any task of the tenant, 404 for another tenant', async () => {
    const other = await createUser(a.tenantId, { assignee: true });
    const notOwn = await taskOn(a, localDay(a, 0), { assigneeId: other.id });
    expect((await callJson(readTask, { params: { id: notOwn }, cookie: a.cookie })).status).toBe(200);
    expect((await callAny(listFiles, { params: { id: notOwn }, cookie: a.cookie })).status).toBe(200);
    expect((await callAny(listSignatures, { params: { id: notOwn }, cookie: a.cookie })).status).toBe(200);
    expectError(await callJson(readTask, { params: { id: await taskOn(b, null) }, cookie: a.cookie }), 404, 'task.notFound');
    const manager = await signIn((await createUser(a.tenantId, { tasksManager: true })).username);
    expectError(await changeStatus(notOwn, { statusId: 2 }, manager), 403, 'auth.forbidden');
  });
});
