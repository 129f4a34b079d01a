import { beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { POST as cancel } from '@/app/api/web/tasks/[id]/cancellation/route';
import { PUT as reset } from '@/app/api/web/tasks/reset/[id]/route';
import { PATCH as updateStatus } from '@/app/api/web/tasks/update-status/route';
import { GET as stream } from '@/app/api/web/tasks/stream/route';
import { cancellationReasons, customFieldValues, tasks } from '@/db/schema';
import type { BulkStatusResult } from '@/lib/contract/tasks';
import { getDb } from '@/lib/server/core/db';
import { createUser } from '../setup/fixtures';
import { expectTenantIsolation, signIn } from '../setup/http';
import {
  callJson,
  collectTaskEvents,
  expectError,
  logsOf,
  seedTask,
  taskCompany,
  timelineOf,
  type TaskCompany,
  type TaskView,
} from './helpers';

let a: TaskCompany;
let b: TaskCompany;
let billingCookie: string;

beforeAll(async () => {
  a = await taskCompany();
  b = await taskCompany();
  const billing = await createUser(a.tenantId, { billingManager: true });
  billingCookie = await signIn(billing.username);
});

const postCancel = (id: number, json: unknown = {}, cookie = a.cookie) =>
  callJson<TaskView>(cancel, { method: 'POST', params: { id }, json, cookie });
const putReset = (id: number, cookie = a.cookie) => callJson<TaskView>(reset, { method: 'PUT', params: { id }, cookie });
const bulk = (json: unknown, cookie = a.cookie) =>
  callJson<BulkStatusResult>(updateStatus, { method: 'PATCH', path: '/api/web/tasks/update-status', json, cookie });
async function referenceNumbersOf(ids: number[]): Promise<Map<number, number>> {
  const db = await getDb();
  const rows = await db.select({ id: tasks.id, referenceNumber: tasks.referenceNumber }).from(tasks).where(inArray(tasks.id, ids));
  return new Map(rows.map((row) => [row.id, row.referenceNumber]));
}
const survey = (values: Partial<typeof tasks.$inferInsert> = {}) => seedTask(a.tenantId, { typeId: a.types.survey, ...values });

describe('POST tasks/{id}/cancellation', () => {
  it('cancels with a listed reason: status 5, timeline row, cancel_task entry, reason on the view', async () => {
    const id = await survey({ statusId: 2 });
    const result = await postCancel(id, { reason: a.reasonId });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body).toMatchObject({ statusId: 5, cancellationReasonId: a.reasonId, cancellationReason: 'Client no show' });
    expect(result.body.cancelled).not.toBeNull();
    expect(await timelineOf(id)).toEqual([5]);
    expect(await logsOf(id)).toEqual([
      expect.objectContaining({ action: 'cancel_task', oldValue: 'in progress', newValue: 'Client no show' }),
    ]);
  });

  it('cancels without a reason, or with free text', async () => {
    const bare = await postCancel(await survey());
    expect(bare.body).toMatchObject({ statusId: 5, cancellationReason: null });
    const text = await postCancel(await survey(), { reason: 'Rain' });
    expect(text.body.cancellationReason).toBe('Rain');
  });

  it('refuses a deleted reason or another tenant’s, and a task that is already cancelled', async () => {
    const db = await getDb();
    const [deleted] = await db
      .insert(cancellationReasons)
      .values({ tenantId: a.tenantId, name: 'Old reason', deleted: new Date() })
      .returning({ id: cancellationReasons.id });
    const id = await survey();
    expectError(await postCancel(id, { reason: deleted.id }), 400, 'request.invalid');
    expectError(await postCancel(id, { reason: b.reasonId }), 400, 'request.invalid');
    expect((await postCancel(id)).status).toBe(200);
    expectError(await postCancel(id), 422, 'task.cancelled', 'A cancelled task cannot be changed.');
  });

  it('answers 409 on a stale updated, 404 on another tenant’s task, 403 to a billing manager', async () => {
    const id = await survey();
    expectError(await postCancel(id, { updated: '2020-01-01T00:00:00Z' }), 409, 'request.staleUpdate');
    const taskB = await seedTask(b.tenantId, { typeId: b.types.survey });
    await expectTenantIsolation({ handler: cancel, method: 'POST', params: { id: taskB }, json: {}, otherTenantCookie: a.cookie, ownerCookie: b.cookie });
    expectError(await postCancel(id, {}, billingCookie), 403, 'auth.forbidden');
  });
});

describe('PUT tasks/reset/{id}', () => {
  it('brings a cancelled task back to pending, clearing the cancellation, with timeline and log', async () => {
    const id = await survey();
    await postCancel(id, { reason: a.reasonId });
    const result = await putReset(id);
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ statusId: 1, cancelled: null, cancellationReasonId: null, cancellationReason: null });
    expect(await timelineOf(id)).toEqual([5, 1]);
    expect((await logsOf(id)).at(-1)).toMatchObject({ action: 'change_task_status', oldValue: 'cancelled', newValue: 'pending' });
  });

  it('refuses a task that is not cancelled, and answers 404 across tenants', async () => {
    expectError(await putReset(await survey()), 422, 'task.notCancelled', 'Only a cancelled task can be reset.');
    const taskB = await seedTask(b.tenantId, { typeId: b.types.survey, statusId: 5, cancelled: new Date() });
    await expectTenantIsolation({ handler: reset, method: 'PUT', params: { id: taskB }, otherTenantCookie: a.cookie, ownerCookie: b.cookie });
  });
});

describe('PATCH tasks/update-status', () => {
  it('completes the tasks that can be completed and names the others by reference number, with the reason and missing fields', async () => {
    const ready = await survey();
    const repairDone = await seedTask(a.tenantId, { typeId: a.types.repair });
    const db = await getDb();
    await db.insert(customFieldValues).values([
      { tenantId: a.tenantId, taskId: repairDone, customFieldId: a.fields.purchaseOrder, fieldValue: 'PO' },
      { tenantId: a.tenantId, taskId: repairDone, customFieldId: a.fields.materials, fieldValue: '[{"id":1,"value":"Filter","quantity":1}]' },
    ]);
    const lacking = await seedTask(a.tenantId, { typeId: a.types.repair });
    await db.insert(customFieldValues).values({ tenantId: a.tenantId, taskId: lacking, customFieldId: a.fields.purchaseOrder, fieldValue: 'PO' });
    const cancelled = await survey({ statusId: 5, cancelled: new Date() });
    const foreign = await seedTask(b.tenantId, { typeId: b.types.survey });

    const result = await bulk({ taskIds: [ready, repairDone, lacking, cancelled, foreign], statusId: 4, type: 'task status' });
    expect(result.status).toBe(200);
    expect(result.body.updated).toEqual([ready, repairDone]);
    const references = await referenceNumbersOf([lacking, cancelled]);
    expect(result.body.failed).toEqual([
      {
        id: lacking,
        referenceNumber: references.get(lacking),
        code: 'task.customFieldsRequired',
        message: 'Materials used are required',
        params: { fields: 'Materials used' },
        missingFields: [{ id: a.fields.materials, fieldName: 'Materials used' }],
      },
      { id: cancelled, referenceNumber: references.get(cancelled), code: 'task.cancelled', message: 'A cancelled task cannot be changed.' },
      // Another tenant's task is named by the id the caller sent, and no reference number of that tenant leaks.
      { id: foreign, referenceNumber: null, code: 'task.notFound', message: 'Task not found.' },
    ]);
    expect(await timelineOf(ready)).toEqual([4]);
    expect(await timelineOf(lacking)).toEqual([]);
    expect((await logsOf(ready))[0]).toMatchObject({ action: 'change_task_status', oldValue: 'pending', newValue: 'completed' });
  });

  it('cancels in bulk with a reason', async () => {
    const ids = [await survey(), await survey()];
    const result = await bulk({ taskIds: ids, statusId: 5, type: 'task status', cancellationReason: a.reasonId });
    expect(result.body).toEqual({ updated: ids, failed: [] });
    for (const id of ids) expect((await logsOf(id))[0]).toMatchObject({ action: 'cancel_task', newValue: 'Client no show' });
  });

  it('runs bulk changes over the same tasks side by side without a deadlock, whatever order each one lists them in', async () => {
    const ids = [await survey(), await survey(), await survey(), await survey()];
    const orders = Array.from({ length: 8 }, (_, index) => (index % 2 === 0 ? ids : [...ids].reverse()));
    const results = await Promise.all(orders.map((taskIds, index) => bulk({ taskIds, statusId: (index % 4) + 1, type: 'billing status' })));
    expect(results.map((result) => result.status)).toEqual(orders.map(() => 200));
    for (const [index, result] of results.entries()) expect(result.body).toEqual({ updated: orders[index], failed: [] });
  });

  it('lets a billing manager change billing status, but not task status', async () => {
    const id = await survey();
    const result = await bulk({ taskIds: [id], statusId: 3, type: 'billing status' }, billingCookie);
    expect(result.body).toEqual({ updated: [id], failed: [] });
    expect((await logsOf(id))[0]).toMatchObject({ action: 'change_billing_status', oldValue: 'pending', newValue: 'invoiced' });
    expectError(await bulk({ taskIds: [id], statusId: 2, type: 'task status' }, billingCookie), 403, 'auth.forbidden');
    const workerCookie = await signIn(a.worker.username);
    expectError(await bulk({ taskIds: [id], statusId: 3, type: 'billing status' }, workerCookie), 403, 'auth.forbidden');
  });

  it('gives a cancelled task only billing status 1', async () => {
    const id = await survey({ statusId: 5, cancelled: new Date(), billingStatusId: 4 });
    const refused = await bulk({ taskIds: [id], statusId: 3, type: 'billing status' });
    expect(refused.body.failed).toEqual([
      {
        id,
        referenceNumber: (await referenceNumbersOf([id])).get(id),
        code: 'task.cancelledBillingStatus',
        message: 'A cancelled task can only have billing status pending.',
      },
    ]);
    expect((await bulk({ taskIds: [id], statusId: 1, type: 'billing status' })).body.updated).toEqual([id]);
  });

  it('validates the body: at least one id, a billing status up to 4', async () => {
    expectError(await bulk({ taskIds: [], statusId: 2, type: 'task status' }), 400, 'request.invalid');
    expectError(await bulk({ taskIds: [1], statusId: 5, type: 'billing status' }), 400, 'request.invalid');
    expectError(await bulk({ taskIds: [1], statusId: 2, type: 'other' }), 400, 'request.invalid');
  });

  it('publishes each changed task', async () => {
    const ids = [await survey(), await survey()];
    const events = await collectTaskEvents(stream, a, () => bulk({ taskIds: ids, statusId: 2, type: 'task status' }), 2);
    expect(events.map((event) => event.taskId)).toEqual(ids);
    expect(events.every((event) => event.task.statusId === 2)).toBe(true);
  });

  it('changes nothing in the database for a task that failed', async () => {
    const db = await getDb();
    const id = await survey({ statusId: 5, cancelled: new Date() });
    await bulk({ taskIds: [id], statusId: 2, type: 'task status' });
    const [row] = await db.select({ statusId: tasks.statusId }).from(tasks).where(eq(tasks.id, id));
    expect(row.statusId).toBe(5);
  });
});
