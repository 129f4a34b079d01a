import { beforeAll, describe, expect, it } from 'vitest';
import { DELETE as deleteType, GET as getType } from '@/app/api/web/task-types/[id]/route';
import { GET as readTask, PUT as updateTask } from '@/app/api/web/tasks/[id]/route';
import { PATCH as updateStatus } from '@/app/api/web/tasks/update-status/route';
import { customFieldValues, tasks } from '@/db/schema';
import type { TaskTypeDetailView } from '@/lib/contract/task-types';
import type { BulkStatusResult } from '@/lib/contract/tasks';
import { getDb } from '@/lib/server/core/db';
import { expectTenantIsolation } from '../setup/http';
import { callJson, expectError, seedTask, taskCompany, type TaskCompany, type TaskView } from './helpers';
import { codesOf, messagesOf } from '@/lib/contract/errors';

let a: TaskCompany;
let b: TaskCompany;

beforeAll(async () => {
  a = await taskCompany();
  b = await taskCompany();
});

const typeDetail = (id: number, cookie = a.cookie) => callJson<TaskTypeDetailView>(getType, { params: { id }, cookie });
const put = (id: number, json: unknown) => callJson<TaskView>(updateTask, { method: 'PUT', params: { id }, json, cookie: a.cookie });
const read = (id: number) => callJson<TaskView>(readTask, { params: { id }, cookie: a.cookie });
const materialsValue = JSON.stringify([{ id: 1, value: 'Filter', quantity: 2 }]);

/** A repair task (the type with an ON_SAVE and an ON_COMPLETION field) with its PO number filled in. */
async function repairTask(values: Partial<typeof tasks.$inferInsert> = {}): Promise<number> {
  const id = await seedTask(a.tenantId, { typeId: a.types.repair, ...values });
  const db = await getDb();
  await db.insert(customFieldValues).values({ tenantId: a.tenantId, taskId: id, customFieldId: a.fields.purchaseOrder, fieldValue: 'PO-1' });
  return id;
}

describe('GET task-types/{id} openTaskCount', () => {
  it('counts the tasks of the type that are not completed, cancelled or deleted', async () => {
    const before = await typeDetail(a.types.survey);
    expect(before.status).toBe(200);
    const survey = (values: Partial<typeof tasks.$inferInsert>) => seedTask(a.tenantId, { typeId: a.types.survey, ...values });
    await survey({ statusId: 1 });
    await survey({ statusId: 2 });
    await survey({ statusId: 3 });
    await survey({ statusId: 4 });
    await survey({ statusId: 5, cancelled: new Date() });
    await survey({ statusId: 1, deleted: new Date() });
    await seedTask(b.tenantId, { typeId: b.types.survey });
    const after = await typeDetail(a.types.survey);
    expect(after.body.openTaskCount - before.body.openTaskCount).toBe(3);
  });

  it("answers 404 for another tenant's type, exactly like a missing one", async () => {
    await expectTenantIsolation({
      handler: getType,
      params: { id: b.types.survey },
      otherTenantCookie: a.cookie,
      ownerCookie: b.cookie,
    });
  });
});

describe('a task whose task type was deleted', () => {
  let lacking: number;
  let complete: number;

  beforeAll(async () => {
    lacking = await repairTask();
    complete = await repairTask();
    expect((await typeDetail(a.types.repair)).body.openTaskCount).toBe(2);
    const removed = await callJson(deleteType, { method: 'DELETE', params: { id: a.types.repair }, cookie: a.cookie });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
  });

  it('still reads with its type and its custom field values', async () => {
    const task = await read(lacking);
    expect(task.status).toBe(200);
    expect(task.body.typeId).toBe(a.types.repair);
    expect(task.body.type.type).toBe('Boiler repair');
    expect(task.body.customFieldValues).toEqual([
      expect.objectContaining({ customFieldId: a.fields.purchaseOrder, customFieldName: 'Customer PO number', fieldValue: 'PO-1' }),
    ]);
    // The type itself still answers by id, with its custom fields, so the form can show them.
    const type = await typeDetail(a.types.repair);
    expect(type.body.deleted).not.toBeNull();
    expect(type.body.customFields).toEqual([{ customFieldId: a.fields.purchaseOrder }, { customFieldId: a.fields.materials }]);
  });

  it('accepts updates of its custom field values', async () => {
    const updated = await put(lacking, { customFieldValues: [{ customFieldId: a.fields.purchaseOrder, fieldValue: 'PO-2' }] });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.customFieldValues).toEqual([expect.objectContaining({ customFieldId: a.fields.purchaseOrder, fieldValue: 'PO-2' })]);
  });

  it('still checks the ON_SAVE fields of the deleted type on save', async () => {
    const cleared = await put(lacking, { customFieldValues: [{ customFieldId: a.fields.purchaseOrder, fieldValue: '' }] });
    expectError(cleared, 400, 'task.customFieldsRequired', 'Customer PO number are required');
  });

  it('is refused completion while an ON_COMPLETION field of the deleted type is empty, naming it', async () => {
    const refused = expectError(await put(lacking, { statusId: 4 }), 400, 'task.customFieldsRequired', 'Materials used are required');
    expect(messagesOf(refused.fields)).toEqual({ [`customFieldValues.${a.fields.materials}`]: ['Field is required'] });
    expect(codesOf(refused.fields)).toEqual({ [`customFieldValues.${a.fields.materials}`]: ['task.customFieldRequired'] });
    const bulk = await callJson<BulkStatusResult>(updateStatus, {
      method: 'PATCH',
      path: '/api/web/tasks/update-status',
      json: { taskIds: [lacking], statusId: 4, type: 'task status' },
      cookie: a.cookie,
    });
    expect(bulk.body.updated).toEqual([]);
    expect(bulk.body.failed[0]).toMatchObject({
      id: lacking,
      code: 'task.customFieldsRequired',
      missingFields: [{ id: a.fields.materials, fieldName: 'Materials used' }],
    });
  });

  it('can be completed once those fields are filled', async () => {
    const done = await put(complete, {
      statusId: 4,
      customFieldValues: [{ customFieldId: a.fields.materials, fieldValue: materialsValue }],
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.statusId).toBe(4);
    expect(done.body.typeId).toBe(a.types.repair);
    expect((await typeDetail(a.types.repair)).body.openTaskCount).toBe(1);
  });
});
