import { beforeAll, describe, expect, it } from 'vitest';
import { POST as duplicate } from '@/app/api/web/tasks/duplicate/route';
import { customFieldValues, tasks } from '@/db/schema';
import { getDb } from '@/lib/server/core/db';
import { createUser } from '../setup/fixtures';
import { signIn } from '../setup/http';
import { callJson, expectError, future, logsOf, seedTask, taskCompany, timelineOf, type TaskCompany, type TaskView } from './helpers';
import { codesOf, messagesOf } from '@/lib/contract/errors';

let a: TaskCompany;
let b: TaskCompany;

beforeAll(async () => {
  a = await taskCompany();
  b = await taskCompany();
});

const post = (json: unknown, cookie = a.cookie) =>
  callJson<TaskView[]>(duplicate, { method: 'POST', path: '/api/web/tasks/duplicate', json, cookie });

async function repairTask(values: Partial<typeof tasks.$inferInsert> = {}) {
  const id = await seedTask(a.tenantId, {
    typeId: a.types.repair,
    title: 'Fix boiler',
    clientId: a.clients.active,
    description: 'Leaking',
    assigneeId: a.worker.id,
    appointmentDate: new Date(future(2)),
    durationMins: 50,
    statusId: 4,
    billingStatusId: 3,
    ...values,
  });
  const db = await getDb();
  await db.insert(customFieldValues).values([
    { tenantId: a.tenantId, taskId: id, customFieldId: a.fields.purchaseOrder, fieldValue: 'PO-1' },
    { tenantId: a.tenantId, taskId: id, customFieldId: a.fields.materials, fieldValue: '[{"id":1,"value":"Filter","quantity":2}]' },
  ]);
  return id;
}

describe('POST tasks/duplicate', () => {
  it('copies the forced fields and ON_SAVE values; the copy is a new pending task with its own number and history', async () => {
    const original = await repairTask();
    const result = await post({ tasks: [original] });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    const [copy] = result.body;
    expect(copy.id).not.toBe(original);
    expect(copy).toMatchObject({
      title: 'Fix boiler',
      typeId: a.types.repair,
      assigneeId: a.worker.id,
      appointment: { durationMins: 50 },
      statusId: 1,
      billingStatusId: 1,
      clientId: null,
      description: null,
    });
    expect(copy.customFieldValues.map((value) => value.customFieldId)).toEqual([a.fields.purchaseOrder]);
    expect(await timelineOf(copy.id)).toEqual([1]);
    expect((await logsOf(copy.id)).map((log) => log.action)).toEqual(['task_created']);
  });

  it('copies the chosen fields as well', async () => {
    const original = await repairTask();
    const result = await post({ tasks: [original], fields: ['client', 'description', 'billingStatus', 'customFieldValues'] });
    const [copy] = result.body;
    expect(copy).toMatchObject({ clientId: a.clients.active, description: 'Leaking', billingStatusId: 3 });
    expect(copy.customFieldValues).toHaveLength(2);
  });

  it('copies all or nothing: a cancelled task, a deleted type or another tenant’s task fails the call with the ids', async () => {
    const good = await repairTask();
    const cancelled = await seedTask(a.tenantId, { typeId: a.types.survey, statusId: 5, cancelled: new Date() });
    const deletedType = await seedTask(a.tenantId, { typeId: a.types.deleted });
    const foreign = await seedTask(b.tenantId, { typeId: b.types.survey });
    const db = await getDb();
    const before = (await db.select({ id: tasks.id }).from(tasks)).length;
    const result = await post({ tasks: [good, cancelled, deletedType, foreign] });
    const error = expectError(result, 422, 'task.duplicateFailed', 'The tasks could not be duplicated.');
    expect(messagesOf(error.fields)).toEqual({
      [`tasks.${cancelled}`]: ['A cancelled task cannot be duplicated.'],
      [`tasks.${deletedType}`]: ['The task type has been deleted.'],
      [`tasks.${foreign}`]: ['Task not found.'],
    });
    expect(codesOf(error.fields)).toEqual({
      [`tasks.${cancelled}`]: ['task.duplicateCancelled'],
      [`tasks.${deletedType}`]: ['task.typeDeleted'],
      [`tasks.${foreign}`]: ['task.notFound'],
    });
    expect((await db.select({ id: tasks.id }).from(tasks)).length).toBe(before);
  });

  it('refuses a copy for a worker who is no longer active', async () => {
    const worker = await createUser(a.tenantId, { assignee: true, active: false });
    const original = await repairTask({ assigneeId: worker.id });
    const error = expectError(await post({ tasks: [original] }), 422, 'task.duplicateFailed');
    expect(messagesOf(error.fields)[`tasks.${original}`]).toEqual(['Only active workers can be assigned.']);
    expect(codesOf(error.fields)[`tasks.${original}`]).toEqual(['task.workerNotActive']);
  });

  it('validates the body and needs tasksManager', async () => {
    expectError(await post({ tasks: [] }), 400, 'request.invalid');
    expectError(await post({ tasks: [1], fields: ['rating'] }), 400, 'request.invalid');
    const workerCookie = await signIn(a.worker.username);
    expectError(await post({ tasks: [1] }, workerCookie), 403, 'auth.forbidden');
  });
});
