import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { POST as postLocation } from '@/app/api/web/users/me/location/route';
import { users, workerPositions } from '@/db/schema';
import { trackingLimits, type LocationAnswer } from '@/lib/contract/tracking';
import { getDb } from '@/lib/server/core/db';
import { createCompany, createUser, type TestUser } from '../setup/fixtures';
import { call, signIn } from '../setup/http';
import { callJson, expectError } from '../tasks/helpers';

let company: Awaited<ReturnType<typeof createCompany>>;

const post = (cookie: string, json: unknown, headers: Record<string, string> = {}) =>
  callJson<LocationAnswer>(postLocation, { method: 'POST', path: '/api/web/users/me/location', json, cookie, headers });

/** A fresh worker of the company, signed in: each test keeps its own history and rate window. */
async function worker(): Promise<{ user: TestUser; cookie: string }> {
  const user = await createUser(company.tenantId, { assignee: true });
  return { user, cookie: await signIn(user.username) };
}

async function historyOf(userId: number) {
  const db = await getDb();
  return db
    .select({ lat: workerPositions.lat, lng: workerPositions.lng, recorded: workerPositions.recorded })
    .from(workerPositions)
    .where(and(eq(workerPositions.userId, userId)))
    .orderBy(asc(workerPositions.recorded));
}

async function latestOf(userId: number) {
  const db = await getDb();
  const [row] = await db
    .select({ lat: users.lat, lng: users.lng, latLngTimestamp: users.latLngTimestamp, lastSeen: users.lastSeen })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

beforeAll(async () => {
  company = await createCompany();
});

describe('POST users/me/location', () => {
  it('stores the position in the history and as the worker\'s latest', async () => {
    const { user, cookie } = await worker();
    const timestamp = ago(60_000);
    const { status, body } = await post(cookie, { lat: 45.4642, lng: 9.19, timestamp });
    expect(status).toBe(200);
    expect(body).toEqual({ stored: true });
    expect(await historyOf(user.id)).toEqual([{ lat: 45.4642, lng: 9.19, recorded: new Date(timestamp) }]);
    const latest = await latestOf(user.id);
    expect([Number(latest.lat), Number(latest.lng)]).toEqual([45.4642, 9.19]);
    expect(latest.latLngTimestamp?.toISOString()).toBe(timestamp);
    expect(latest.lastSeen).not.toBeNull();
  });

  it('answers a replayed Idempotency-Key with the first answer and keeps one position', async () => {
    const { user, cookie } = await worker();
    const position = { lat: 45.47, lng: 9.18, timestamp: ago(90_000) };
    const first = await post(cookie, position, { 'Idempotency-Key': 'position-replay-1' });
    const again = await post(cookie, position, { 'Idempotency-Key': 'position-replay-1' });
    expect(first).toEqual({ status: 200, body: { stored: true } });
    expect(again).toEqual({ status: 200, body: { stored: true } });
    expect(await historyOf(user.id)).toHaveLength(1);
  });

  it('refuses bad coordinates and timestamps with 400 and the field', async () => {
    const { user, cookie } = await worker();
    const cases: [unknown, string][] = [
      [{ lat: 90.0001, lng: 9, timestamp: ago(0) }, 'lat'],
      [{ lat: -91, lng: 9, timestamp: ago(0) }, 'lat'],
      [{ lat: 45, lng: 180.5, timestamp: ago(0) }, 'lng'],
      [{ lat: 45, lng: -181, timestamp: ago(0) }, 'lng'],
      [{ lat: '45', lng: 9, timestamp: ago(0) }, 'lat'],
      [{ lng: 9, timestamp: ago(0) }, 'lat'],
      [{ lat: 45, lng: 9, timestamp: 'yesterday' }, 'timestamp'],
      [{ lat: 45, lng: 9, timestamp: '2030-03-04T10:00:00' }, 'timestamp'],
      [{ lat: 45, lng: 9, timestamp: new Date(Date.now() + 6 * 60_000).toISOString() }, 'timestamp'],
    ];
    for (const [json, field] of cases) {
      const error = expectError(await post(cookie, json), 400, 'request.invalid');
      expect(Object.keys(error.fields ?? {}), JSON.stringify(json)).toContain(field);
    }
    const ahead = expectError(await post(cookie, { lat: 45, lng: 9, timestamp: new Date(Date.now() + 6 * 60_000).toISOString() }), 400, 'request.invalid');
    expect(ahead.fields).toEqual({
      timestamp: [{ code: 'tracking.timestampInFuture', params: { maxMinutes: 5 }, message: 'The timestamp is more than 5 minutes in the future.' }],
    });
    expect(await historyOf(user.id)).toEqual([]);
  });

  it('takes a device clock up to 5 minutes ahead', async () => {
    const { cookie } = await worker();
    const { status, body } = await post(cookie, { lat: 45, lng: 9, timestamp: new Date(Date.now() + 4 * 60_000).toISOString() });
    expect(status).toBe(200);
    expect(body.stored).toBe(true);
  });

  it('is for workers only: a dispatcher gets 403, no session 401', async () => {
    const dispatcher = await createUser(company.tenantId, { tasksManager: true });
    expectError(await post(await signIn(dispatcher.username), { lat: 45, lng: 9, timestamp: ago(0) }), 403, 'auth.forbidden');
    expectError(await post(await signIn(company.owner.username), { lat: 45, lng: 9, timestamp: ago(0) }), 403, 'auth.forbidden');
    expect((await post('', { lat: 45, lng: 9, timestamp: ago(0) })).status).toBe(401);
  });

  it('keeps one position per 10 seconds of device time: a closer one answers stored false', async () => {
    const { user, cookie } = await worker();
    const base = Date.now() - 600_000;
    const at = (ms: number) => new Date(base + ms).toISOString();
    expect((await post(cookie, { lat: 45, lng: 9, timestamp: at(0) })).body).toEqual({ stored: true });
    expect((await post(cookie, { lat: 45.1, lng: 9, timestamp: at(9_999) })).body).toEqual({ stored: false });
    expect((await post(cookie, { lat: 45.1, lng: 9, timestamp: at(-9_999) })).body).toEqual({ stored: false });
    expect((await post(cookie, { lat: 45.2, lng: 9, timestamp: at(trackingLimits.minSpacingMs) })).body).toEqual({ stored: true });
    expect((await historyOf(user.id)).map((row) => row.lat)).toEqual([45, 45.2]);
  });

  it('bounds the calls per minute: past the limit 429 RATE_LIMITED with Retry-After', async () => {
    const { user, cookie } = await worker();
    const base = Date.now() - 3_600_000;
    for (let index = 0; index < trackingLimits.postsPerMinute; index += 1) {
      const answer = await post(cookie, { lat: 45, lng: 9, timestamp: new Date(base + index * 30_000).toISOString() });
      expect(answer.status).toBe(200);
    }
    const response = await call(postLocation, {
      method: 'POST',
      path: '/api/web/users/me/location',
      json: { lat: 46, lng: 9, timestamp: ago(0) },
      cookie,
    });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('request.rateLimited');
    expect(await historyOf(user.id)).toHaveLength(trackingLimits.postsPerMinute);
    // Another worker has a window of their own.
    const other = await worker();
    expect((await post(other.cookie, { lat: 45, lng: 9, timestamp: ago(0) })).status).toBe(200);
  });

  it('moves the latest position only forward: a late replay joins the history, not the marker', async () => {
    const { user, cookie } = await worker();
    const newer = ago(60_000);
    const older = ago(600_000);
    await post(cookie, { lat: 45.5, lng: 9.5, timestamp: newer });
    expect((await post(cookie, { lat: 44, lng: 8, timestamp: older })).body).toEqual({ stored: true });
    const latest = await latestOf(user.id);
    expect([Number(latest.lat), Number(latest.lng), latest.latLngTimestamp?.toISOString()]).toEqual([45.5, 9.5, newer]);
    expect((await historyOf(user.id)).map((row) => row.recorded.toISOString())).toEqual([older, newer]);
    const newest = ago(0);
    await post(cookie, { lat: 46, lng: 10, timestamp: newest });
    expect((await latestOf(user.id)).latLngTimestamp?.toISOString()).toBe(newest);
  });
});
