import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { GET as streamTasks } from '@/app/api/web/tasks/route';
import { GET as getTask, PUT as updateTask } from '@/app/api/web/tasks/[id]/route';
import { GET as scheduled } from '@/app/api/web/tasks/scheduled/route';
import { GET as unscheduled } from '@/app/api/web/tasks/unscheduled/route';
import { customFieldValues, taskTimeline, tasks, tenants } from '@/db/schema';
import { getDb, queryRows } from '@/lib/server/core/db';
import { streamBatchSize } from '@/lib/server/tasks/read';
import { allocateReferenceNumbers } from '@/lib/server/tasks/reference-counter';
import { createUser } from '../setup/fixtures';
import { call, expectTenantIsolation, signIn } from '../setup/http';
import { callJson, expectError, seedTask, taskCompany, type TaskCompany, type TaskView } from './helpers';

let a: TaskCompany;
let b: TaskCompany;
let taskB: number;

beforeAll(async () => {
  a = await taskCompany();
  b = await taskCompany();
  taskB = await seedTask(b.tenantId, { typeId: b.types.survey });
});

const ids = (views: TaskView[]) => views.map((view) => view.id);

describe('GET tasks/{id}', () => {
  it('answers the full view with customFieldValues, the worker, the time slot and the time spent in progress', async () => {
    const db = await getDb();
    const start = new Date('2030-03-04T08:00:00Z');
    const id = await seedTask(a.tenantId, {
      typeId: a.types.repair,
      clientId: a.clients.active,
      assigneeId: a.worker.id,
      appointmentDate: start,
      durationMins: 120,
      timeSlotId: a.slotId,
      statusId: 3,
      locationAddress: 'Via Roma 1, Milano',
      locationLatitude: 45.46,
      locationLongitude: 9.19,
      contactName: 'Mario',
      contactPhone: '123',
    });
    await db.insert(customFieldValues).values({ tenantId: a.tenantId, taskId: id, customFieldId: a.fields.purchaseOrder, fieldValue: 'PO-9' });
    await db.insert(taskTimeline).values([
      { tenantId: a.tenantId, taskId: id, statusId: 1, created: new Date('2030-03-04T07:00:00Z') },
      { tenantId: a.tenantId, taskId: id, statusId: 2, created: new Date('2030-03-04T08:00:00Z') },
      { tenantId: a.tenantId, taskId: id, statusId: 3, created: new Date('2030-03-04T08:25:00Z') },
      { tenantId: a.tenantId, taskId: id, statusId: 2, created: new Date('2030-03-04T09:00:00Z') },
      { tenantId: a.tenantId, taskId: id, statusId: 3, created: new Date('2030-03-04T09:20:00Z') },
    ]);
    const { status, body } = await callJson<TaskView>(getTask, { params: { id }, cookie: a.cookie });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id,
      type: { id: a.types.repair, type: 'Boiler repair' },
      client: { id: a.clients.active, displayName: 'Rossi Srl' },
      assignee: { id: a.worker.id, name: 'Test', surname: 'User' },
      statusId: 3,
      appointment: { date: '2030-03-04T08:00:00.000Z', durationMins: 120 },
      scheduleDate: '2030-03-04',
      scheduleTime: '09:00',
      timeSlot: { id: a.slotId, nameTimeSlot: 'Morning', startTime: '08:00', endTime: '12:00' },
      estimatedDuration: 120,
      actualDuration: 45,
      location: { address: 'Via Roma 1, Milano', latitude: 45.46, longitude: 9.19 },
      contact: { name: 'Mario', surname: null, phoneCountryCode: null, phone: '123' },
      cancelled: null,
      recurring: false,
    });
    expect(body.customFieldValues).toEqual([
      {
        id: expect.any(Number),
        customFieldId: a.fields.purchaseOrder,
        customFieldName: 'Customer PO number',
        taskId: id,
        fieldValue: 'PO-9',
        fieldType: 'TEXT',
        requiredType: 'ON_SAVE',
      },
    ]);
  });

  it('answers the very view the task list gives, key order included, with every custom field value in field order', async () => {
    const db = await getDb();
    const id = await seedTask(a.tenantId, {
      typeId: a.types.repair,
      clientId: a.clients.deleted,
      appointmentDate: new Date('2031-01-15T10:30:00Z'),
      cancelled: new Date('2031-01-10T09:00:00Z'),
      cancellationReasonId: a.reasonId,
      externalReference: 'EXT-7',
    });
    // Written in the opposite order to the fields' ids: both reads sort by field.
    await db.insert(customFieldValues).values([
      { tenantId: a.tenantId, taskId: id, customFieldId: a.fields.materials, fieldValue: '[{"option":"Valve","quantity":2}]' },
      { tenantId: a.tenantId, taskId: id, customFieldId: a.fields.purchaseOrder, fieldValue: null },
    ]);
    const one = await callJson<TaskView>(getTask, { params: { id }, cookie: a.cookie });
    const day = await callJson<TaskView[]>(scheduled, {
      path: '/api/web/tasks/scheduled',
      query: { appointmentFrom: '2031-01-15', appointmentTo: '2031-01-15' },
      cookie: a.cookie,
    });
    const listed = day.body.find((view) => view.id === id);
    expect(listed).toBeDefined();
    expect(JSON.stringify(one.body)).toBe(JSON.stringify(listed));
    expect(one.body.customFieldValues.map((value) => value.customFieldId)).toEqual([a.fields.purchaseOrder, a.fields.materials]);
    expect(one.body.cancellationReason).toBe('Client no show');
  });

  it('counts the time in progress up to now while the task is still in progress', async () => {
    const db = await getDb();
    const id = await seedTask(a.tenantId, { typeId: a.types.survey, statusId: 2 });
    await db.insert(taskTimeline).values([
      { tenantId: a.tenantId, taskId: id, statusId: 1, created: new Date(Date.now() - 3 * 3_600_000) },
      { tenantId: a.tenantId, taskId: id, statusId: 2, created: new Date(Date.now() - 90 * 60_000) },
    ]);
    const { body } = await callJson<TaskView>(getTask, { params: { id }, cookie: a.cookie });
    expect(body.actualDuration).toBeGreaterThanOrEqual(90);
    expect(body.actualDuration).toBeLessThanOrEqual(91);
  });

  it('keeps the time in progress in step with the timeline as the status changes over the API', async () => {
    const db = await getDb();
    const id = await seedTask(a.tenantId, { typeId: a.types.survey });
    const put = (statusId: number) =>
      callJson<TaskView>(updateTask, { method: 'PUT', params: { id }, json: { statusId }, cookie: a.cookie });
    expect((await callJson<TaskView>(getTask, { params: { id }, cookie: a.cookie })).body.actualDuration).toBeNull();
    const started = await put(2);
    expect(started.status).toBe(200);
    expect(started.body.actualDuration).toBe(0);
    await put(3);
    await put(2);
    await put(4);
    // Summed from the timeline in SQL: its microseconds would be lost in JavaScript dates.
    const [timeline] = await queryRows<{ seconds: number }>(
      db,
      sql`select sum(extract(epoch from (next_at - created)))::float8 as seconds
          from (select status_id, created, lead(created) over (order by created, id) as next_at
                from task_timeline where task_id = ${id}) spans
          where status_id = 2`,
    );
    const [task] = await db
      .select({ seconds: tasks.inProgressSeconds, since: tasks.inProgressSince })
      .from(tasks)
      .where(eq(tasks.id, id));
    expect(task.since).toBeNull();
    expect(task.seconds).toBeGreaterThan(0);
    expect(task.seconds).toBeCloseTo(timeline.seconds, 6);
    expect((await callJson<TaskView>(getTask, { params: { id }, cookie: a.cookie })).body.actualDuration).toBe(0);
  });

  it("answers 404 for another tenant's task, exactly like a missing one", async () => {
    await expectTenantIsolation({ handler: getTask, params: { id: taskB }, otherTenantCookie: a.cookie, ownerCookie: b.cookie });
    expectError(await callJson(getTask, { params: { id: 99_999_999 }, cookie: a.cookie }), 404, 'task.notFound');
  });

  it('keeps showing a deleted task type and client on a task that has them', async () => {
    const id = await seedTask(a.tenantId, { typeId: a.types.deleted, clientId: a.clients.deleted });
    const { body } = await callJson<TaskView>(getTask, { params: { id }, cookie: a.cookie });
    expect(body.type).toEqual({ id: a.types.deleted, type: 'Old type', deleted: true });
    expect(body.client).toEqual({ id: a.clients.deleted, displayName: 'Gone Spa', deleted: true });
  });

  it('refuses a billing manager with 403', async () => {
    const billing = await createUser(a.tenantId, { billingManager: true });
    expectError(await callJson(getTask, { params: { id: taskB }, cookie: await signIn(billing.username) }), 403, 'auth.forbidden');
  });

  // Issue 15: a worker reads their own tasks; any other id answers 404 (it was 403 for every task).
  it("answers 404 to a worker on another tenant's task and on a task of their tenant not assigned to them", async () => {
    const cookie = await signIn(a.worker.username);
    expectError(await callJson(getTask, { params: { id: taskB }, cookie }), 404, 'task.notFound');
    const unassigned = await seedTask(a.tenantId, { typeId: a.types.survey });
    expectError(await callJson(getTask, { params: { id: unassigned }, cookie }), 404, 'task.notFound');
  });
});

describe('task lists', () => {
  let day: { first: number; second: number; midnight: number; nextDay: number; before: number };
  let noDate: { older: number; newer: number; cancelled: number };
  let planned: { later: number; past: number };

  beforeAll(async () => {
    const at = (iso: string) => new Date(iso);
    // 2030-06-15 in Europe/Rome (UTC+2) runs from 2030-06-14T22:00Z to 2030-06-15T22:00Z.
    day = {
      before: await seedTask(a.tenantId, { typeId: a.types.survey, appointmentDate: at('2030-06-14T21:59:00Z'), assigneeId: a.worker.id }),
      midnight: await seedTask(a.tenantId, { typeId: a.types.survey, appointmentDate: at('2030-06-14T22:00:00Z') }),
      first: await seedTask(a.tenantId, { typeId: a.types.survey, appointmentDate: at('2030-06-15T08:00:00Z'), assigneeId: a.worker.id }),
      second: await seedTask(a.tenantId, { typeId: a.types.survey, appointmentDate: at('2030-06-15T12:00:00Z'), statusId: 5, cancelled: new Date() }),
      nextDay: await seedTask(a.tenantId, { typeId: a.types.survey, appointmentDate: at('2030-06-15T22:00:00Z'), assigneeId: a.worker.id }),
    };
    noDate = {
      older: await seedTask(a.tenantId, { typeId: a.types.survey, created: at('2025-01-01T10:00:00Z') }),
      newer: await seedTask(a.tenantId, { typeId: a.types.survey, created: at('2025-02-01T10:00:00Z') }),
      cancelled: await seedTask(a.tenantId, { typeId: a.types.survey, statusId: 5, cancelled: new Date() }),
    };
    planned = {
      later: await seedTask(a.tenantId, { typeId: a.types.survey, appointmentDate: at('2031-01-10T09:00:00Z') }),
      past: await seedTask(a.tenantId, { typeId: a.types.survey, appointmentDate: at('2020-01-10T09:00:00Z') }),
    };
  });

  const list = (query: Record<string, string>, cookie = a.cookie) =>
    callJson<TaskView[]>(scheduled, { path: '/api/web/tasks/scheduled', query, cookie });

  it('GET tasks/scheduled: a date is a whole day in the tenant time zone, sorted by reference number descending', async () => {
    const { status, body } = await list({ appointmentFrom: '2030-06-15', appointmentTo: '2030-06-15' });
    expect(status).toBe(200);
    expect(ids(body)).toEqual([day.second, day.first, day.midnight]);
  });

  it('follows the tenant time zone, not a fixed offset', async () => {
    const db = await getDb();
    await db.update(tenants).set({ timeZone: 'America/New_York' }).where(eq(tenants.id, a.tenantId));
    try {
      const { body } = await list({ appointmentFrom: '2030-06-14', appointmentTo: '2030-06-14' });
      expect(ids(body)).toEqual([day.midnight, day.before]);
      expect(body.find((task) => task.id === day.midnight)).toMatchObject({ scheduleDate: '2030-06-14', scheduleTime: '18:00' });
    } finally {
      await db.update(tenants).set({ timeZone: 'Europe/Rome' }).where(eq(tenants.id, a.tenantId));
    }
  });

  it('takes instants as they are: from inclusive, to exclusive', async () => {
    const { body } = await list({ appointmentFrom: '2030-06-15T08:00:00Z', appointmentTo: '2030-06-15T12:00:00Z' });
    expect(ids(body)).toEqual([day.first]);
  });

  it('adds the unscheduled (not cancelled) tasks with includeUnscheduled', async () => {
    const { body } = await list({ appointmentFrom: '2030-06-15', appointmentTo: '2030-06-15', includeUnscheduled: 'true' });
    expect(ids(body)).toEqual(expect.arrayContaining([noDate.older, noDate.newer, day.first]));
    expect(ids(body)).not.toContain(noDate.cancelled);
  });

  it('adds unassigned tasks outside the range: from today with includePlanned, at any date with allPlanned', async () => {
    const range = { appointmentFrom: '2030-06-15', appointmentTo: '2030-06-15' };
    const withPlanned = ids((await list({ ...range, includePlanned: 'true' })).body);
    expect(withPlanned).toContain(planned.later);
    expect(withPlanned).not.toContain(planned.past);
    expect(withPlanned).not.toContain(day.nextDay);
    const withAll = ids((await list({ ...range, allPlanned: 'true' })).body);
    expect(withAll).toEqual(expect.arrayContaining([planned.later, planned.past]));
    expect(new Set(withAll).size).toBe(withAll.length);
  });

  it('answers 400 for a malformed date', async () => {
    expectError(await list({ appointmentFrom: '15/06/2030' }), 400, 'request.invalid');
  });

  it('GET tasks/unscheduled: no appointment date, not cancelled, newest first; never another tenant', async () => {
    const { body } = await callJson<TaskView[]>(unscheduled, { cookie: a.cookie });
    const found = ids(body);
    expect(found.indexOf(noDate.newer)).toBeLessThan(found.indexOf(noDate.older));
    expect(found).not.toContain(noDate.cancelled);
    expect(found).not.toContain(taskB);
    expect(body.every((task) => task.appointment === null)).toBe(true);
  });

  it('GET tasks streams a JSON array, page by page, with every task of the range exactly once', async () => {
    const db = await getDb();
    const count = streamBatchSize * 2 + 37;
    const start = new Date('2032-02-01T00:00:00Z').getTime();
    const firstReference = await allocateReferenceNumbers(db, a.tenantId, count);
    const rows = Array.from({ length: count }, (_, index) => ({
      tenantId: a.tenantId,
      referenceNumber: firstReference + index,
      title: `Bulk ${index}`,
      typeId: a.types.survey,
      // Several tasks share each start, so the keyset must break ties on the id.
      appointmentDate: new Date(start + Math.floor(index / 3) * 60_000),
    }));
    for (let offset = 0; offset < rows.length; offset += 500) await db.insert(tasks).values(rows.slice(offset, offset + 500));

    const response = await call(streamTasks, {
      path: '/api/web/tasks',
      query: { appointmentFrom: '2032-02-01', appointmentTo: '2032-02-02' },
      cookie: a.cookie,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.body).toBeInstanceOf(ReadableStream);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = '';
    let chunks = 0;
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      text += decoder.decode(chunk.value, { stream: true });
      chunks += 1;
    }
    expect(chunks).toBeGreaterThan(3);
    const body = JSON.parse(text) as TaskView[];
    expect(body).toHaveLength(count);
    expect(new Set(ids(body)).size).toBe(count);
    expect(body[0]).toMatchObject({ title: 'Bulk 0', scheduleDate: '2032-02-01', scheduleTime: '01:00' });
  });

  it('GET tasks streams the unscheduled and planned parts after the range, each task once', async () => {
    const response = await call(streamTasks, {
      query: { appointmentFrom: '2030-06-15', appointmentTo: '2030-06-15', includeUnscheduled: 'true', allPlanned: 'true' },
      cookie: a.cookie,
    });
    const body = (await response.json()) as TaskView[];
    const found = ids(body);
    expect(found.slice(0, 3)).toEqual([day.midnight, day.first, day.second]);
    expect(found).toEqual(expect.arrayContaining([noDate.older, noDate.newer, planned.later, planned.past]));
    expect(found).not.toContain(noDate.cancelled);
    expect(new Set(found).size).toBe(found.length);
  });

  it('GET tasks/scheduled and tasks/unscheduled need tasksManager', async () => {
    const billing = await createUser(a.tenantId, { billingManager: true });
    const cookie = await signIn(billing.username);
    expectError(await list({}, cookie), 403, 'auth.forbidden');
    expectError(await callJson(unscheduled, { cookie }), 403, 'auth.forbidden');
  });

  it('GET tasks streams an empty array for an empty range, and refuses a worker', async () => {
    const response = await call(streamTasks, { query: { appointmentFrom: '2040-01-01' }, cookie: a.cookie });
    expect(await response.json()).toEqual([]);
    const workerCookie = await signIn(a.worker.username);
    expect((await call(streamTasks, { cookie: workerCookie })).status).toBe(403);
  });
});
