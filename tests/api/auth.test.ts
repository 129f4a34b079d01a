import { beforeAll, describe, expect, it } from 'vitest';
import { POST as login } from '@/app/api/web/login/route';
import { POST as logout } from '@/app/api/web/logout/route';
import { GET as me } from '@/app/api/web/users/me/route';
import { GET as meAlias } from '@/app/api/web/me/route';
import { PATCH as preferences } from '@/app/api/web/users/me/preferences/route';
import { createCompany, createUser, testPassword } from './setup/fixtures';
import { call, cookieHeader, freshIp, signIn } from './setup/http';

let company: Awaited<ReturnType<typeof createCompany>>;

beforeAll(async () => {
  company = await createCompany({ features: [1, 2] });
});

/** A user of its own for each test, so the per-username login limit never spans tests. */
const freshOwner = () => createUser(company.tenantId, { owner: true });

const tryLogin = (username: string, password: string, ip = freshIp(), rememberMe = true) =>
  call(login, { method: 'POST', path: '/api/web/login', json: { username, password, rememberMe }, ip });

describe('POST login', () => {
  it('answers 401 with "Invalid credentials provided" for a wrong password', async () => {
    const response = await tryLogin(company.owner.username, 'wrong-password');
    expect(response.status).toBe(401);
    const body = (await response.json()) as { error: { code: string; message: string; requestId: string } };
    expect(body.error).toMatchObject({ code: 'auth.invalidCredentials', message: 'Invalid credentials provided' });
    expect(body.error.requestId).toMatch(/[0-9a-f-]{36}/);
    expect(response.headers.getSetCookie()).toHaveLength(0);
  });

  it('answers 401 for an unknown username, the same as a wrong password', async () => {
    const response = await tryLogin('nobody@example.test', testPassword);
    expect(response.status).toBe(401);
  });

  it('answers 400 with field errors when a field is missing', async () => {
    const response = await call(login, { method: 'POST', path: '/api/web/login', json: { username: 'x' }, ip: freshIp() });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { fields: Record<string, string[]> } };
    expect(Object.keys(body.error.fields)).toContain('password');
  });

  it('signs in with a session cookie that lasts 30 days when remember-me is on', async () => {
    const response = await tryLogin(company.owner.username, testPassword);
    expect(response.status).toBe(200);
    const sessionCookie = response.headers.getSetCookie().find((c) => c.startsWith('fieldops.session_token='));
    expect(sessionCookie).toBeDefined();
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(sessionCookie).toMatch(/Max-Age=2592000/);
    const body = (await response.json()) as { username: string; roles: string[] };
    expect(body.username).toBe(company.owner.username);
  });

  it('gives a browser-session cookie (no Max-Age) when remember-me is off', async () => {
    const response = await tryLogin(company.owner.username, testPassword, freshIp(), false);
    expect(response.status).toBe(200);
    const sessionCookie = response.headers.getSetCookie().find((c) => c.startsWith('fieldops.session_token='));
    expect(sessionCookie).toBeDefined();
    expect(sessionCookie).not.toMatch(/Max-Age|Expires/i);
  });

  it('refuses a deactivated user and a deleted user', async () => {
    const inactive = await createUser(company.tenantId, { tasksManager: true, active: false });
    const deleted = await createUser(company.tenantId, { tasksManager: true, deleted: new Date() });
    expect((await tryLogin(inactive.username, testPassword)).status).toBe(401);
    expect((await tryLogin(deleted.username, testPassword)).status).toBe(401);
  });

  it('answers 429 to the 6th try for one username from one address within 15 minutes', async () => {
    const user = await createUser(company.tenantId, { tasksManager: true });
    const guesser = freshIp();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) statuses.push((await tryLogin(user.username, 'wrong', guesser)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await tryLogin(user.username, testPassword, guesser)).status).toBe(429);
  });

  // The per-address limit (60 a minute, sized for an office behind one address) is tested in security-web/rate-limits.
});

describe('GET users/me', () => {
  it('answers the signed-in user with role flags, the role list and the features', async () => {
    const owner = await freshOwner();
    const cookie = await signIn(owner.username);
    const response = await call(me, { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      id: owner.id,
      owner: true,
      assignee: false,
      roles: ['owner', 'tasksManager', 'usersManager', 'billingManager'],
      features: [1, 2],
    });
    expect(body).not.toHaveProperty('password');
    expect(body).not.toHaveProperty('tenantId');
  });

  it('is also reachable as GET me', async () => {
    const cookie = await signIn(company.worker.username);
    const body = (await (await call(meAlias, { cookie })).json()) as { roles: string[] };
    expect(body.roles).toEqual(['assignee']);
  });

  it('answers 401 in the one error shape without a session', async () => {
    const response = await call(me);
    expect(response.status).toBe(401);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('auth.unauthorized');
  });

  it('answers 401 once the user is deactivated, even with a live session', async () => {
    const user = await createUser(company.tenantId, { tasksManager: true });
    const cookie = await signIn(user.username);
    const { getDb } = await import('@/lib/server/core/db');
    const { users } = await import('@/db/schema');
    const { eq } = await import('drizzle-orm');
    await (await getDb()).update(users).set({ active: false }).where(eq(users.id, user.id));
    expect((await call(me, { cookie })).status).toBe(401);
  });
});

describe('POST logout', () => {
  it('ends the session: the same cookie then gets 401', async () => {
    const cookie = await signIn((await freshOwner()).username);
    expect((await call(me, { cookie })).status).toBe(200);
    const response = await call(logout, { method: 'POST', path: '/api/web/logout', cookie });
    expect(response.status).toBe(200);
    expect(cookieHeader(response)).toBe('');
    expect((await call(me, { cookie })).status).toBe(401);
  });

  it('answers 200 when no session is open', async () => {
    expect((await call(logout, { method: 'POST', path: '/api/web/logout' })).status).toBe(200);
  });
});

describe('cross-site requests', () => {
  it('refuses a state-changing call carried by the cookie from another origin with 403', async () => {
    const cookie = await signIn((await freshOwner()).username);
    const response = await call(preferences, {
      method: 'PATCH',
      json: { preferredLanguage: 'it' },
      cookie,
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.status).toBe(403);
    const body = (await response.json()) as { error: { code: string } };
    expect(body.error.code).toBe('request.crossOrigin');
    const after = (await (await call(me, { cookie })).json()) as { preferredLanguage: string | null };
    expect(after.preferredLanguage).not.toBe('it');
  });

  it('refuses a cross-origin call that only sends Origin (older browsers)', async () => {
    const cookie = await signIn((await freshOwner()).username);
    const response = await call(logout, {
      method: 'POST',
      cookie,
      headers: { origin: 'https://evil.example', 'sec-fetch-site': '' },
    });
    expect(response.status).toBe(403);
    expect((await call(me, { cookie })).status).toBe(200);
  });

  it('lets the same call through from the app itself', async () => {
    const cookie = await signIn((await freshOwner()).username);
    const response = await call(preferences, { method: 'PATCH', json: { preferredLanguage: 'fr' }, cookie });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { preferredLanguage: string }).preferredLanguage).toBe('fr');
  });
});
