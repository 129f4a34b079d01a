import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { GET as available } from '@/app/api/web/users/available/route';
import { users, workerUnavailability, workingHoursTemplateDays, workingHoursTemplates } from '@/db/schema';
import { Feature } from '@/lib/contract/features';
import { availabilityOver, freeIntervals, freeIntervalsFor, isAvailable } from '@/lib/server/scheduling/availability';
import { getDb } from '@/lib/server/core/db';
import { loadCtx, type Ctx } from '@/lib/server/core/ctx';
import { createUser, type TestUser } from './setup/fixtures';
import { callJson, seedTask, taskCompany, type TaskCompany } from './tasks/helpers';

// 2030-01-07 is a Monday; Rome (the tenant's zone) is UTC+1 in January.
const monday = '2030-01-07';
const tuesday = '2030-01-08';
const at = (iso: string) => new Date(iso);
const span = (from: string, to: string) => ({ start: Date.parse(from), end: Date.parse(to) });

let a: TaskCompany;
let b: TaskCompany;
let ctx: Ctx;
let otherCtx: Ctx;
/** Office template: Monday split shift, Tuesday mornings. */
let office: TestUser;
/** Office template, with a record for Monday afternoon only and a deleted record for Tuesday. */
let recorded: TestUser;
/** A deleted template: no limit known. */
let lapsed: TestUser;
/** No template at all. */
let free: TestUser;

async function contextOf(userId: number): Promise<Ctx> {
  const loaded = await loadCtx(await getDb(), userId, 'availability-test', 'session');
  if (!loaded) throw new Error('the test owner could not act');
  return loaded;
}

async function template(tenantId: number, name: string, days: Record<string, string>, deleted?: Date) {
  const db = await getDb();
  const [row] = await db.insert(workingHoursTemplates).values({ tenantId, name, deleted }).returning({ id: workingHoursTemplates.id });
  await db
    .insert(workingHoursTemplateDays)
    .values(Object.entries(days).map(([day, hours]) => ({ tenantId, templateId: row.id, day: day as 'mon', hours })));
  return row.id;
}

beforeAll(async () => {
  const db = await getDb();
  a = await taskCompany([Feature.timeSlots, Feature.workingHours]);
  b = await taskCompany([Feature.workingHours]);
  ctx = await contextOf(a.owner.id);
  otherCtx = await contextOf(b.owner.id);
  const officeId = await template(a.tenantId, 'Office', { mon: '08:00|12:00,13:00|17:00', tue: '08:00|12:00', sun: ' ' });
  const goneId = await template(a.tenantId, 'Gone', { mon: '08:00|09:00' }, new Date());
  office = await createUser(a.tenantId, { assignee: true });
  recorded = await createUser(a.tenantId, { assignee: true });
  lapsed = await createUser(a.tenantId, { assignee: true });
  free = a.worker;
  await db.update(users).set({ workingHoursTemplateId: officeId }).where(eq(users.id, office.id));
  await db.update(users).set({ workingHoursTemplateId: officeId }).where(eq(users.id, recorded.id));
  await db.update(users).set({ workingHoursTemplateId: goneId }).where(eq(users.id, lapsed.id));
  await db.insert(workerUnavailability).values([
    { tenantId: a.tenantId, userId: recorded.id, dateUnavailability: monday, hours: '14:00|18:00' },
    { tenantId: a.tenantId, userId: recorded.id, dateUnavailability: tuesday, hours: ' ', deleted: new Date() },
  ]);
});

describe('availability service: database reads', () => {
  it("answers every worker and day in one call: template hours, the day's record, deleted records and templates ignored", async () => {
    const answer = await freeIntervalsFor(ctx, [office.id, recorded.id, lapsed.id, free.id], monday, tuesday);
    expect([...answer.keys()].sort()).toEqual([office.id, recorded.id, lapsed.id, free.id].sort());
    const officeDays = answer.get(office.id) ?? [];
    expect(officeDays.map((day) => [day.day, day.source, day.hours])).toEqual([
      [monday, 'template', '08:00|12:00,13:00|17:00'],
      [tuesday, 'template', '08:00|12:00'],
    ]);
    expect(officeDays[0].free).toEqual([span('2030-01-07T07:00:00Z', '2030-01-07T11:00:00Z'), span('2030-01-07T12:00:00Z', '2030-01-07T16:00:00Z')]);
    const recordedDays = answer.get(recorded.id) ?? [];
    expect(recordedDays.map((day) => [day.source, day.hours])).toEqual([
      ['record', '14:00|18:00'],
      // The deleted blank record for Tuesday does not count: the template's Tuesday applies.
      ['template', '08:00|12:00'],
    ]);
    expect((answer.get(lapsed.id) ?? []).map((day) => day.source)).toEqual(['unknown', 'unknown']);
    expect((answer.get(free.id) ?? [])[0].free).toEqual([span('2030-01-06T23:00:00Z', '2030-01-07T23:00:00Z')]);
  });

  it('takes out only non-deleted, non-cancelled tasks when asked, and can leave out the task being rescheduled', async () => {
    const moving = await seedTask(a.tenantId, { typeId: a.types.survey, assigneeId: office.id, appointmentDate: at('2030-01-07T08:00:00Z'), durationMins: 60 });
    await seedTask(a.tenantId, { typeId: a.types.survey, assigneeId: office.id, appointmentDate: at('2030-01-07T13:00:00Z'), durationMins: 30, cancelled: new Date(), statusId: 5 });
    await seedTask(a.tenantId, { typeId: a.types.survey, assigneeId: office.id, appointmentDate: at('2030-01-07T14:00:00Z'), durationMins: 30, deleted: new Date() });
    const plain = await freeIntervals(ctx, office.id, monday);
    expect(plain.busy).toEqual([]);
    const busy = await freeIntervals(ctx, office.id, monday, { minusTasks: true });
    expect(busy.busy).toEqual([span('2030-01-07T08:00:00Z', '2030-01-07T09:00:00Z')]);
    expect(busy.free).toEqual([
      span('2030-01-07T07:00:00Z', '2030-01-07T08:00:00Z'),
      span('2030-01-07T09:00:00Z', '2030-01-07T11:00:00Z'),
      span('2030-01-07T12:00:00Z', '2030-01-07T16:00:00Z'),
    ]);
    expect(await isAvailable(ctx, office.id, at('2030-01-07T08:30:00Z'), at('2030-01-07T09:00:00Z'), { minusTasks: true })).toBe(false);
    expect(await isAvailable(ctx, office.id, at('2030-01-07T08:30:00Z'), at('2030-01-07T09:00:00Z'), { minusTasks: true, exceptTaskId: moving })).toBe(true);
  });

  it('refuses an interval that starts inside the hours and ends after them, and one on a day without hours', async () => {
    expect(await isAvailable(ctx, office.id, at('2030-01-07T15:00:00Z'), at('2030-01-07T16:00:00Z'))).toBe(true);
    expect(await isAvailable(ctx, office.id, at('2030-01-07T15:00:00Z'), at('2030-01-07T16:30:00Z'))).toBe(false);
    // Sunday 2030-01-13: the template says ' '.
    expect(await isAvailable(ctx, office.id, at('2030-01-13T09:00:00Z'), at('2030-01-13T10:00:00Z'))).toBe(false);
    // No template and no record: no limit known.
    expect(await isAvailable(ctx, free.id, at('2030-01-13T02:00:00Z'), at('2030-01-13T03:00:00Z'))).toBe(true);
  });

  it('lays the local days out in the tenant zone on the day the clocks go forward', async () => {
    const [sunday] = (await freeIntervalsFor(ctx, [free.id], '2026-03-29', '2026-03-29')).get(free.id) ?? [];
    expect(sunday.dayEnd - sunday.dayStart).toBe(23 * 3_600_000);
    expect(sunday.free).toEqual([span('2026-03-28T23:00:00Z', '2026-03-29T22:00:00Z')]);
  });

  it("leaves out another tenant's worker and answers 404 for it where one worker is asked", async () => {
    const answer = await freeIntervalsFor(otherCtx, [office.id, b.worker.id], monday, monday);
    expect([...answer.keys()]).toEqual([b.worker.id]);
    await expect(freeIntervals(otherCtx, office.id, monday)).rejects.toMatchObject({ status: 404 });
    await expect(isAvailable(otherCtx, office.id, at('2030-01-07T08:00:00Z'), at('2030-01-07T09:00:00Z'))).rejects.toMatchObject({ status: 404 });
    expect((await availabilityOver(otherCtx, [recorded.id], at('2030-01-07T08:00:00Z'), at('2030-01-07T09:00:00Z'))).size).toBe(0);
  });

  it('refuses a backwards or malformed range of days', async () => {
    await expect(freeIntervalsFor(ctx, [office.id], tuesday, monday)).rejects.toMatchObject({ status: 400 });
    await expect(freeIntervalsFor(ctx, [office.id], '2030-1-7', monday)).rejects.toMatchObject({ status: 400 });
    await expect(freeIntervalsFor(ctx, [office.id], '2030-01-01', '2031-06-01')).rejects.toMatchObject({ status: 400 });
  });
});

describe('GET users/available with working hours on', () => {
  it('lists workers outside their hours too (the assignment check warns of those), never another tenant\'s', async () => {
    const query = { appointmentFrom: '2030-01-07T13:30:00+01:00', appointmentTo: '2030-01-07T14:30:00+01:00' };
    const { status, body } = await callJson<Array<{ id: number }>>(available, { query, cookie: a.cookie });
    expect(status).toBe(200);
    const ids = body.map((worker) => worker.id);
    // recorded's own record starts at 14:00: outside its hours, still offered, as spec 01 §5 warns and lets it proceed.
    expect(ids).toEqual(expect.arrayContaining([office.id, recorded.id, lapsed.id, free.id]));
    expect(ids).not.toContain(b.worker.id);
  });

  it('drops a worker another task already holds for part of the range', async () => {
    await seedTask(a.tenantId, { typeId: a.types.survey, assigneeId: free.id, appointmentDate: at('2030-01-09T09:00:00Z'), durationMins: 60 });
    const overlapping = { appointmentFrom: '2030-01-09T09:30:00Z', appointmentTo: '2030-01-09T10:30:00Z' };
    const ids = (await callJson<Array<{ id: number }>>(available, { query: overlapping, cookie: a.cookie })).body.map((worker) => worker.id);
    expect(ids).not.toContain(free.id);
    expect(ids).toContain(lapsed.id);
    const after = { appointmentFrom: '2030-01-09T10:00:00Z', appointmentTo: '2030-01-09T11:00:00Z' };
    const laterIds = (await callJson<Array<{ id: number }>>(available, { query: after, cookie: a.cookie })).body.map((worker) => worker.id);
    expect(laterIds).toContain(free.id);
  });
});
