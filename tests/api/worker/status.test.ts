import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as readTask, PUT as updateTask } from '@/app/api/web/tasks/[id]/route';
import { POST as addNote } from '@/app/api/web/tasks/[id]/notes/route';
import { PATCH as bulkStatus } from '@/app/api/web/tasks/update-status/route';
import { customFieldValues, taskChanges } from '@/db/schema';
import type { BulkStatusResult } from '@/lib/contract/tasks';
import { getDb } from '@/lib/server/core/db';
import { callJson, expectError, logsOf, timelineOf, type TaskView } from '../tasks/helpers';
import { changeStatus, localDay, taskOn, workerCompany, type WorkerCompany } from './helpers';
import { codesOf, messagesOf } from '@/lib/contract/errors';

let a: WorkerCompany;

beforeAll(async () => {
  a = await workerCompany();
});

const materials = (fieldId: number) => ({
  customFieldId: fieldId,
  fieldValue: JSON.stringify([{ id: 1, value: 'Filter', quantity: 2 }]),
});

async function changesOf(taskId: number): Promise<number> {
  const db = await getDb();
  return (await db.select({ seq: taskChanges.seq }).from(taskChanges).where(eq(taskChanges.taskId, taskId))).length;
}

async function valuesOf(taskId: number) {
  const db = await getDb();
  const rows = await db
    .select({ id: customFieldValues.customFieldId, value: customFieldValues.fieldValue })
    .from(customFieldValues)
    .where(and(eq(customFieldValues.tenantId, a.tenantId), eq(customFieldValues.taskId, taskId)));
  return Object.fromEntries(rows.map((row) => [row.id, row.value]));
}

describe('PATCH worker/tasks/{id}/status: the transitions', () => {
  it('starts, pauses, resumes and completes, each with the timeline row, log entry and live change of an office change', async () => {
    const taskId = await taskOn(a, localDay(a, 0));
    for (const statusId of [2, 3, 2, 4]) {
      const { status, body } = await changeStatus(taskId, { statusId }, a.workerCookie);
      expect(status, JSON.stringify(body)).toBe(200);
      expect(body.statusId).toBe(statusId);
    }
    expect(await timelineOf(taskId)).toEqual([2, 3, 2, 4]);
    const logs = await logsOf(taskId);
    expect(logs.map((log) => [log.action, log.oldValue, log.newValue, log.userId])).toEqual([
      ['change_task_status', 'pending', 'in progress', a.worker.id],
      ['change_task_status', 'in progress', 'paused', a.worker.id],
      ['change_task_status', 'paused', 'in progress', a.worker.id],
      ['change_task_status', 'in progress', 'completed', a.worker.id],
    ]);
    expect(await changesOf(taskId)).toBe(4);
    const read = await callJson<TaskView>(readTask, { params: { id: taskId }, cookie: a.cookie });
    expect(read.body.completedAt).not.toBeNull();
  });

  it('completes a pending task straight away, as the office may', async () => {
    const taskId = await taskOn(a, localDay(a, 0));
    expect((await changeStatus(taskId, { statusId: 4 }, a.workerCookie)).body.statusId).toBe(4);
  });

  it('answers the task unchanged when it already has the status, writing nothing', async () => {
    const taskId = await taskOn(a, localDay(a, 0), { statusId: 2 });
    const { status, body } = await changeStatus(taskId, { statusId: 2 }, a.workerCookie);
    expect([status, body.statusId]).toEqual([200, 2]);
    expect(await logsOf(taskId)).toEqual([]);
    expect(await changesOf(taskId)).toBe(0);
  });

  it('refuses pausing a task that has not started with 422', async () => {
    const taskId = await taskOn(a, localDay(a, 0));
    const error = expectError(await changeStatus(taskId, { statusId: 3 }, a.workerCookie), 422, 'task.statusChangeNotAllowed');
    expect((error as { details?: unknown }).details).toEqual({ from: 1, to: 3 });
  });

  it('refuses any change to a completed or a cancelled task with 422', async () => {
    const completed = await taskOn(a, localDay(a, 0), { statusId: 4 });
    const cancelled = await taskOn(a, localDay(a, 0), { statusId: 5, cancelled: new Date() });
    for (const statusId of [2, 3, 4]) {
      expectError(await changeStatus(completed, { statusId }, a.workerCookie), 422, 'task.completed');
      expectError(await changeStatus(cancelled, { statusId }, a.workerCookie), 422, 'task.cancelled');
    }
    expect(await timelineOf(completed)).toEqual([]);
  });

  it('refuses a status outside start, pause and complete with 400', async () => {
    const taskId = await taskOn(a, localDay(a, 0));
    for (const statusId of [1, 5]) expectError(await changeStatus(taskId, { statusId }, a.workerCookie), 400, 'request.invalid');
  });
});

describe('completing with required custom fields', () => {
  it('refuses completion while ON_SAVE or ON_COMPLETION fields are empty, naming them, and saves nothing', async () => {
    const taskId = await taskOn(a, localDay(a, 0), { typeId: a.types.repair, statusId: 2 });
    const body = { statusId: 4, customFieldValues: [{ customFieldId: a.fields.purchaseOrder, fieldValue: 'PO-9' }] };
    const error = expectError(await changeStatus(taskId, body, a.workerCookie), 400, 'task.customFieldsRequired');
    expect((error as { details?: unknown }).details).toEqual({
      missingFields: [{ id: a.fields.materials, fieldName: 'Materials used' }],
    });
    expect(messagesOf(error.fields)).toEqual({ [`customFieldValues.${a.fields.materials}`]: ['Field is required'] });
    expect(codesOf(error.fields)).toEqual({ [`customFieldValues.${a.fields.materials}`]: ['task.customFieldRequired'] });
    expect(await valuesOf(taskId)).toEqual({});
    expect(await timelineOf(taskId)).toEqual([]);
  });

  it('completes when the body brings the missing values, saving and logging them with the change', async () => {
    const taskId = await taskOn(a, localDay(a, 0), { typeId: a.types.repair, statusId: 2 });
    const values = [{ customFieldId: a.fields.purchaseOrder, fieldValue: 'PO-9' }, materials(a.fields.materials)];
    const { status, body } = await changeStatus(taskId, { statusId: 4, customFieldValues: values }, a.workerCookie);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.statusId).toBe(4);
    expect(await valuesOf(taskId)).toEqual({ [a.fields.purchaseOrder]: 'PO-9', [a.fields.materials]: values[1].fieldValue });
    const actions = (await logsOf(taskId)).map((log) => log.action);
    expect(actions).toEqual(['change_task_status', 'update_task_details']);
    expect(await changesOf(taskId)).toBe(1);
  });

  it("refuses a value of a field that is not on the task's type with 400", async () => {
    const taskId = await taskOn(a, localDay(a, 0), { statusId: 2 });
    const body = { statusId: 4, customFieldValues: [{ customFieldId: a.fields.purchaseOrder, fieldValue: 'PO-1' }] };
    const error = expectError(await changeStatus(taskId, body, a.workerCookie), 400, 'request.invalid');
    expect(codesOf(error.fields)).toEqual({ [`customFieldValues.${a.fields.purchaseOrder}`]: ['task.customFieldNotOnTask'] });
  });

  it('leaves the office bulk change as it was: the same refusal with missingFields', async () => {
    const taskId = await taskOn(a, localDay(a, 0), { typeId: a.types.repair });
    const result = await callJson<BulkStatusResult>(bulkStatus, {
      method: 'PATCH',
      json: { type: 'task status', statusId: 4, taskIds: [taskId] },
      cookie: a.cookie,
    });
    expect(result.body.updated).toEqual([]);
    expect(result.body.failed[0]).toMatchObject({ id: taskId, code: 'task.customFieldsRequired' });
    expect(result.body.failed[0].missingFields?.map((field) => field.fieldName)).toEqual(['Customer PO number', 'Materials used']);
  });
});

describe('a change against an older version', () => {
  it('answers 409 STALE_UPDATE with the office version when the office changed the task since', async () => {
    const taskId = await taskOn(a, localDay(a, 0));
    const seen = (await callJson<TaskView>(readTask, { params: { id: taskId }, cookie: a.workerCookie })).body;
    const office = await callJson<TaskView>(updateTask, {
      method: 'PUT',
      params: { id: taskId },
      json: { description: 'Bring the ladder', updated: seen.updated },
      cookie: a.cookie,
    });
    expect(office.status, JSON.stringify(office.body)).toBe(200);
    const error = expectError(await changeStatus(taskId, { statusId: 2, updated: seen.updated }, a.workerCookie), 409, 'request.staleUpdate');
    expect((error as { details?: { task: TaskView } }).details?.task).toEqual(office.body);
    expect(await timelineOf(taskId)).toEqual([]);
    const retried = await changeStatus(taskId, { statusId: 2, updated: office.body.updated }, a.workerCookie);
    expect(retried.status).toBe(200);
  });

  it("is no conflict when only the worker's own note moved the task on", async () => {
    const taskId = await taskOn(a, localDay(a, 0));
    const seen = (await callJson<TaskView>(readTask, { params: { id: taskId }, cookie: a.workerCookie })).body;
    const note = await callJson(addNote, { method: 'POST', params: { id: taskId }, json: { note: 'Arrived' }, cookie: a.workerCookie });
    expect(note.status).toBe(200);
    const { status, body } = await changeStatus(taskId, { statusId: 2, updated: seen.updated }, a.workerCookie);
    expect(status, JSON.stringify(body)).toBe(200);
  });
});
