import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as forgotGet, POST as forgotPost, PUT as forgotPut } from '@/app/api/web/forgot-password/route';
import { POST as login } from '@/app/api/web/login/route';
import { POST as logout } from '@/app/api/web/logout/route';
import { GET as stream } from '@/app/api/web/tasks/stream/route';
import { PUT as updateUser } from '@/app/api/web/users/[id]/route';
import { PUT as changePassword } from '@/app/api/web/users/password-change/route';
import { apiKeys, outbox, sessions } from '@/db/schema';
import { hashApiKey } from '@/lib/server/people/auth/api-keys';
import { getDb } from '@/lib/server/core/db';
import { publishTaskChange } from '@/lib/server/messaging/live/publish';
import { startStreamInstance, type SecondInstance } from '../setup/second-instance';
import { createCompany, createUser, testPassword, type TestUser } from '../setup/fixtures';
import { call, cookieHeader, freshIp, signIn } from '../setup/http';
import { putAdmin } from '../users-admin-fixture';

/** The issue's bound: a stream whose access ended closes within 2 s, on any instance. */
const closeWithinMs = 2000;

let company: Awaited<ReturnType<typeof createCompany>>;
let ownerCookie: string;
let nextTaskId = 1000;

beforeAll(async () => {
  company = await createCompany();
  ownerCookie = await signIn(company.owner.username);
});

/** An open stream read in the background: the task ids it delivered, and when it ended. */
interface WatchedStream {
  taskIds: number[];
  /** performance.now() when the stream ended (the server closed it), or null while it is open. */
  endedAt(): number | null;
  ended: Promise<number>;
  cancel(): Promise<void>;
}

function watch(response: Response): WatchedStream {
  expect(response.status).toBe(200);
  const body = response.body;
  if (!body) throw new Error('the stream has no body');
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const taskIds: number[] = [];
  let endedAt: number | null = null;
  let buffer = '';
  const ended = (async () => {
    try {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        buffer += decoder.decode(chunk.value, { stream: true });
        for (let boundary = buffer.indexOf('\n\n'); boundary >= 0; boundary = buffer.indexOf('\n\n')) {
          const data = buffer.slice(0, boundary).split('\n').find((line) => line.startsWith('data: '));
          buffer = buffer.slice(boundary + 2);
          const parsed = data ? (JSON.parse(data.slice(6)) as { taskId?: number }) : {};
          if (parsed.taskId !== undefined) taskIds.push(parsed.taskId);
        }
      }
    } catch {
      // an aborted read is an end too
    }
    endedAt = performance.now();
    return endedAt;
  })();
  return { taskIds, endedAt: () => endedAt, ended, cancel: () => reader.cancel().catch(() => undefined) };
}

async function publish(taskId: number): Promise<void> {
  const db = await getDb();
  await db.transaction((tx) => publishTaskChange(tx, { tenantId: company.tenantId, taskId, kind: 'updated', payload: { id: taskId } }));
}

/** Polls until `done` or the deadline; answers whether it happened. */
async function within(ms: number, done: () => boolean): Promise<boolean> {
  const deadline = performance.now() + ms;
  while (!done() && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  return done();
}

/** Publishes changes until the stream delivers one: it is subscribed and live (the hub subscribes as it starts). */
async function expectLive(watched: WatchedStream): Promise<void> {
  const deadline = performance.now() + 5000;
  let delivered = false;
  while (!delivered && performance.now() < deadline) {
    const taskId = nextTaskId++;
    await publish(taskId);
    delivered = await within(300, () => watched.taskIds.includes(taskId));
  }
  expect(delivered, 'the stream delivers while its access holds').toBe(true);
}

/**
 * The issue's check: after `revoke` answers, a task change committed at once is never delivered, and the stream
 * ends within 2 s.
 */
async function expectEndsAfter(watched: WatchedStream, revoke: () => Promise<void>): Promise<void> {
  await expectLive(watched);
  await revoke();
  const revokedAt = performance.now();
  const afterwards = nextTaskId++;
  await publish(afterwards);
  const closed = await within(closeWithinMs, () => watched.endedAt() !== null);
  await watched.cancel();
  expect(closed, `the stream ends within ${closeWithinMs} ms`).toBe(true);
  expect((watched.endedAt() ?? Infinity) - revokedAt).toBeLessThan(closeWithinMs);
  expect(watched.taskIds, 'nothing is delivered after access ended').not.toContain(afterwards);
}

const openStream = (headers: { cookie?: string; authorization?: string }) =>
  call(stream, { path: '/api/web/tasks/stream', cookie: headers.cookie, headers: headers.authorization ? { authorization: headers.authorization } : {} });

async function dispatcher(): Promise<{ user: TestUser; cookie: string }> {
  const user = await createUser(company.tenantId, { tasksManager: true });
  return { user, cookie: await signIn(user.username) };
}

const sessionToken = (cookie: string) => {
  const value = decodeURIComponent(cookie.split('; ').find((pair) => pair.startsWith('fieldops.session_token='))?.split('=')[1] ?? '');
  return value.slice(0, value.lastIndexOf('.'));
};

describe('GET tasks/stream ends when the session that opened it ends', () => {
  it('ends within 2 s of a logout and delivers nothing after it', async () => {
    const { cookie } = await dispatcher();
    const watched = watch(await openStream({ cookie }));
    await expectEndsAfter(watched, async () => {
      expect((await call(logout, { method: 'POST', path: '/api/web/logout', cookie })).status).toBe(200);
    });
  });

  it("ends within 2 s of the user's deactivation", async () => {
    const { user, cookie } = await dispatcher();
    const watched = watch(await openStream({ cookie }));
    await expectEndsAfter(watched, async () => {
      const body = { name: 'Test', surname: 'User', tasksManager: true, active: false };
      expect((await call(updateUser, putAdmin(ownerCookie, user.id, body))).status).toBe(200);
    });
  });

  it('ends within 2 s of a role change that takes tasksManager away', async () => {
    const { user, cookie } = await dispatcher();
    const watched = watch(await openStream({ cookie }));
    await expectEndsAfter(watched, async () => {
      const body = { name: 'Test', surname: 'User', tasksManager: false, assignee: true };
      expect((await call(updateUser, putAdmin(ownerCookie, user.id, body))).status).toBe(200);
    });
  });

  it("stays open and delivering through a change to another user, which does not touch the caller's access", async () => {
    const { cookie } = await dispatcher();
    const bystander = await createUser(company.tenantId, { assignee: true });
    const watched = watch(await openStream({ cookie }));
    await expectLive(watched);
    const body = { name: 'Renamed', surname: 'User', assignee: true, active: false };
    expect((await call(updateUser, putAdmin(ownerCookie, bystander.id, body))).status).toBe(200);
    await expectLive(watched);
    expect(watched.endedAt()).toBeNull();
    await watched.cancel();
  });

  it('ends within 2 s of a password change, which replaces the session', async () => {
    const { cookie } = await dispatcher();
    const watched = watch(await openStream({ cookie }));
    await expectEndsAfter(watched, async () => {
      const json = { oldPassword: testPassword, newPassword: 'changed-pass-1', confirmPassword: 'changed-pass-1' };
      expect((await call(changePassword, { method: 'PUT', path: '/api/web/users/password-change', json, cookie })).status).toBe(200);
    });
  });

  it('ends within 2 s of a password reset through a mailed link', async () => {
    const { user, cookie } = await dispatcher();
    const watched = watch(await openStream({ cookie }));
    await expectEndsAfter(watched, async () => {
      const asked = await call(forgotPost, { method: 'POST', path: '/api/web/forgot-password', json: { username: user.username }, ip: freshIp() });
      expect(asked.status).toBe(200);
      const db = await getDb();
      // The outbox's own body shows the link masked; the delivered text is in secret_body until it is sent.
      const [mail] = await db.select({ body: sql<string>`coalesce(${outbox.secretBody}, '')` }).from(outbox).where(eq(outbox.recipient, user.username)).orderBy(sql`${outbox.id} desc`).limit(1);
      const token = /\/app\/change-password\?token=([A-Za-z0-9_-]+)/.exec(mail.body)?.[1] ?? '';
      expect((await call(forgotGet, { path: '/api/web/forgot-password', query: { token }, ip: freshIp() })).status).toBe(200);
      const json = { username: user.username, token, newPassword: 'reset-pass-12' };
      expect((await call(forgotPut, { method: 'PUT', path: '/api/web/forgot-password', json, ip: freshIp() })).status).toBe(200);
    });
  });

  it('ends at the session’s expiry, not before, and within 2 s of it', async () => {
    const user = await createUser(company.tenantId, { tasksManager: true });
    // A browser-lifetime session: better-auth never slides its expiry, so the one set here holds.
    const signedIn = await call(login, {
      method: 'POST',
      path: '/api/web/login',
      json: { username: user.username, password: testPassword, rememberMe: false },
      ip: freshIp(),
    });
    expect(signedIn.status).toBe(200);
    const cookie = cookieHeader(signedIn);
    const db = await getDb();
    const expiresAt = new Date(Date.now() + 3000);
    await db.update(sessions).set({ expiresAt }).where(eq(sessions.token, sessionToken(cookie)));
    const expiresAtNow = performance.now() + (expiresAt.getTime() - Date.now());
    const watched = watch(await openStream({ cookie }));
    await expectLive(watched);
    const endedAt = await Promise.race([watched.ended, new Promise<null>((resolve) => setTimeout(() => resolve(null), 3000 + closeWithinMs))]);
    await watched.cancel();
    expect(endedAt, 'the stream ended').not.toBeNull();
    expect(endedAt ?? 0).toBeGreaterThanOrEqual(expiresAtNow - 50);
    expect(endedAt ?? Infinity).toBeLessThan(expiresAtNow + closeWithinMs);
  });
});

describe('the auth_changes notices open streams check their access on', () => {
  it("are not sent by a task change (its tenant's change counter), so streams do not re-check at every change", async () => {
    const listener = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await listener.connect();
    try {
      const heard: string[] = [];
      listener.on('notification', (message) => heard.push(message.payload ?? ''));
      await listener.query('LISTEN auth_changes');
      await publish(nextTaskId++);
      // Notifications arrive in commit order: once the marker sent after the change is in, so is anything it sent.
      await listener.query(`select pg_notify('auth_changes', 'marker')`);
      expect(await within(2000, () => heard.includes('marker'))).toBe(true);
      expect(heard).toEqual(['marker']);
    } finally {
      await listener.end();
    }
  });
});

describe('GET tasks/stream opened with an API key', () => {
  async function issueKey(expiry?: Date): Promise<{ id: number; authorization: string }> {
    const key = randomBytes(32).toString('base64url');
    const db = await getDb();
    const [row] = await db
      .insert(apiKeys)
      .values({ tenantId: company.tenantId, createdById: company.owner.id, name: `key ${key.slice(0, 6)}`, keyHash: hashApiKey(key), keyPrefix: key.slice(0, 6), expiry })
      .returning({ id: apiKeys.id });
    return { id: row.id, authorization: `Bearer ${key}` };
  }

  it('ends within 2 s of the key being revoked', async () => {
    const key = await issueKey();
    const watched = watch(await openStream({ authorization: key.authorization }));
    await expectEndsAfter(watched, async () => {
      const db = await getDb();
      await db.update(apiKeys).set({ deleted: new Date() }).where(eq(apiKeys.id, key.id));
    });
  });

  it("ends at the key's expiry", async () => {
    const expiry = new Date(Date.now() + 2500);
    const key = await issueKey(expiry);
    const expiresAtNow = performance.now() + (expiry.getTime() - Date.now());
    const watched = watch(await openStream({ authorization: key.authorization }));
    await expectLive(watched);
    const endedAt = await Promise.race([watched.ended, new Promise<null>((resolve) => setTimeout(() => resolve(null), 2500 + closeWithinMs))]);
    await watched.cancel();
    expect(endedAt, 'the stream ended').not.toBeNull();
    expect(endedAt ?? 0).toBeGreaterThanOrEqual(expiresAtNow - 50);
  });
});

describe('GET tasks/stream on two app instances over one PostgreSQL database', () => {
  let instanceB: SecondInstance;

  beforeAll(async () => {
    instanceB = await startStreamInstance();
  });

  afterAll(async () => {
    await instanceB?.stop();
  });

  it('a stream open on instance B ends within 2 s of a logout made on instance A, and delivers nothing after it', async () => {
    const { cookie } = await dispatcher();
    const aborted = new AbortController();
    const response = await fetch(`${instanceB.baseUrl}/api/web/tasks/stream`, { headers: { cookie }, signal: aborted.signal });
    const watched = watch(response);
    try {
      await expectEndsAfter(watched, async () => {
        expect((await call(logout, { method: 'POST', path: '/api/web/logout', cookie })).status).toBe(200);
      });
    } finally {
      aborted.abort();
    }
  });
});
