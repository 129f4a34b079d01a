import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { POST as postRecurring } from '@/app/api/web/tasks/recurring/route';
import { PUT as updateWithChildren } from '@/app/api/web/tasks/[id]/updateTaskAndTheirChildren/route';
import { POST as cancelWithChildren } from '@/app/api/web/tasks/[id]/cancelTaskAndTheirChildren/route';
import { GET as stream } from '@/app/api/web/tasks/stream/route';
import { tasks } from '@/db/schema';
import type { RecurrenceResult } from '@/lib/contract/recurrence';
import { addDays, zonedDateAndTime, zonedIsoInstant } from '@/lib/contract/zoned-time';
import { getDb } from '@/lib/server/core/db';
import { expectTenantIsolation } from '../setup/http';
import { callJson, collectTaskEvents, expectError, logsOf, taskCompany, timelineOf, type TaskCompany, type TaskView } from './helpers';
import { recurringCandidate, taskRow, today, valuesOf, zone } from './recurrence-helpers';

let a: TaskCompany;
let b: TaskCompany;

beforeAll(async () => {
  a = await taskCompany();
  b = await taskCompany();
});

/** A daily series of five children after the parent: [parent, c1 … c5]. */
async function series(company: TaskCompany = a): Promise<number[]> {
  const parent = await recurringCandidate(company);
  const result = await callJson<RecurrenceResult>(postRecurring, {
    method: 'POST',
    path: '/api/web/tasks/recurring',
    json: { parentTaskId: parent, recurringRule: 'daily', endRecurrence: addDays(today(), 6) },
    cookie: company.cookie,
  });
  expect(result.body.createdTaskIds).toHaveLength(5);
  return [parent, ...result.body.createdTaskIds];
}

const put = (id: number, json: unknown, cookie = a.cookie) =>
  callJson<TaskView>(updateWithChildren, { method: 'PUT', params: { id }, json, cookie });
const cancel = (id: number, json: unknown = {}, cookie = a.cookie) =>
  callJson<TaskView>(cancelWithChildren, { method: 'POST', params: { id }, json, cookie });
const clock = async (id: number) => zonedDateAndTime((await taskRow(id)).appointmentDate as Date, zone);

describe('PUT tasks/{id}/updateTaskAndTheirChildren', () => {
  it('applies the change to this task and its following children: same fields and time of day, each keeps its day', async () => {
    const [parent, c1, c2, c3, c4, c5] = await series();
    const db = await getDb();
    await db.update(tasks).set({ statusId: 4 }).where(eq(tasks.id, c4));
    await db.update(tasks).set({ description: 'Own note' }).where(eq(tasks.id, c5));
    const before = await Promise.all([parent, c1, c2, c3, c4, c5].map(clock));
    const current = await taskRow(c2);
    const result = await put(c2, {
      description: 'Bring the ladder',
      appointment: { date: zonedIsoInstant(before[2].date, '14:30', zone) },
      contact: { name: 'Bruno' },
      updated: current.updated.toISOString(),
    });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body).toMatchObject({ description: 'Bring the ladder', scheduleTime: '14:30', contact: { name: 'Bruno' } });
    for (const [index, id] of [[3, c3], [5, c5]] as const) {
      expect(await clock(id)).toEqual({ date: before[index].date, time: '14:30' });
      expect(await taskRow(id)).toMatchObject({ description: 'Bring the ladder', contactName: 'Bruno' });
      expect((await logsOf(id)).at(-1)).toMatchObject({ action: 'update_task_details' });
    }
    for (const [index, id] of [[0, parent], [1, c1], [4, c4]] as const) {
      expect(await clock(id)).toEqual(before[index]);
      expect((await taskRow(id)).description).toBe('Monthly check');
    }
  });

  it('carries only what changed: a field the user left alone keeps each child’s own value; custom values follow', async () => {
    const [parent, c1, c2] = await series();
    const db = await getDb();
    await db.update(tasks).set({ description: 'Own note' }).where(eq(tasks.id, c2));
    const events = await collectTaskEvents(
      stream,
      a,
      () => put(parent, { description: 'Monthly check', assigneeId: a.worker.id, clientId: null }),
      6,
    );
    expect((await taskRow(c2)).description).toBe('Own note');
    expect((await taskRow(c1)).clientId).toBeNull();
    expect(events.map((event) => event.taskId)).toEqual(expect.arrayContaining([parent, c1, c2]));
    const typed = await put(c1, { typeId: a.types.repair, customFieldValues: [{ customFieldId: a.fields.purchaseOrder, fieldValue: 'PO-9' }] });
    expect(typed.status, JSON.stringify(typed.body)).toBe(200);
    expect(await taskRow(c2)).toMatchObject({ typeId: a.types.repair });
    expect(await valuesOf(c2)).toEqual([{ customFieldId: a.fields.purchaseOrder, fieldValue: 'PO-9' }]);
    expect((await taskRow(parent)).typeId).toBe(a.types.survey);
  });

  it('honours the rules of PUT tasks/{id}: a cancelled task, a stale updated, status 5, all or nothing', async () => {
    const [parent, c1, c2] = await series();
    expectError(await put(c1, { description: 'x', updated: '2020-01-01T00:00:00Z' }), 409, 'request.staleUpdate');
    expectError(await put(c1, { statusId: 5 }), 422, 'task.useCancellation');
    // Changing the type to one with an ON_SAVE field without its value: refused, and nothing moved.
    expectError(await put(c1, { typeId: a.types.repair, description: 'changed' }), 400, 'task.customFieldsRequired');
    expect((await taskRow(c2)).description).toBe('Monthly check');
    const db = await getDb();
    await db.update(tasks).set({ statusId: 5, cancelled: new Date() }).where(eq(tasks.id, parent));
    expectError(await put(parent, { description: 'x' }), 422, 'task.cancelled');
  });

  it('answers 404 for another tenant’s task', async () => {
    const [parentB] = await series(b);
    await expectTenantIsolation({
      handler: updateWithChildren,
      method: 'PUT',
      params: { id: parentB },
      json: { description: 'x' },
      otherTenantCookie: a.cookie,
      ownerCookie: b.cookie,
    });
  });
});

describe('POST tasks/{id}/cancelTaskAndTheirChildren', () => {
  it('cancels this task and its following children with the reason; earlier and completed ones stay', async () => {
    const [parent, c1, c2, c3, c4, c5] = await series();
    const db = await getDb();
    await db.update(tasks).set({ statusId: 4 }).where(eq(tasks.id, c4));
    const result = await cancel(c2, { reason: a.reasonId });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body).toMatchObject({ id: c2, statusId: 5, cancellationReason: 'Client no show' });
    for (const id of [c2, c3, c5]) {
      expect(await taskRow(id)).toMatchObject({ statusId: 5, cancellationReasonId: a.reasonId });
      expect(await timelineOf(id)).toEqual([1, 5]);
      expect((await logsOf(id)).at(-1)).toMatchObject({ action: 'cancel_task', newValue: 'Client no show' });
    }
    for (const id of [parent, c1]) expect((await taskRow(id)).statusId).toBe(1);
    expect((await taskRow(c4)).statusId).toBe(4);
  });

  it('refuses a cancelled task and a stale updated; answers 404 for another tenant’s task', async () => {
    const [parent] = await series();
    expectError(await cancel(parent, { updated: '2020-01-01T00:00:00Z' }), 409, 'request.staleUpdate');
    expect((await cancel(parent)).status).toBe(200);
    expectError(await cancel(parent), 422, 'task.cancelled');
    const [parentB] = await series(b);
    await expectTenantIsolation({
      handler: cancelWithChildren,
      method: 'POST',
      params: { id: parentB },
      json: {},
      otherTenantCookie: a.cookie,
      ownerCookie: b.cookie,
    });
  });
});
