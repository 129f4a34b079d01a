import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as logout } from '@/app/api/web/logout/route';
import { PUT as updateUser } from '@/app/api/web/users/[id]/route';
import { GET as me } from '@/app/api/web/users/me/route';
import type { UserView } from '@/lib/contract/user-admin';
import { authChangesChannel, SessionCache, sessionCache, type Caller } from '@/lib/server/people/auth/session-cache';
import { connection } from '@/lib/server/core/db';
import { createUser } from './setup/fixtures';
import { call, signIn } from './setup/http';
import { companyWithSessions, expectOk } from './reference/helpers';
import { putAdmin } from './users-admin-fixture';

type Company = Awaited<ReturnType<typeof companyWithSessions>>;
let company: Company;
const postgres = process.env.DATABASE_URL !== undefined;

beforeAll(async () => {
  company = await companyWithSessions();
});

const meCall = (cookie: string) => call(me, { cookie, path: '/api/web/users/me' });
/** At once: what the route's own wait after a write (or a notification) has done is all the call gets. */
const meNow = (cookie: string) => call(me, { cookie, path: '/api/web/users/me', settle: false });
const meRoles = async (cookie: string) => ((await (await meNow(cookie)).json()) as { roles: string[] }).roles;

/** A signed-in user whose session the process has already cached (one call served). */
async function warmSession(roles: Parameters<typeof createUser>[1] = { assignee: true }) {
  const user = await createUser(company.tenantId, roles);
  const cookie = await signIn(user.username);
  expect((await meCall(cookie)).status).toBe(200);
  return { user, cookie };
}

/** Polls until `done` holds (each poll one call), answering the milliseconds it took; fails after `withinMs`. */
async function millisecondsUntil(done: () => Promise<boolean>, withinMs: number): Promise<number> {
  const started = performance.now();
  while (!(await done())) {
    if (performance.now() - started > withinMs) throw new Error(`not within ${withinMs} ms`);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return performance.now() - started;
}

describe('the session cache keeps revocation immediate', () => {
  it('serves a signed-in caller from memory once the session has been read', async () => {
    await warmSession();
    expect(await sessionCache().ready()).toBe(true);
    expect(sessionCache().size).toBeGreaterThan(0);
  });

  it('refuses a session on the very next call after its logout, though it was cached', async () => {
    const { cookie } = await warmSession();
    expect((await call(logout, { method: 'POST', path: '/api/web/logout', cookie })).status).toBe(200);
    expect((await meNow(cookie)).status).toBe(401);
  });

  it('refuses a cached session on the next call after its user is deactivated', async () => {
    const { user, cookie } = await warmSession();
    await expectOk<UserView>(updateUser, putAdmin(company.cookies.owner, user.id, { name: 'Ada', surname: 'Neri', assignee: true, active: false }));
    expect((await meNow(cookie)).status).toBe(401);
  });

  it('gives a cached session its new roles on the next call after a role change', async () => {
    const { user, cookie } = await warmSession({ tasksManager: true });
    expect(await meRoles(cookie)).toContain('tasksManager');
    await expectOk<UserView>(updateUser, putAdmin(company.cookies.owner, user.id, { name: 'Ada', surname: 'Neri', assignee: true }));
    const roles = await meRoles(cookie);
    expect(roles).not.toContain('tasksManager');
    expect(roles).toContain('assignee');
  });
});

describe.skipIf(!postgres)('changes made through another connection (another app instance)', () => {
  let other: pg.Client;
  const instances: SessionCache[] = [];

  beforeAll(async () => {
    other = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await other.connect();
  });

  afterAll(async () => {
    await other.end();
    for (const instance of instances) await instance.close();
  });

  it('reach this process within a second: a user deactivated by plain SQL is refused', async () => {
    const { user, cookie } = await warmSession();
    await other.query('update users set active = false where id = $1', [user.id]);
    const elapsed = await millisecondsUntil(async () => (await meNow(cookie)).status === 401, 1_000);
    expect(elapsed).toBeLessThan(1_000);
  });

  it('reach two listening instances within a second, for a user and for a tenant', async () => {
    const listening = () => new SessionCache(60_000, async (handler, onLost) => (await connection()).subscribe(authChangesChannel, handler, onLost));
    const [first, second] = [listening(), listening()];
    instances.push(first, second);
    expect(await first.ready()).toBe(true);
    expect(await second.ready()).toBe(true);
    const { user } = await warmSession();
    const caller = { tenantId: company.tenantId, user: { id: user.id } } as Caller;
    const times = { expires: Date.now() + 3_600_000, refreshDue: Date.now() + 3_600_000 };
    for (const instance of [first, second]) instance.put('token-of-user', caller, times, instance.mark());
    await other.query('delete from sessions where user_id = $1', [user.id]);
    await other.query('update users set name = name where id = $1', [user.id]);
    const forgotten = async () => first.get('token-of-user') === undefined && second.get('token-of-user') === undefined;
    expect(await millisecondsUntil(forgotten, 1_000)).toBeLessThan(1_000);

    for (const instance of [first, second]) instance.put('token-of-tenant', caller, times, instance.mark());
    await other.query('update tenants set time_zone = time_zone where id = $1', [company.tenantId]);
    const tenantForgotten = async () => first.get('token-of-tenant') === undefined && second.get('token-of-tenant') === undefined;
    expect(await millisecondsUntil(tenantForgotten, 1_000)).toBeLessThan(1_000);
  });
});

describe('SessionCache', () => {
  const caller = { tenantId: 1, user: { id: 7 } } as Caller;
  const times = { expires: Date.now() + 3_600_000, refreshDue: Date.now() + 3_600_000 };
  const quiet = () => new SessionCache(60_000, async () => ({ sync: async () => undefined, close: async () => undefined }));

  it('does not keep a read that a change overtook (the read started before the change arrived)', async () => {
    const cache = quiet();
    await cache.ready();
    const generation = cache.mark();
    cache.forget('user:99');
    cache.put('token', caller, times, generation);
    expect(cache.get('token')).toBeUndefined();
  });

  it('forgets by user, by tenant, and everything on `all`', async () => {
    const cache = quiet();
    await cache.ready();
    cache.put('a', caller, times, cache.mark());
    cache.forget('user:8');
    expect(cache.get('a')).toBeDefined();
    cache.forget('tenant:1');
    expect(cache.get('a')).toBeUndefined();
    cache.put('b', caller, times, cache.mark());
    cache.forget('all');
    expect(cache.get('b')).toBeUndefined();
  });

  it('caches nothing while its LISTEN connection is lost, nor with a time to live of 0', async () => {
    let lose = () => undefined as void;
    const cache = new SessionCache(60_000, async (_handler, onLost) => {
      lose = onLost;
      return { sync: async () => undefined, close: async () => undefined };
    });
    await cache.ready();
    cache.put('a', caller, times, cache.mark());
    lose();
    expect(cache.get('a')).toBeUndefined();
    cache.put('a', caller, times, cache.mark());
    expect(cache.get('a')).toBeUndefined();
    expect(await new SessionCache(0, async () => ({ sync: async () => undefined, close: async () => undefined })).ready()).toBe(false);
  });
});
