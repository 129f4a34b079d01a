import { beforeAll, describe, expect, it } from 'vitest';
import { GET as getBoard } from '@/app/api/web/tasks/board/route';
import { tenantFeatures, users, workerUnavailability } from '@/db/schema';
import { Feature } from '@/lib/contract/features';
import type { BoardData, BoardTask } from '@/lib/contract/schedule-board';
import { getDb } from '@/lib/server/core/db';
import { createUser } from '../setup/fixtures';
import { signIn } from '../setup/http';
import { callJson, expectError, seedTask, taskCompany, type TaskCompany } from '../tasks/helpers';

const path = '/api/web/tasks/board';
const board = (cookie: string, query: Record<string, string>) => callJson<BoardData>(getBoard, { path, query, cookie });
const ids = (list: BoardTask[]) => list.map((task) => task.id);

let a: TaskCompany;
let b: TaskCompany;

beforeAll(async () => {
  a = await taskCompany([]);
  b = await taskCompany([]);
});

// 2030-03-04 in Europe/Rome (UTC+1) runs from 2030-03-03T23:00Z to 2030-03-04T23:00Z.
const day = { from: '2030-03-04', to: '2030-03-04' };

describe('GET tasks/board', () => {
  it('answers the workers, the events, both panels and the change number, each task in its lean shape', async () => {
    const db = await getDb();
    const [named] = await db
      .insert(users)
      .values({ tenantId: a.tenantId, username: `anna-${Date.now()}@example.test`, name: 'Anna', surname: 'Bianchi', assignee: true })
      .returning({ id: users.id });
    const event = await seedTask(a.tenantId, {
      typeId: a.types.repair,
      title: 'Fix the boiler',
      assigneeId: named.id,
      appointmentDate: new Date('2030-03-04T08:00:00Z'),
      durationMins: 90,
      statusId: 2,
      timeSlotId: a.slotId,
      locationLatitude: 45.4,
      locationLongitude: 9.1,
    });
    const unassigned = await seedTask(a.tenantId, { typeId: a.types.survey, appointmentDate: new Date('2030-03-04T10:00:00Z') });
    const unscheduled = await seedTask(a.tenantId, { typeId: a.types.survey, title: 'Not yet planned' });

    const { status, body } = await board(a.cookie, day);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.range).toEqual({
      from: '2030-03-04',
      to: '2030-03-04',
      start: '2030-03-03T23:00:00.000Z',
      end: '2030-03-04T23:00:00.000Z',
    });
    expect(body.workers.map((worker) => worker.id)).toEqual([named.id, a.worker.id]);
    expect(body.workers[0]).toEqual({ id: named.id, name: 'Anna', surname: 'Bianchi', profilePictureId: null });
    const shown = body.events.find((task) => task.id === event);
    expect(shown).toEqual({
      id: event,
      referenceNumber: expect.any(Number),
      title: 'Fix the boiler',
      statusId: 2,
      typeId: a.types.repair,
      typeName: 'Boiler repair',
      assigneeId: named.id,
      start: '2030-03-04T08:00:00.000Z',
      durationMins: 90,
      timeSlotId: a.slotId,
      hasLocation: true,
      cancelled: false,
      updated: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    expect(ids(body.unassigned)).toContain(unassigned);
    expect(body.unassigned.find((task) => task.id === unassigned)).toMatchObject({ assigneeId: null, hasLocation: false });
    expect(ids(body.unscheduled)).toContain(unscheduled);
    expect(body.unscheduled.find((task) => task.id === unscheduled)).toMatchObject({ start: null, title: 'Not yet planned' });
    expect(body.changeSeq).toEqual(expect.any(Number));
    // Feature 2 is off: nothing greyed.
    expect(body.unavailable).toEqual([]);
  });

  it('bounds the range by local days in the tenant zone: events overlapping it, unassigned starting in it', async () => {
    const worker = await createUser(a.tenantId, { assignee: true });
    const at = (iso: string, assigneeId: number | null = worker.id, durationMins = 60) =>
      seedTask(a.tenantId, { typeId: a.types.survey, assigneeId, appointmentDate: new Date(iso), durationMins });
    const lateEve = await at('2030-03-03T22:30:00Z'); // 23:30 the day before, ends 00:30: overlaps the day
    const before = await at('2030-03-03T21:30:00Z'); // 22:30 the day before, ends 23:30 local: outside
    const firstMinute = await at('2030-03-03T23:00:00Z');
    const lastMinute = await at('2030-03-04T22:59:00Z');
    const nextDay = await at('2030-03-04T23:00:00Z');
    const eveUnassigned = await at('2030-03-03T22:30:00Z', null);
    const inUnassigned = await at('2030-03-03T23:00:00Z', null);
    const nextUnassigned = await at('2030-03-04T23:00:00Z', null);

    const { body } = await board(a.cookie, day);
    const events = ids(body.events);
    expect(events).toEqual(expect.arrayContaining([lateEve, firstMinute, lastMinute]));
    expect(events).not.toContain(before);
    expect(events).not.toContain(nextDay);
    const panel = ids(body.unassigned);
    expect(panel).toContain(inUnassigned);
    expect(panel).not.toContain(eveUnassigned);
    expect(panel).not.toContain(nextUnassigned);

    // A summer day (UTC+2) in a week range: the end moves with the zone's offset.
    const summer = await board(a.cookie, { from: '2030-07-01', to: '2030-07-07' });
    expect(summer.body.range).toMatchObject({ start: '2030-06-30T22:00:00.000Z', end: '2030-07-07T22:00:00.000Z' });
  });

  it('shows cancelled tasks as events only, and no deleted task anywhere', async () => {
    const at = new Date('2030-03-04T12:00:00Z');
    const cancelledEvent = await seedTask(a.tenantId, {
      typeId: a.types.survey,
      assigneeId: a.worker.id,
      appointmentDate: at,
      statusId: 5,
      cancelled: new Date(),
    });
    const cancelledUnassigned = await seedTask(a.tenantId, { typeId: a.types.survey, appointmentDate: at, statusId: 5, cancelled: new Date() });
    const cancelledUnscheduled = await seedTask(a.tenantId, { typeId: a.types.survey, statusId: 5, cancelled: new Date() });
    const deletedEvent = await seedTask(a.tenantId, { typeId: a.types.survey, assigneeId: a.worker.id, appointmentDate: at, deleted: new Date() });
    const deletedUnassigned = await seedTask(a.tenantId, { typeId: a.types.survey, appointmentDate: at, deleted: new Date() });
    const deletedUnscheduled = await seedTask(a.tenantId, { typeId: a.types.survey, deleted: new Date() });

    const { body } = await board(a.cookie, day);
    expect(body.events.find((task) => task.id === cancelledEvent)).toMatchObject({ cancelled: true, statusId: 5 });
    const everywhere = [...ids(body.events), ...ids(body.unassigned), ...ids(body.unscheduled)];
    for (const id of [deletedEvent, deletedUnassigned, deletedUnscheduled, cancelledUnassigned, cancelledUnscheduled]) {
      expect(everywhere).not.toContain(id);
    }
  });

  it('leaves out inactive, deleted and non-assignee users, as rows and with their tasks', async () => {
    const inactive = await createUser(a.tenantId, { assignee: true, active: false });
    const gone = await createUser(a.tenantId, { assignee: true, deleted: new Date() });
    const office = await createUser(a.tenantId, { tasksManager: true });
    const at = new Date('2030-03-04T09:00:00Z');
    const hidden = await Promise.all(
      [inactive, gone, office].map((user) => seedTask(a.tenantId, { typeId: a.types.survey, assigneeId: user.id, appointmentDate: at })),
    );
    const { body } = await board(a.cookie, day);
    const rows = body.workers.map((worker) => worker.id);
    for (const user of [inactive, gone, office]) expect(rows).not.toContain(user.id);
    for (const id of hidden) expect(ids(body.events)).not.toContain(id);
  });

  it("never shows another tenant's workers or tasks", async () => {
    const at = new Date('2030-03-04T09:00:00Z');
    const event = await seedTask(b.tenantId, { typeId: b.types.survey, assigneeId: b.worker.id, appointmentDate: at });
    const open = await seedTask(b.tenantId, { typeId: b.types.survey, appointmentDate: at });
    const loose = await seedTask(b.tenantId, { typeId: b.types.survey });
    const { body } = await board(a.cookie, day);
    expect(body.workers.map((worker) => worker.id)).not.toContain(b.worker.id);
    const everywhere = [...ids(body.events), ...ids(body.unassigned), ...ids(body.unscheduled)];
    for (const id of [event, open, loose]) expect(everywhere).not.toContain(id);
    const own = await board(b.cookie, day);
    expect(ids(own.body.events)).toEqual([event]);
    expect(ids(own.body.unassigned)).toEqual([open]);
    expect(ids(own.body.unscheduled)).toEqual([loose]);
  });

  it('greys the unavailability of the availability service when working hours (feature 2) are on', async () => {
    const db = await getDb();
    const c = await taskCompany([Feature.workingHours]);
    await db.insert(workerUnavailability).values({ tenantId: c.tenantId, userId: c.worker.id, dateUnavailability: '2030-03-04', hours: '08:00|12:00' });
    const { status, body } = await board(c.cookie, day);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.unavailable).toEqual([
      { workerId: c.worker.id, date: '2030-03-04', start: '2030-03-04T00:00:00+01:00', end: '2030-03-04T08:00:00+01:00' },
      { workerId: c.worker.id, date: '2030-03-04', start: '2030-03-04T12:00:00+01:00', end: '2030-03-05T00:00:00+01:00' },
    ]);
    // The week view shows the working day: the earliest start and latest end of anyone's hours.
    expect(body.workingWindow).toEqual({ start: '08:00', end: '12:00' });
    // Switched off again, the same record greys nothing and sets no window.
    const { eq } = await import('drizzle-orm');
    await db.delete(tenantFeatures).where(eq(tenantFeatures.tenantId, c.tenantId));
    const off = (await board(c.cookie, day)).body;
    expect(off.unavailable).toEqual([]);
    expect(off.workingWindow).toBeNull();
  });

  it("answers the working window over the range: the earliest start and the latest end of the workers' hours, null with none", async () => {
    const db = await getDb();
    const c = await taskCompany([Feature.workingHours]);
    expect((await board(c.cookie, day)).body.workingWindow).toBeNull();
    const other = await createUser(c.tenantId, { assignee: true });
    await db.insert(workerUnavailability).values([
      { tenantId: c.tenantId, userId: c.worker.id, dateUnavailability: '2030-03-04', hours: '09:30|12:00,13:00|16:00' },
      { tenantId: c.tenantId, userId: other.id, dateUnavailability: '2030-03-05', hours: '06:30|10:00,14:00|20:30' },
      // A day off and a day outside the range change nothing.
      { tenantId: c.tenantId, userId: other.id, dateUnavailability: '2030-03-06', hours: ' ' },
      { tenantId: c.tenantId, userId: other.id, dateUnavailability: '2030-03-20', hours: '00:00|24:00' },
    ]);
    expect((await board(c.cookie, day)).body.workingWindow).toEqual({ start: '09:30', end: '16:00' });
    expect((await board(c.cookie, { from: '2030-03-04', to: '2030-03-10' })).body.workingWindow).toEqual({ start: '06:30', end: '20:30' });
  });

  it('lists the workers in natural name order: Worker 2 before Worker 10', async () => {
    const db = await getDb();
    const c = await taskCompany([]);
    const stamp = Date.now();
    const inserted = await db
      .insert(users)
      .values(['10', '2', '1', '11'].map((number) => ({ tenantId: c.tenantId, username: `w${number}-${stamp}@example.test`, name: 'Worker', surname: number, assignee: true })))
      .returning({ id: users.id, surname: users.surname });
    const { body } = await board(c.cookie, day);
    const byId = new Map(inserted.map((row) => [row.id, row.surname]));
    expect(body.workers.filter((worker) => byId.has(worker.id)).map((worker) => worker.surname)).toEqual(['1', '2', '10', '11']);
  });

  it('refuses a reversed or too long range with 400', async () => {
    expectError(await board(a.cookie, { from: '2030-03-04', to: '2030-03-03' }), 400, 'request.invalid');
    expectError(await board(a.cookie, { from: '2030-03-01', to: '2030-04-30' }), 400, 'request.invalid');
    expectError(await board(a.cookie, { from: '2030-3-1', to: '2030-03-02' }), 400, 'request.invalid');
  });

  it('answers 403 to users without the tasksManager role', async () => {
    const people = await createUser(a.tenantId, { usersManager: true, billingManager: true });
    const worker = await createUser(a.tenantId, { assignee: true });
    for (const user of [people, worker]) {
      expectError(await board(await signIn(user.username), day), 403, 'auth.forbidden');
    }
  });
});
