import { beforeAll, describe, expect, it } from 'vitest';
import { POST as createClient } from '@/app/api/web/clients/route';
import { POST as login } from '@/app/api/web/login/route';
import { POST as logout } from '@/app/api/web/logout/route';
import { GET as me } from '@/app/api/web/users/me/route';
import { DELETE as deleteUser, PUT as updateUser } from '@/app/api/web/users/[id]/route';
import { createCompany, createUser, testPassword } from '../setup/fixtures';
import { call, cookieHeader, freshIp, signIn } from '../setup/http';
import { del, putAdmin } from '../users-admin-fixture';

let company: Awaited<ReturnType<typeof createCompany>>;
let ownerCookie: string;

beforeAll(async () => {
  company = await createCompany();
  ownerCookie = await signIn(company.owner.username);
});

const sessionCookieName = 'fieldops.session_token';
const tokenOf = (cookie: string) => cookie.split('; ').find((pair) => pair.startsWith(`${sessionCookieName}=`))?.split('=')[1];
const meStatus = async (cookie: string) => (await call(me, { cookie, path: '/api/web/users/me' })).status;

async function loginWith(username: string, cookie?: string): Promise<string> {
  const response = await call(login, {
    method: 'POST',
    path: '/api/web/login',
    ip: freshIp(),
    cookie,
    json: { username, password: testPassword, rememberMe: true },
  });
  expect(response.status).toBe(200);
  return cookieHeader(response);
}

describe('the session token', () => {
  it('is a new one at every login: a cookie planted before the login is never the one the login sets', async () => {
    const user = await createUser(company.tenantId, { assignee: true });
    const planted = `${sessionCookieName}=planted-by-someone-else.c2lnbmF0dXJl`;
    const issued = await loginWith(user.username, planted);
    expect(tokenOf(issued)).toBeDefined();
    expect(tokenOf(issued)).not.toBe(tokenOf(planted));
    expect(await meStatus(planted)).toBe(401);
    expect(await meStatus(issued)).toBe(200);
  });

  it("is replaced when a browser that holds someone's valid session signs in, so a fixed session is not carried over", async () => {
    const victim = await createUser(company.tenantId, { assignee: true });
    const attacker = await createUser(company.tenantId, { assignee: true });
    const attackerCookie = await signIn(attacker.username);
    const issued = await loginWith(victim.username, attackerCookie);
    expect(tokenOf(issued)).not.toBe(tokenOf(attackerCookie));
    const body = (await (await call(me, { cookie: issued })).json()) as { username: string };
    expect(body.username).toBe(victim.username);
  });

  it('is revoked at logout: the old cookie then answers 401 on every call', async () => {
    const user = await createUser(company.tenantId, { assignee: true });
    const cookie = await signIn(user.username);
    expect(await meStatus(cookie)).toBe(200);
    expect((await call(logout, { method: 'POST', cookie, path: '/api/web/logout' })).status).toBe(200);
    expect(await meStatus(cookie)).toBe(401);
  });
});

describe('a change to the user ends or changes their sessions at once', () => {
  it('deactivating revokes every session of the user: each signed-in browser gets 401 on its next call', async () => {
    const user = await createUser(company.tenantId, { assignee: true });
    const [phone, laptop] = [await signIn(user.username), await signIn(user.username)];
    const saved = await call(updateUser, putAdmin(ownerCookie, user.id, { name: 'Test', surname: 'User', assignee: true, active: false }));
    expect(saved.status).toBe(200);
    expect(await meStatus(phone)).toBe(401);
    expect(await meStatus(laptop)).toBe(401);
  });

  it('deleting revokes the sessions at once', async () => {
    const user = await createUser(company.tenantId, { assignee: true });
    const cookie = await signIn(user.username);
    expect((await call(deleteUser, del(ownerCookie, user.id))).status).toBe(200);
    expect(await meStatus(cookie)).toBe(401);
  });

  it('a role taken away is refused on the very next call, and a role given is honoured on it', async () => {
    const user = await createUser(company.tenantId, { tasksManager: true });
    const cookie = await signIn(user.username);
    const newClient = (name: string) => call(createClient, { method: 'POST', cookie, json: { displayName: `${name} ${Date.now()}` } });
    expect((await newClient('Before')).status).toBe(200);
    expect((await call(updateUser, putAdmin(ownerCookie, user.id, { name: 'Test', surname: 'User', assignee: true }))).status).toBe(200);
    expect((await newClient('Demoted')).status).toBe(403);
    expect((await call(updateUser, putAdmin(ownerCookie, user.id, { name: 'Test', surname: 'User', tasksManager: true }))).status).toBe(200);
    expect((await newClient('Promoted')).status).toBe(200);
  });
});
