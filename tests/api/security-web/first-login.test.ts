import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as tasks } from '@/app/api/web/tasks/route';
import { POST as createClient } from '@/app/api/web/clients/route';
import { POST as logout } from '@/app/api/web/logout/route';
import { GET as meAlias } from '@/app/api/web/me/route';
import { PUT as changePassword } from '@/app/api/web/users/password-change/route';
import { GET as me, PUT as saveProfile } from '@/app/api/web/users/me/route';
import { apiKeys, users } from '@/db/schema';
import { hashApiKey } from '@/lib/server/people/auth/api-keys';
import { getDb } from '@/lib/server/core/db';
import { createCompany, createUser, testPassword } from '../setup/fixtures';
import { call, cookieHeader, signIn } from '../setup/http';

let company: Awaited<ReturnType<typeof createCompany>>;

beforeAll(async () => {
  company = await createCompany();
});

const newPassword = 'chosen-by-me-2026';

/** A tasks manager still holding the password someone else chose (users.first_login), signed in. */
async function firstLoginManager(): Promise<{ id: number; cookie: string }> {
  const user = await createUser(company.tenantId, { tasksManager: true });
  await (await getDb()).update(users).set({ firstLogin: true }).where(eq(users.id, user.id));
  return { id: user.id, cookie: await signIn(user.username) };
}

async function errorCode(response: Response): Promise<string | undefined> {
  return ((await response.json()) as { error?: { code?: string } }).error?.code;
}

const listTasks = (cookie: string) => call(tasks, { cookie, path: '/api/web/tasks' });
const addClient = (cookie: string) =>
  call(createClient, { method: 'POST', cookie, path: '/api/web/clients', json: { displayName: `first-${randomBytes(4).toString('hex')}` } });

describe('a user who has not yet changed their first-login password', () => {
  it('gets 403 PASSWORD_CHANGE_REQUIRED from every other call: reading tasks, adding a client, saving their profile', async () => {
    const { cookie } = await firstLoginManager();
    for (const response of [
      await listTasks(cookie),
      await addClient(cookie),
      await call(saveProfile, { method: 'PUT', cookie, path: '/api/web/users/me', json: { name: 'New', surname: 'Name' } }),
    ]) {
      expect(response.status).toBe(403);
      expect(await errorCode(response)).toBe('auth.passwordChangeRequired');
    }
  });

  it('may read who is signed in (users/me and its alias me), which the first-login screen needs', async () => {
    const { cookie } = await firstLoginManager();
    for (const handler of [me, meAlias]) {
      const response = await call(handler, { cookie, path: '/api/web/users/me' });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { firstLogin: boolean }).firstLogin).toBe(true);
    }
  });

  it('may sign out', async () => {
    const { cookie } = await firstLoginManager();
    const response = await call(logout, { method: 'POST', cookie, path: '/api/web/logout' });
    expect(response.status).toBe(200);
    expect((await call(me, { cookie, path: '/api/web/users/me' })).status).toBe(401);
  });

  it('may change the password, and from the next call on uses the API normally with the session it renews', async () => {
    const { cookie } = await firstLoginManager();
    expect((await listTasks(cookie)).status).toBe(403);
    const changed = await call(changePassword, {
      method: 'PUT',
      cookie,
      path: '/api/web/users/password-change',
      json: { oldPassword: testPassword, newPassword, confirmPassword: newPassword },
    });
    expect(changed.status).toBe(200);
    const renewed = cookieHeader(changed);
    // No settling: the password change's own answer waited until this process's session cache dropped the caller.
    expect((await call(tasks, { cookie: renewed, path: '/api/web/tasks', settle: false })).status).toBe(200);
    expect((await addClient(renewed)).status).toBe(200);
  });

  it('is refused through an API key they made, the same as through their session', async () => {
    const maker = await createUser(company.tenantId, { tasksManager: true });
    await (await getDb()).update(users).set({ firstLogin: true }).where(eq(users.id, maker.id));
    const key = randomBytes(32).toString('base64url');
    await (await getDb()).insert(apiKeys).values({
      name: `first-login ${key.slice(0, 6)}`,
      keyHash: hashApiKey(key),
      keyPrefix: key.slice(0, 6),
      tenantId: company.tenantId,
      createdById: maker.id,
    });
    const response = await call(tasks, { path: '/api/web/tasks', headers: { authorization: `Bearer ${key}` } });
    expect(response.status).toBe(403);
    expect(await errorCode(response)).toBe('auth.passwordChangeRequired');
  });
});
