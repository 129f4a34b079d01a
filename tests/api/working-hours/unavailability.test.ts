import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PUT as putRecord } from '@/app/api/web/worker-unavailability/[id]/route';
import { GET as getRecords, POST as postRecords } from '@/app/api/web/worker-unavailability/route';
import { GET as getBoard } from '@/app/api/web/workers-unavailability/route';
import { users, workerUnavailability, workingHoursTemplateDays, workingHoursTemplates } from '@/db/schema';
import { codesOf, type ApiErrorBody } from '@/lib/contract/errors';
import { Feature } from '@/lib/contract/features';
import type { UnavailabilityView, WorkerUnavailableSpan } from '@/lib/contract/working-hours';
import { getDb } from '@/lib/server/core/db';
import { createCompany, createUser } from '../setup/fixtures';
import { expectTenantIsolation, signIn } from '../setup/http';
import { callJson, expectError } from '../tasks/helpers';

const path = '/api/web/worker-unavailability';

/** A refusal's field problems, by path. */
const fieldsOf = (result: { body: unknown }) => (result.body as ApiErrorBody).error.fields;
const fieldCodes = (result: { body: unknown }) => codesOf(fieldsOf(result));

async function company(features: number[] = [Feature.workingHours]) {
  const created = await createCompany({ features });
  return { ...created, cookie: await signIn(created.owner.username) };
}
type Company = Awaited<ReturnType<typeof company>>;

let a: Company;
let b: Company;

beforeAll(async () => {
  a = await company();
  b = await company();
});

const list = (who: Company, query: Record<string, string>, cookie = who.cookie) =>
  callJson<UnavailabilityView[]>(getRecords, { path, query, cookie });
const create = (cookie: string, workerUnavailabilities: unknown[]) =>
  callJson<UnavailabilityView[]>(postRecords, { method: 'POST', path, json: { workerUnavailabilities }, cookie });
const update = (cookie: string, id: number, json: unknown) =>
  callJson<UnavailabilityView>(putRecord, { method: 'PUT', path: `${path}/${id}`, params: { id }, json, cookie });
const board = (cookie: string, query: Record<string, string>) =>
  callJson<WorkerUnavailableSpan[]>(getBoard, { path: '/api/web/workers-unavailability', query, cookie });

describe('POST and GET worker-unavailability', () => {
  it('creates the records of one body and reads them back by date, as local dates', async () => {
    const worker = await createUser(a.tenantId, { assignee: true });
    const created = await create(a.cookie, [
      { userId: worker.id, dateUnavailability: '2027-03-02', hours: '08:00|12:00' },
      { userId: worker.id, dateUnavailability: '2027-03-01', hours: ' ' },
    ]);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toHaveLength(2);
    const read = await list(a, { userId: String(worker.id), from: '2027-03-01', to: '2027-03-07' });
    expect(read.status).toBe(200);
    expect(read.body.map(({ dateUnavailability, hours }) => [dateUnavailability, hours])).toEqual([
      ['2027-03-01', ' '],
      ['2027-03-02', '08:00|12:00'],
    ]);
  });

  it('takes ISO instants for from and to and reads their date on the tenant clock (Europe/Rome)', async () => {
    const worker = await createUser(a.tenantId, { assignee: true });
    await create(a.cookie, [
      { userId: worker.id, dateUnavailability: '2027-04-05', hours: '09:00|10:00' },
      { userId: worker.id, dateUnavailability: '2027-04-12', hours: '09:00|10:00' },
    ]);
    // 22:30 UTC on the 4th is already the 5th in Rome; 23:59+01:00 on the 11th is still the 11th.
    const read = await list(a, { userId: String(worker.id), from: '2027-04-04T22:30:00Z', to: '2027-04-11T23:59:59+02:00' });
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.map((record) => record.dateUnavailability)).toEqual(['2027-04-05']);
  });

  it('ignores deleted records', async () => {
    const worker = await createUser(a.tenantId, { assignee: true });
    const db = await getDb();
    await db.insert(workerUnavailability).values({
      tenantId: a.tenantId,
      userId: worker.id,
      dateUnavailability: '2027-05-03',
      hours: ' ',
      deleted: new Date(),
    });
    const read = await list(a, { userId: String(worker.id), from: '2027-05-03', to: '2027-05-09' });
    expect(read.body).toEqual([]);
    const recreated = await create(a.cookie, [{ userId: worker.id, dateUnavailability: '2027-05-03', hours: '08:00|09:00' }]);
    expect(recreated.status, 'a deleted record does not block a new one for that day').toBe(200);
  });

  it('answers 409 for a day that already has a record, and creates none of the body', async () => {
    const worker = await createUser(a.tenantId, { assignee: true });
    await create(a.cookie, [{ userId: worker.id, dateUnavailability: '2027-06-01', hours: ' ' }]);
    const again = await create(a.cookie, [
      { userId: worker.id, dateUnavailability: '2027-06-02', hours: ' ' },
      { userId: worker.id, dateUnavailability: '2027-06-01', hours: '08:00|09:00' },
    ]);
    expectError(again, 409, 'unavailability.dayTaken', 'The worker already has hours saved for that day.');
    const read = await list(a, { userId: String(worker.id), from: '2027-06-01', to: '2027-06-07' });
    expect(read.body.map((record) => [record.dateUnavailability, record.hours])).toEqual([['2027-06-01', ' ']]);
  });

  it('refuses the same worker and day twice in one body with 400', async () => {
    const record = { userId: a.worker.id, dateUnavailability: '2027-06-10', hours: ' ' };
    const twice = await create(a.cookie, [record, record]);
    expectError(twice, 400, 'request.invalid', 'The same worker and day appear more than once.');
    expect(fieldCodes(twice)).toEqual({ workerUnavailabilities: ['unavailability.dayRepeated'] });
  });

  it('refuses hours off the half-hour grid, a bad date and an empty list with 400', async () => {
    const offGrid = await create(a.cookie, [{ userId: a.worker.id, dateUnavailability: '2027-06-11', hours: '08:15|09:00' }]);
    expectError(offGrid, 400, 'request.invalid');
    expect(fieldCodes(offGrid)).toEqual({ 'workerUnavailabilities.0.hours': ['workingHours.hoursInvalid'] });
    expectError(await create(a.cookie, [{ userId: a.worker.id, dateUnavailability: '11/06/2027', hours: ' ' }]), 400, 'request.invalid');
    expectError(await create(a.cookie, []), 400, 'request.invalid');
  });

  it('answers 404 for a user who is not an active, non-deleted assignee, and writes nothing (one transaction)', async () => {
    const manager = await createUser(a.tenantId, { usersManager: true });
    const inactive = await createUser(a.tenantId, { assignee: true, active: false });
    const deleted = await createUser(a.tenantId, { assignee: true, deleted: new Date() });
    for (const user of [manager, inactive, deleted]) {
      const refused = await create(a.cookie, [
        { userId: a.worker.id, dateUnavailability: '2027-07-01', hours: ' ' },
        { userId: user.id, dateUnavailability: '2027-07-01', hours: ' ' },
      ]);
      expectError(refused, 404, 'workers.notFound');
    }
    const read = await list(a, { userId: String(a.worker.id), from: '2027-07-01', to: '2027-07-01' });
    expect(read.body).toEqual([]);
    expectError(await list(a, { userId: String(inactive.id), from: '2027-07-01', to: '2027-07-01' }), 404, 'workers.notFound');
  });

  it("answers 404 for another tenant's worker, on GET and POST, exactly like a missing id", async () => {
    expectError(await list(a, { userId: String(b.worker.id), from: '2027-07-01', to: '2027-07-07' }), 404, 'workers.notFound');
    expectError(await create(a.cookie, [{ userId: b.worker.id, dateUnavailability: '2027-07-01', hours: ' ' }]), 404, 'workers.notFound');
    expectError(await list(a, { userId: '2000000000', from: '2027-07-01', to: '2027-07-07' }), 404, 'workers.notFound');
    const own = await list(b, { userId: String(b.worker.id), from: '2027-07-01', to: '2027-07-07' });
    expect(own.status).toBe(200);
  });

  it('refuses a reversed range, a range over 366 days and a missing userId with 400', async () => {
    const userId = String(a.worker.id);
    const reversed = await list(a, { userId, from: '2027-07-07', to: '2027-07-01' });
    expectError(reversed, 400, 'request.invalid', 'The end of the range is before its start.');
    expect(fieldCodes(reversed)).toEqual({ to: ['unavailability.rangeReversed'] });
    const long = await list(a, { userId, from: '2027-01-01', to: '2028-01-02' });
    expectError(long, 400, 'request.invalid', 'A range covers at most 366 days.');
    expect(fieldsOf(long)?.to).toEqual([expect.objectContaining({ code: 'unavailability.rangeTooLong', params: { max: 366 } })]);
    expectError(await list(a, { from: '2027-01-01', to: '2027-01-02' }), 400, 'request.invalid');
    expectError(await list(a, { userId, from: 'monday', to: '2027-01-02' }), 400, 'request.invalid');
  });
});

describe('PUT worker-unavailability/{id}', () => {
  it('changes the hours of one record, a single space included', async () => {
    const worker = await createUser(a.tenantId, { assignee: true });
    const [record] = (await create(a.cookie, [{ userId: worker.id, dateUnavailability: '2027-08-02', hours: '08:00|17:00' }])).body;
    const changed = await update(a.cookie, record.id, { hours: '08:00|12:00,13:00|24:00' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toEqual({ ...record, hours: '08:00|12:00,13:00|24:00' });
    expect((await update(a.cookie, record.id, { hours: ' ' })).body.hours).toBe(' ');
    expectError(await update(a.cookie, record.id, { hours: '' }), 400, 'request.invalid');
    expectError(await update(a.cookie, record.id, {}), 400, 'request.invalid');
  });

  it('answers 404 for a missing or deleted record', async () => {
    const db = await getDb();
    const [gone] = await db
      .insert(workerUnavailability)
      .values({ tenantId: a.tenantId, userId: a.worker.id, dateUnavailability: '2027-08-03', hours: ' ', deleted: new Date() })
      .returning({ id: workerUnavailability.id });
    expectError(await update(a.cookie, gone.id, { hours: ' ' }), 404, 'unavailability.notFound');
    expectError(await update(a.cookie, 2_000_000_000, { hours: ' ' }), 404, 'unavailability.notFound');
  });

  it("answers 404 to another tenant for a record it does not own", async () => {
    const [record] = (await create(b.cookie, [{ userId: b.worker.id, dateUnavailability: '2027-08-04', hours: ' ' }])).body;
    await expectTenantIsolation({
      handler: putRecord,
      method: 'PUT',
      path: `${path}/${record.id}`,
      params: { id: record.id },
      json: { hours: '08:00|09:00' },
      otherTenantCookie: a.cookie,
      ownerCookie: b.cookie,
    });
    const read = await list(b, { userId: String(b.worker.id), from: '2027-08-04', to: '2027-08-04' });
    expect(read.body[0].hours, 'only the owning tenant changed it').toBe('08:00|09:00');
  });
});

describe('GET workers-unavailability', () => {
  it('gives each worker and day the spans outside the hours: the record when there is one, else the template', async () => {
    const c = await company();
    const db = await getDb();
    const [template] = await db
      .insert(workingHoursTemplates)
      .values({ tenantId: c.tenantId, name: 'Office' })
      .returning({ id: workingHoursTemplates.id });
    await db.insert(workingHoursTemplateDays).values([
      { tenantId: c.tenantId, templateId: template.id, day: 'mon', hours: '08:00|12:00,13:00|17:00' },
      { tenantId: c.tenantId, templateId: template.id, day: 'tue', hours: '08:00|17:00' },
      { tenantId: c.tenantId, templateId: template.id, day: 'sun', hours: ' ' },
    ]);
    await db.update(users).set({ workingHoursTemplateId: template.id }).where(eq(users.id, c.worker.id));
    const noTemplate = await createUser(c.tenantId, { assignee: true });
    // Tuesday 2027-03-30 (summer time in Rome, +02:00): its own record replaces the template.
    await create(c.cookie, [{ userId: c.worker.id, dateUnavailability: '2027-03-30', hours: '14:00|24:00' }]);
    const spans = await board(c.cookie, { from: '2027-03-28T00:00:00+01:00', to: '2027-03-30' });
    expect(spans.status, JSON.stringify(spans.body)).toBe(200);
    expect(spans.body.filter((span) => span.workerId === noTemplate.id), 'no template and no record: no known limit').toEqual([]);
    expect(spans.body).toEqual([
      // Sunday 28 March 2027 is the change to summer time: midnight is +01:00, the next midnight +02:00.
      { workerId: c.worker.id, date: '2027-03-28', start: '2027-03-28T00:00:00+01:00', end: '2027-03-29T00:00:00+02:00' },
      { workerId: c.worker.id, date: '2027-03-29', start: '2027-03-29T00:00:00+02:00', end: '2027-03-29T08:00:00+02:00' },
      { workerId: c.worker.id, date: '2027-03-29', start: '2027-03-29T12:00:00+02:00', end: '2027-03-29T13:00:00+02:00' },
      { workerId: c.worker.id, date: '2027-03-29', start: '2027-03-29T17:00:00+02:00', end: '2027-03-30T00:00:00+02:00' },
      { workerId: c.worker.id, date: '2027-03-30', start: '2027-03-30T00:00:00+02:00', end: '2027-03-30T14:00:00+02:00' },
    ]);
  });

  it('leaves out inactive workers and deleted templates', async () => {
    const c = await company();
    const db = await getDb();
    const [template] = await db
      .insert(workingHoursTemplates)
      .values({ tenantId: c.tenantId, name: 'Gone', deleted: new Date() })
      .returning({ id: workingHoursTemplates.id });
    await db.insert(workingHoursTemplateDays).values({ tenantId: c.tenantId, templateId: template.id, day: 'mon', hours: '08:00|12:00' });
    await db.update(users).set({ workingHoursTemplateId: template.id }).where(and(eq(users.id, c.worker.id)));
    const inactive = await createUser(c.tenantId, { assignee: true, active: false });
    await db.insert(workerUnavailability).values({ tenantId: c.tenantId, userId: inactive.id, dateUnavailability: '2027-03-29', hours: ' ' });
    const spans = await board(c.cookie, { from: '2027-03-29', to: '2027-03-29' });
    expect(spans.body).toEqual([]);
  });

  it("shows only the caller's tenant", async () => {
    await create(b.cookie, [{ userId: b.worker.id, dateUnavailability: '2027-09-06', hours: ' ' }]);
    const seen = await board(a.cookie, { from: '2027-09-06', to: '2027-09-06' });
    expect(seen.body.some((span) => span.workerId === b.worker.id)).toBe(false);
    const own = await board(b.cookie, { from: '2027-09-06', to: '2027-09-06' });
    expect(own.body).toContainEqual(expect.objectContaining({ workerId: b.worker.id, date: '2027-09-06' }));
  });

  it('is open to tasksManager (the board) and refused to a worker', async () => {
    const dispatcher = await createUser(a.tenantId, { tasksManager: true });
    const dispatcherCookie = await signIn(dispatcher.username);
    expect((await board(dispatcherCookie, { from: '2027-09-06', to: '2027-09-06' })).status).toBe(200);
    expectError(await list(a, { userId: String(a.worker.id), from: '2027-09-06', to: '2027-09-06' }, dispatcherCookie), 403, 'auth.forbidden');
    expectError(await create(dispatcherCookie, [{ userId: a.worker.id, dateUnavailability: '2027-09-06', hours: ' ' }]), 403, 'auth.forbidden');
    const workerCookie = await signIn(a.worker.username);
    expectError(await board(workerCookie, { from: '2027-09-06', to: '2027-09-06' }), 403, 'auth.forbidden');
  });
});

describe('without feature 2', () => {
  it('answers 403 FEATURE_DISABLED on every call', async () => {
    const off = await company([]);
    expectError(await list(off, { userId: String(off.worker.id), from: '2027-01-04', to: '2027-01-10' }), 403, 'tenant.featureDisabled');
    expectError(await create(off.cookie, [{ userId: off.worker.id, dateUnavailability: '2027-01-04', hours: ' ' }]), 403, 'tenant.featureDisabled');
    expectError(await update(off.cookie, 1, { hours: ' ' }), 403, 'tenant.featureDisabled');
    expectError(await board(off.cookie, { from: '2027-01-04', to: '2027-01-10' }), 403, 'tenant.featureDisabled');
  });
});
