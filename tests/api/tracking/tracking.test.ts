import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as getTracking } from '@/app/api/web/tracking/route';
import { GET as getTrail } from '@/app/api/web/tracking/trail/route';
import { tenants, users, workerPositions } from '@/db/schema';
import { trackingDot, trackingLimits, type TrackingItem, type TrailPoint } from '@/lib/contract/tracking';
import { getDb } from '@/lib/server/core/db';
import { createCompany, createUser, type TestUser } from '../setup/fixtures';
import { signIn } from '../setup/http';
import { callJson, expectError } from '../tasks/helpers';

let company: Awaited<ReturnType<typeof createCompany>>;
let dispatcherCookie: string;
const people: Record<string, TestUser> = {};

const tracking = (cookie = dispatcherCookie) => callJson<TrackingItem[]>(getTracking, { path: '/api/web/tracking', cookie });
const trail = (userId: number, date: string, cookie = dispatcherCookie) =>
  callJson<TrailPoint[]>(getTrail, { path: '/api/web/tracking/trail', query: { userId: String(userId), date }, cookie });

async function place(userId: number, lat: number, lng: number, at: Date) {
  const db = await getDb();
  await db.update(users).set({ lat: String(lat), lng: String(lng), latLngTimestamp: at }).where(eq(users.id, userId));
}

async function named(tenantId: number, name: string, flags: Parameters<typeof createUser>[1] = { assignee: true }) {
  const user = await createUser(tenantId, flags);
  await (await getDb()).update(users).set({ name, surname: `${name}son` }).where(eq(users.id, user.id));
  return user;
}

beforeAll(async () => {
  company = await createCompany();
  const db = await getDb();
  await db.update(tenants).set({ timeZone: 'Europe/Rome' }).where(eq(tenants.id, company.tenantId));
  await db.update(users).set({ name: 'Mario', surname: 'Worker' }).where(eq(users.id, company.worker.id));
  const dispatcher = await createUser(company.tenantId, { tasksManager: true });
  dispatcherCookie = await signIn(dispatcher.username);
  people.carla = await named(company.tenantId, 'carla');
  people.bruno = await named(company.tenantId, 'Bruno');
  people.anna = await named(company.tenantId, 'Anna');
  people.inactive = await named(company.tenantId, 'Aldo', { assignee: true, active: false });
  people.deleted = await named(company.tenantId, 'Abele', { assignee: true, deleted: new Date() });
  people.office = await named(company.tenantId, 'Adele', { tasksManager: true });
});

describe('GET tracking', () => {
  it('lists the active, not deleted workers of the tenant by name', async () => {
    const { status, body } = await tracking();
    expect(status).toBe(200);
    expect(body.map((item) => item.name)).toEqual(['Anna', 'Bruno', 'carla', 'Mario']);
  });

  it('gives each worker their last position and its time; the dot turns red at exactly 5 minutes', async () => {
    const at = new Date('2030-03-04T09:15:30.000Z');
    await place(people.bruno.id, 45.4642, 9.19, at);
    const { body } = await tracking();
    const bruno = body.find((item) => item.id === people.bruno.id);
    expect(bruno).toEqual({
      id: people.bruno.id,
      name: 'Bruno',
      surname: 'Brunoson',
      profilePictureId: null,
      latLng: { lat: 45.4642, lng: 9.19 },
      latLngTimestamp: '2030-03-04T09:15:30.000Z',
      accountUsed: false,
    });
    const seen = Date.parse(bruno?.latLngTimestamp ?? '');
    expect(trackingDot(bruno?.latLngTimestamp ?? null, seen + trackingLimits.activeMs - 1)).toBe('green');
    expect(trackingDot(bruno?.latLngTimestamp ?? null, seen + trackingLimits.activeMs)).toBe('red');
    const anna = body.find((item) => item.id === people.anna.id);
    expect(anna?.latLng).toBeNull();
    expect(anna?.latLngTimestamp).toBeNull();
    expect(trackingDot(anna?.latLngTimestamp ?? null, seen)).toBe('gray');
  });

  it('marks an account used once the worker has signed in', async () => {
    // Another user's session whose id equals its user id: a subquery that mixed up the two ids would count it for all.
    const db = await getDb();
    await db.execute(
      sql`insert into sessions (id, user_id, token, expires_at) overriding system value
        values (${people.office.id}, ${people.office.id}, ${`token-${people.office.id}-${Date.now()}`}, now() + interval '1 day')
        on conflict (id) do update set user_id = excluded.user_id`,
    );
    await db.execute(sql`select setval(pg_get_serial_sequence('sessions', 'id'), (select max(id) from sessions))`);
    const before = await tracking();
    expect(before.body.find((item) => item.id === people.carla.id)?.accountUsed).toBe(false);
    await signIn(people.carla.username);
    const after = await tracking();
    expect(after.body.find((item) => item.id === people.carla.id)?.accountUsed).toBe(true);
  });

  it('is for task managers: a worker gets 403; another tenant sees only its own workers', async () => {
    expectError(await tracking(await signIn(company.worker.username)), 403, 'auth.forbidden');
    const people2 = await createUser(company.tenantId, { usersManager: true });
    expectError(await tracking(await signIn(people2.username)), 403, 'auth.forbidden');
    const other = await createCompany();
    const { body } = await tracking(await signIn(other.owner.username));
    expect(body.map((item) => item.id)).toEqual([other.worker.id]);
  });
});

describe('GET tracking/trail', () => {
  beforeAll(async () => {
    const db = await getDb();
    const recorded = [
      '2030-03-04T22:59:59.000Z', // 23:59:59 on 4 March in Rome: the day before
      '2030-03-04T23:00:00.000Z', // midnight of 5 March in Rome
      '2030-03-05T12:00:00.000Z',
      '2030-03-05T08:00:00.000Z',
      '2030-03-05T22:59:59.999Z', // the last moment of 5 March in Rome
      '2030-03-05T23:00:00.000Z', // 6 March
    ];
    await db.insert(workerPositions).values(
      recorded.map((at, index) => ({ tenantId: company.tenantId, userId: company.worker.id, lat: 45 + index / 100, lng: 9, recorded: new Date(at) })),
    );
    await db.insert(workerPositions).values({ tenantId: company.tenantId, userId: people.anna.id, lat: 1, lng: 1, recorded: new Date('2030-03-05T10:00:00Z') });
  });

  it('answers the worker\'s positions of that day in the tenant\'s zone, oldest first', async () => {
    const { status, body } = await trail(company.worker.id, '2030-03-05');
    expect(status).toBe(200);
    expect(body).toEqual([
      { lat: 45.01, lng: 9, recorded: '2030-03-04T23:00:00.000Z' },
      { lat: 45.03, lng: 9, recorded: '2030-03-05T08:00:00.000Z' },
      { lat: 45.02, lng: 9, recorded: '2030-03-05T12:00:00.000Z' },
      { lat: 45.04, lng: 9, recorded: '2030-03-05T22:59:59.999Z' },
    ]);
    expect((await trail(company.worker.id, '2030-03-04')).body.map((point) => point.recorded)).toEqual(['2030-03-04T22:59:59.000Z']);
    expect(await trail(company.worker.id, '2030-03-07')).toEqual({ status: 200, body: [] });
  });

  it('answers 404 for another tenant\'s worker, a non-worker or an unknown id, and 400 for a bad query', async () => {
    const other = await createCompany();
    expectError(await trail(other.worker.id, '2030-03-05'), 404, 'workers.notFound');
    expectError(await trail(people.office.id, '2030-03-05'), 404, 'workers.notFound');
    expectError(await trail(2_147_483_000, '2030-03-05'), 404, 'workers.notFound');
    expectError(await trail(company.worker.id, '5/3/2030'), 400, 'request.invalid');
    const otherOwner = await signIn(other.owner.username);
    expectError(await trail(company.worker.id, '2030-03-05', otherOwner), 404, 'workers.notFound');
    expect(await trail(other.worker.id, '2030-03-05', otherOwner)).toEqual({ status: 200, body: [] });
  });

  it('is for task managers', async () => {
    expectError(await trail(company.worker.id, '2030-03-05', await signIn(company.worker.username)), 403, 'auth.forbidden');
  });
});
