import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { POST as postRecurring } from '@/app/api/web/tasks/recurring/route';
import { PUT as putRecurring } from '@/app/api/web/tasks/recurring/[id]/route';
import { DELETE as cancelRecurring } from '@/app/api/web/tasks/cancelRecurring/[id]/route';
import { GET as stream } from '@/app/api/web/tasks/stream/route';
import { customFieldValues, tasks } from '@/db/schema';
import type { RecurrenceResult } from '@/lib/contract/recurrence';
import { endDateLimits, isoWeekStart, normalizeRule, occurrenceDates, weekdayName } from '@/lib/contract/recurrence-dates';
import { addDays, zonedDateAndTime } from '@/lib/contract/zoned-time';
import { getDb } from '@/lib/server/core/db';
import { createUser } from '../setup/fixtures';
import { expectTenantIsolation, signIn } from '../setup/http';
import { callJson, collectTaskEvents, expectError, logsOf, taskCompany, timelineOf, type TaskCompany } from './helpers';
import { at, childrenOf, recurringCandidate, taskRow, today, valuesOf, zone } from './recurrence-helpers';
import { nextReferenceNumber } from './import-helpers';
import { codesOf, messagesOf } from '@/lib/contract/errors';

let a: TaskCompany;
let b: TaskCompany;

beforeAll(async () => {
  a = await taskCompany();
  b = await taskCompany();
});

const recur = (json: Record<string, unknown>, cookie = a.cookie) =>
  callJson<RecurrenceResult>(postRecurring, { method: 'POST', path: '/api/web/tasks/recurring', json, cookie });
const reRecur = (id: number, json: Record<string, unknown>, cookie = a.cookie) =>
  callJson<RecurrenceResult>(putRecurring, { method: 'PUT', params: { id }, json: { parentTaskId: id, ...json }, cookie });
const removeRecurrence = (id: number, cookie = a.cookie) =>
  callJson<RecurrenceResult>(cancelRecurring, { method: 'DELETE', params: { id }, cookie });
const daily = (days: number) => ({ recurringRule: 'daily', endRecurrence: addDays(today(), days) });

describe('POST tasks/recurring', () => {
  it('weekly: the task becomes the parent and a child is created on its weekday each week, a copy of it', async () => {
    const db = await getDb();
    const id = await recurringCandidate(a, { typeId: a.types.repair, timeSlotId: a.slotId });
    await db.insert(customFieldValues).values({ tenantId: a.tenantId, taskId: id, customFieldId: a.fields.purchaseOrder, fieldValue: 'PO-7' });
    const end = addDays(today(), 30);
    const result = await recur({ parentTaskId: id, recurringRule: 'weekly', endRecurrence: end });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    const startDate = addDays(today(), 1);
    expect(result.body.task).toMatchObject({
      recurring: true,
      recurringTaskId: id,
      recurringRule: 'weekly',
      recurringCount: 1,
      repeatEveryOption: 'weeks',
      repeatOn: weekdayName(startDate),
      endRecurrence: end,
    });
    const children = await childrenOf(id);
    const expected = occurrenceDates(startDate, normalizeRule(startDate, { recurringRule: 'weekly', endRecurrence: end }), today());
    expect(children.map((child) => zonedDateAndTime(child.appointmentDate as Date, zone))).toEqual(
      expected.map((date) => ({ date, time: '09:00' })),
    );
    expect(result.body.createdTaskIds).toEqual(children.map((child) => child.id));
    const parent = await taskRow(id);
    for (const child of children) {
      expect(child).toMatchObject({
        title: parent.title,
        typeId: a.types.repair,
        clientId: a.clients.active,
        assigneeId: a.worker.id,
        durationMins: 45,
        timeSlotId: a.slotId,
        description: 'Monthly check',
        contactName: 'Anna',
        locationAddress: 'Via Roma 1, Milano',
        statusId: 1,
        billingStatusId: 1,
        recurring: false,
        recurringTaskId: id,
        recurringRule: null,
      });
      expect(await valuesOf(child.id)).toEqual([{ customFieldId: a.fields.purchaseOrder, fieldValue: 'PO-7' }]);
      expect(await timelineOf(child.id)).toEqual([1]);
      expect(await logsOf(child.id)).toEqual([expect.objectContaining({ action: 'task_created', newValue: String(child.referenceNumber) })]);
    }
    const numbers = children.map((child) => child.referenceNumber);
    expect(numbers).toEqual(numbers.map((_, index) => numbers[0] + index));
    expect(numbers[0]).toBeGreaterThan(parent.referenceNumber);
    const logs = await logsOf(id);
    expect(logs.at(-1)).toMatchObject({ action: 'update_task_details' });
    expect(JSON.parse(logs.at(-1)?.newValue ?? '{}')).toMatchObject({ recurringTaskId: id, recurringRule: 'weekly' });
  });

  it('daily until the end date; each child is published on the live stream with the parent', async () => {
    const id = await recurringCandidate(a);
    const events = await collectTaskEvents(stream, a, () => recur({ parentTaskId: id, ...daily(4) }), 4);
    const children = await childrenOf(id);
    expect(children.map((child) => zonedDateAndTime(child.appointmentDate as Date, zone).date)).toEqual([2, 3, 4].map((days) => addDays(today(), days)));
    expect(events.map((event) => [event.taskId, event.kind])).toEqual([[id, 'updated'], ...children.map((child) => [child.id, 'created'])]);
    expect(events[1].task).toMatchObject({ recurringTaskId: id, scheduleTime: '09:00', assigneeId: a.worker.id });
  });

  it('custom: every 2 days, and every week on chosen weekdays', async () => {
    const everyTwo = await recurringCandidate(a);
    const end = addDays(today(), 7);
    expect((await recur({ parentTaskId: everyTwo, recurringRule: 'custom', recurringCount: 2, repeatEveryOption: 'days', endRecurrence: end })).status).toBe(200);
    expect((await childrenOf(everyTwo)).map((child) => zonedDateAndTime(child.appointmentDate as Date, zone).date)).toEqual(
      [3, 5, 7].map((days) => addDays(today(), days)),
    );
    const weekly = await recurringCandidate(a);
    const result = await recur({ parentTaskId: weekly, recurringRule: 'custom', recurringCount: 1, repeatEveryOption: 'weeks', repeatOn: ['sun', 'mon'], endRecurrence: addDays(today(), 20) });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.task).toMatchObject({ recurringRule: 'custom', repeatEveryOption: 'weeks', repeatOn: 'mon,sun' });
    const days = (await childrenOf(weekly)).map((child) => weekdayName(zonedDateAndTime(child.appointmentDate as Date, zone).date));
    expect(days.length).toBeGreaterThanOrEqual(4);
    expect(days.every((day) => day === 'mon' || day === 'sun')).toBe(true);
  });

  it('refuses a task without a worker or a date: it cannot recur', async () => {
    const noWorker = await recurringCandidate(a, { assigneeId: null });
    expectError(await recur({ parentTaskId: noWorker, recurringRule: 'daily' }), 422, 'recurrence.needsSchedule');
    const noDate = await recurringCandidate(a, { appointmentDate: null, assigneeId: null });
    expectError(await recur({ parentTaskId: noDate, recurringRule: 'daily' }), 422, 'recurrence.needsSchedule');
    expect(await childrenOf(noWorker)).toEqual([]);
    expect((await taskRow(noWorker)).recurringTaskId).toBeNull();
  });

  it('refuses a task whose required (ON_SAVE) custom field is empty with CUSTOM_FIELD_REQUIRED_NOT_EXIST', async () => {
    const id = await recurringCandidate(a, { typeId: a.types.repair });
    const error = expectError(await recur({ parentTaskId: id, ...daily(5) }), 422, 'task.customFieldsRequired');
    expect(error.message).toBe('Customer PO number are required');
    expect(await childrenOf(id)).toEqual([]);
  });

  it('checks count ≥ 1, the end date limits, a custom end date and weekdays', async () => {
    const id = await recurringCandidate(a);
    const custom = { parentTaskId: id, recurringRule: 'custom', repeatEveryOption: 'days', endRecurrence: addDays(today(), 9) };
    expect(expectError(await recur({ ...custom, recurringCount: 0 }), 400, 'request.invalid').fields?.recurringCount).toBeDefined();
    const noEnd = expectError(await recur({ ...custom, endRecurrence: undefined }), 400, 'request.invalid');
    expect(messagesOf(noEnd.fields).endRecurrence).toEqual(['A custom recurrence needs an end date.']);
    expect(codesOf(noEnd.fields).endRecurrence).toEqual(['recurrence.endRequired']);
    const noDays = expectError(await recur({ ...custom, repeatEveryOption: 'weeks' }), 400, 'request.invalid');
    expect(codesOf(noDays.fields).repeatOn).toEqual(['recurrence.weekdaysRequired']);
    const { max } = endDateLimits(today(), 'daily');
    const late = expectError(await recur({ ...daily(0), parentTaskId: id, endRecurrence: addDays(max, 1) }), 400, 'request.invalid');
    expect(messagesOf(late.fields).endRecurrence).toEqual([`The end date cannot be after ${max}.`]);
    expect(late.fields?.endRecurrence).toEqual([{ code: 'recurrence.endTooLate', params: { max }, message: `The end date cannot be after ${max}.` }]);
    const early = expectError(await recur({ ...daily(-1), parentTaskId: id }), 400, 'request.invalid');
    expect(messagesOf(early.fields).endRecurrence).toEqual([`The end date cannot be before ${today()}.`]);
    expect(early.fields?.endRecurrence).toEqual([
      { code: 'recurrence.endTooEarly', params: { min: today() }, message: `The end date cannot be before ${today()}.` },
    ]);
    expect((await taskRow(id)).recurringTaskId).toBeNull();
  });

  it('warns that there is nothing to recur when the rule gives no date (weekly may end from the start of the ISO week)', async () => {
    const id = await recurringCandidate(a);
    const weekStart = isoWeekStart(today());
    const weekly = await recur({ parentTaskId: id, recurringRule: 'weekly', endRecurrence: weekStart });
    if (weekStart < today()) expectError(weekly, 422, 'recurrence.nothingToRecur');
    const custom = await recur({ parentTaskId: id, recurringRule: 'custom', recurringCount: 10, repeatEveryOption: 'days', endRecurrence: addDays(today(), 5) });
    expectError(custom, 422, 'recurrence.nothingToRecur', 'There is nothing to recur: the rule gives no date before its end.');
    expect(await childrenOf(id)).toEqual([]);
  });

  it('refuses a parent (only removal), a child (re-recur it instead) and a cancelled task', async () => {
    const id = await recurringCandidate(a);
    const first = await recur({ parentTaskId: id, ...daily(3) });
    expectError(await recur({ parentTaskId: id, ...daily(3) }), 422, 'recurrence.parentLocked');
    expectError(await reRecur(id, daily(3)), 422, 'recurrence.parentLocked');
    expectError(await recur({ parentTaskId: first.body.createdTaskIds[0], ...daily(3) }), 422, 'recurrence.alreadyRecurring');
    const cancelled = await recurringCandidate(a, { statusId: 5, cancelled: new Date() });
    expectError(await recur({ parentTaskId: cancelled, ...daily(3) }), 422, 'task.cancelled');
  });

  it('is all or nothing: a failure while creating the children leaves the task and the counter as they were', async () => {
    const db = await getDb();
    const id = await recurringCandidate(a);
    const tenant = { next: await nextReferenceNumber(a.tenantId) };
    // A number the series will want, taken behind the counter's back: the third child's insert collides.
    const [squatter] = await db
      .insert(tasks)
      .values({ tenantId: a.tenantId, referenceNumber: tenant.next + 2, title: 'Squatter', typeId: a.types.survey })
      .returning({ id: tasks.id });
    const result = await recur({ parentTaskId: id, ...daily(10) });
    await db.delete(tasks).where(eq(tasks.id, squatter.id));
    expectError(result, 409, 'request.duplicate');
    expect(await childrenOf(id)).toEqual([]);
    expect((await taskRow(id)).recurringTaskId).toBeNull();
    expect(await nextReferenceNumber(a.tenantId)).toBe(tenant.next);
  });

  it('is refused to a billing manager (tasksManager only)', async () => {
    const billing = await createUser(a.tenantId, { billingManager: true });
    const cookie = await signIn(billing.username);
    const id = await recurringCandidate(a);
    expectError(await recur({ parentTaskId: id, ...daily(2) }, cookie), 403, 'auth.forbidden');
    expectError(await removeRecurrence(id, cookie), 403, 'auth.forbidden');
  });

  it('answers 404 for another tenant’s task, and 409 on a stale updated', async () => {
    const taskB = await recurringCandidate(b);
    await expectTenantIsolation({
      handler: postRecurring,
      method: 'POST',
      path: '/api/web/tasks/recurring',
      params: {},
      json: { parentTaskId: taskB, ...daily(2) },
      otherTenantCookie: a.cookie,
      ownerCookie: b.cookie,
    });
    const id = await recurringCandidate(a);
    expectError(await recur({ parentTaskId: id, ...daily(2), updated: '2020-01-01T00:00:00Z' }), 409, 'request.staleUpdate');
  });
});

describe('PUT tasks/recurring/{id}: re-recurring a child', () => {
  it('the child becomes a new parent; the old series’ later pending children are replaced, started ones stay', async () => {
    const parent = await recurringCandidate(a);
    const first = await recur({ parentTaskId: parent, ...daily(8) });
    const [, child, started, ...later] = first.body.createdTaskIds;
    const db = await getDb();
    await db.update(tasks).set({ statusId: 2 }).where(eq(tasks.id, started));
    const result = await reRecur(child, { recurringRule: 'custom', recurringCount: 2, repeatEveryOption: 'days', endRecurrence: addDays(today(), 9) });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.task).toMatchObject({ id: child, recurring: true, recurringTaskId: child, recurringRule: 'custom', recurringCount: 2 });
    expect([...result.body.deletedTaskIds].sort()).toEqual([...later].sort());
    for (const id of later) expect((await taskRow(id)).deleted).not.toBeNull();
    expect((await taskRow(started)).deleted).toBeNull();
    expect((await childrenOf(parent)).map((row) => row.id)).toEqual([first.body.createdTaskIds[0], started]);
    const childStart = zonedDateAndTime((await taskRow(child)).appointmentDate as Date, zone).date;
    expect((await childrenOf(child)).map((row) => zonedDateAndTime(row.appointmentDate as Date, zone).date)).toEqual(
      [2, 4, 6].map((days) => addDays(childStart, days)).filter((date) => date <= addDays(today(), 9)),
    );
  });

  it('refuses a body naming another task, and answers 404 for another tenant’s task', async () => {
    const id = await recurringCandidate(a);
    expectError(await callJson(putRecurring, { method: 'PUT', params: { id }, json: { parentTaskId: id + 1, ...daily(2) }, cookie: a.cookie }), 400, 'request.invalid');
    const taskB = await recurringCandidate(b);
    await expectTenantIsolation({
      handler: putRecurring,
      method: 'PUT',
      params: { id: taskB },
      json: { parentTaskId: taskB, ...daily(2) },
      otherTenantCookie: a.cookie,
      ownerCookie: b.cookie,
    });
  });
});

describe('DELETE tasks/cancelRecurring/{id}', () => {
  it('deletes the pending and cancelled tasks created from the parent, keeps started and completed ones out of the series', async () => {
    const db = await getDb();
    const parent = await recurringCandidate(a);
    const { body } = await recur({ parentTaskId: parent, ...daily(6) });
    const [completed, paused, cancelled, ...pending] = body.createdTaskIds;
    await db.update(tasks).set({ statusId: 4 }).where(eq(tasks.id, completed));
    await db.update(tasks).set({ statusId: 3 }).where(eq(tasks.id, paused));
    await db.update(tasks).set({ statusId: 5, cancelled: new Date() }).where(eq(tasks.id, cancelled));
    const events = await collectTaskEvents(stream, a, () => removeRecurrence(parent), 1 + 2 + 1 + pending.length);
    expect(await taskRow(parent)).toMatchObject({ recurring: false, recurringTaskId: null, recurringRule: null, endRecurrence: null, deleted: null });
    for (const id of [cancelled, ...pending]) expect((await taskRow(id)).deleted).not.toBeNull();
    for (const id of [completed, paused]) expect(await taskRow(id)).toMatchObject({ deleted: null, recurringTaskId: null });
    const kinds = new Map(events.map((event) => [event.taskId, event.kind]));
    expect(kinds.get(parent)).toBe('updated');
    expect(kinds.get(pending[0])).toBe('deleted');
    expect(kinds.get(completed)).toBe('updated');
    expect((await logsOf(parent)).at(-1)?.action).toBe('update_task_details');
  });

  it('answers what was deleted and kept; refuses a child and a task outside any series', async () => {
    const parent = await recurringCandidate(a);
    const { body } = await recur({ parentTaskId: parent, ...daily(3) });
    expectError(await removeRecurrence(body.createdTaskIds[0]), 422, 'recurrence.notParent');
    const result = await removeRecurrence(parent);
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ deletedTaskIds: body.createdTaskIds, keptTaskIds: [], task: { id: parent, recurring: false } });
    expectError(await removeRecurrence(parent), 422, 'recurrence.notParent');
  });

  it('answers 404 for another tenant’s parent', async () => {
    const taskB = await recurringCandidate(b);
    await recur({ parentTaskId: taskB, ...daily(2) }, b.cookie);
    await expectTenantIsolation({ handler: cancelRecurring, method: 'DELETE', params: { id: taskB }, otherTenantCookie: a.cookie, ownerCookie: b.cookie });
  });
});

describe('time of day in the tenant zone', () => {
  it('children keep the parent’s wall-clock time', async () => {
    const id = await recurringCandidate(a, { appointmentDate: at(1, '17:15') });
    await recur({ parentTaskId: id, ...daily(5) });
    const times = (await childrenOf(id)).map((child) => zonedDateAndTime(child.appointmentDate as Date, zone).time);
    expect(new Set(times)).toEqual(new Set(['17:15']));
  });
});
