import { beforeAll, describe, expect, it } from 'vitest';
import { POST as duplicate } from '@/app/api/web/tasks/duplicate/route';
import { PUT as updateTask } from '@/app/api/web/tasks/[id]/route';
import { PUT as schedule } from '@/app/api/web/tasks/[id]/schedule/route';
import { POST as createTask } from '@/app/api/web/tasks/route';
import { timeSlots } from '@/db/schema';
import { getDb } from '@/lib/server/core/db';
import { callJson, expectError, future, seedTask, taskCompany, type TaskCompany, type TaskView } from './helpers';

/** Time slots are tenant feature 3: without it no task may be given a new slot, but the slot it has may stay or go. */
let off: TaskCompany;
let on: TaskCompany;
let otherSlot: number;

beforeAll(async () => {
  off = await taskCompany([]);
  on = await taskCompany();
  const db = await getDb();
  const [slot] = await db
    .insert(timeSlots)
    .values({ tenantId: off.tenantId, name: 'Afternoon', startTime: '13:00', endTime: '17:00' })
    .returning({ id: timeSlots.id });
  otherSlot = slot.id;
});

async function post(company: TaskCompany, task: unknown) {
  const body = new FormData();
  body.set('task', JSON.stringify(task));
  return callJson<TaskView>(createTask, { method: 'POST', path: '/api/web/tasks', body, cookie: company.cookie });
}
const put = (company: TaskCompany, id: number, json: unknown) =>
  callJson<TaskView>(updateTask, { method: 'PUT', params: { id }, json, cookie: company.cookie });
const putSchedule = (company: TaskCompany, id: number, json: unknown) =>
  callJson<TaskView>(schedule, { method: 'PUT', params: { id }, json, cookie: company.cookie });
const postDuplicate = (company: TaskCompany, json: unknown) =>
  callJson<TaskView[]>(duplicate, { method: 'POST', path: '/api/web/tasks/duplicate', json, cookie: company.cookie });

/** A task of the tenant without feature 3 that got its slot while the feature was still on. */
const slottedTask = () =>
  seedTask(off.tenantId, { typeId: off.types.survey, appointmentDate: new Date(future(3)), timeSlotId: off.slotId });

describe('time slots without feature 3', () => {
  it('POST tasks refuses a time slot with 403 FEATURE_DISABLED and creates nothing; without one it creates', async () => {
    const refused = await post(off, { typeId: off.types.survey, appointment: { date: future(2) }, timeSlotId: off.slotId });
    expectError(refused, 403, 'tenant.featureDisabled', 'This feature is not enabled for your company.');
    const plain = await post(off, { typeId: off.types.survey, appointment: { date: future(2) }, timeSlotId: null });
    expect(plain.status, JSON.stringify(plain.body)).toBe(200);
    expect(plain.body.timeSlotId).toBeNull();
    expect(plain.body.referenceNumber).toBe(1);
  });

  it('PUT tasks/{id} refuses giving a task without a slot a slot, and leaves the task unchanged', async () => {
    const id = await seedTask(off.tenantId, { typeId: off.types.survey, appointmentDate: new Date(future(3)) });
    expectError(await put(off, id, { timeSlotId: off.slotId, description: 'with slot' }), 403, 'tenant.featureDisabled');
    const after = await put(off, id, { description: 'no slot' });
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ timeSlotId: null, description: 'no slot' });
  });

  it('PUT tasks/{id} refuses switching a task to another slot', async () => {
    const id = await slottedTask();
    expectError(await put(off, id, { timeSlotId: otherSlot }), 403, 'tenant.featureDisabled');
  });

  it('PUT tasks/{id} saves a task that keeps the slot it already has, sent again or left out', async () => {
    const id = await slottedTask();
    const resent = await put(off, id, { timeSlotId: off.slotId, description: 'slot kept' });
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    expect(resent.body).toMatchObject({ timeSlotId: off.slotId, description: 'slot kept' });
    const omitted = await put(off, id, { description: 'slot still kept' });
    expect(omitted.status).toBe(200);
    expect(omitted.body.timeSlotId).toBe(off.slotId);
  });

  it('PUT tasks/{id} clears the slot a task has', async () => {
    const id = await slottedTask();
    const cleared = await put(off, id, { timeSlotId: null });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body).toMatchObject({ timeSlotId: null, timeSlot: null });
  });

  it('PUT tasks/{id}/schedule refuses a new slot, keeps the current one, and clears it', async () => {
    const id = await slottedTask();
    const date = future(5);
    expectError(await putSchedule(off, id, { date, timeSlotId: otherSlot }), 403, 'tenant.featureDisabled');
    const kept = await putSchedule(off, id, { date, timeSlotId: off.slotId });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.timeSlotId).toBe(off.slotId);
    const cleared = await putSchedule(off, id, { date, timeSlotId: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.timeSlotId).toBeNull();
    expectError(await putSchedule(off, id, { date, timeSlotId: off.slotId }), 403, 'tenant.featureDisabled');
  });

  it("POST tasks/duplicate refuses copying a task's slot, and copies without the slot field", async () => {
    const id = await slottedTask();
    expectError(await postDuplicate(off, { tasks: [id], fields: ['timeSlot', 'description'] }), 403, 'tenant.featureDisabled');
    const copies = await postDuplicate(off, { tasks: [id], fields: ['description'] });
    expect(copies.status, JSON.stringify(copies.body)).toBe(200);
    expect(copies.body[0].timeSlotId).toBeNull();
    const unslotted = await seedTask(off.tenantId, { typeId: off.types.survey });
    expect((await postDuplicate(off, { tasks: [unslotted], fields: ['timeSlot'] })).status).toBe(200);
  });
});

describe('time slots with feature 3', () => {
  it('sets, copies and reschedules with a slot', async () => {
    const created = await post(on, { typeId: on.types.survey, appointment: { date: future(2) }, timeSlotId: on.slotId });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.timeSlotId).toBe(on.slotId);
    const copies = await postDuplicate(on, { tasks: [created.body.id], fields: ['timeSlot'] });
    expect(copies.body[0].timeSlotId).toBe(on.slotId);
    const id = await seedTask(on.tenantId, { typeId: on.types.survey });
    expect((await put(on, id, { appointment: { date: future(4) }, timeSlotId: on.slotId })).body.timeSlotId).toBe(on.slotId);
    expect((await putSchedule(on, id, { date: future(6), timeSlotId: null })).body.timeSlotId).toBeNull();
  });
});

