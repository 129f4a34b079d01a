import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as forgotGet, POST as forgotPost, PUT as forgotPut } from '@/app/api/web/forgot-password/route';
import { GET as me } from '@/app/api/web/users/me/route';
import { outbox, passwordResetTokens, sessions, users } from '@/db/schema';
import { codesOf, messagesOf, type FieldProblems } from '@/lib/contract/errors';
import { getDb } from '@/lib/server/core/db';
import { createCompany, createUser, testPassword } from './setup/fixtures';
import { call, freshIp, signIn } from './setup/http';

let company: Awaited<ReturnType<typeof createCompany>>;
const newPassword = 'brand-new-pass-1';

beforeAll(async () => {
  company = await createCompany();
});

const askReset = (username: string, ip = freshIp()) =>
  call(forgotPost, { method: 'POST', path: '/api/web/forgot-password', json: { username }, ip });
const lookUp = (token: string) => call(forgotGet, { path: '/api/web/forgot-password', query: { token }, ip: freshIp() });
const reset = (username: string, token: string, password = newPassword) =>
  call(forgotPut, { method: 'PUT', path: '/api/web/forgot-password', json: { username, token, newPassword: password }, ip: freshIp() });

/**
 * The token as the delivered mail's link carries it: the only place it exists in the clear (the outbox's own body,
 * which owners read, shows it masked). `body` is the mail as it will be delivered.
 */
async function tokenMailedTo(username: string): Promise<{ token: string; subject: string | null; body: string; status: string }> {
  const db = await getDb();
  const [mail] = await db
    .select({ subject: outbox.subject, body: sql<string>`coalesce(${outbox.secretBody}, '')`, status: outbox.status, channel: outbox.channel })
    .from(outbox)
    .where(eq(outbox.recipient, username))
    .orderBy(sql`${outbox.id} desc`)
    .limit(1);
  expect(mail?.channel).toBe('EMAIL');
  const token = /\/app\/change-password\?token=([A-Za-z0-9_-]+)/.exec(mail.body)?.[1];
  expect(token).toBeDefined();
  return { token: token ?? '', subject: mail.subject, body: mail.body, status: mail.status };
}

async function freshUserWithToken() {
  const user = await createUser(company.tenantId, { assignee: true });
  expect((await askReset(user.username)).status).toBe(200);
  return { user, ...(await tokenMailedTo(user.username)) };
}

describe('POST forgot-password', () => {
  it('answers the text EMAIL_SENT and queues a pending e-mail with a reset link in the user\'s language', async () => {
    const user = await createUser(company.tenantId, { assignee: true });
    const db = await getDb();
    await db.update(users).set({ preferredLanguage: 'it' }).where(eq(users.id, user.id));
    const response = await askReset(user.username.toUpperCase());
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('EMAIL_SENT');
    const mail = await tokenMailedTo(user.username);
    expect(mail.status).toBe('PENDING');
    expect(mail.subject).toBe('Reimposta la tua password');
    expect(mail.body).toContain(`http://localhost:3000/app/change-password?token=${mail.token}`);
  });

  it('stores only the SHA-256 hash of a 256-bit token, expiring in one hour', async () => {
    const { user, token } = await freshUserWithToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const db = await getDb();
    const rows = await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    const expectedHash = (await import('node:crypto')).createHash('sha256').update(token).digest('hex');
    expect(rows[0].tokenHash).toBe(expectedHash);
    expect(rows[0].tokenHash).not.toContain(token);
    expect(rows[0].tenantId).toBe(company.tenantId);
    const lifetime = rows[0].expires.getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(59 * 60 * 1000);
    expect(lifetime).toBeLessThanOrEqual(60 * 60 * 1000);
  });

  it("answers 404 'Username does not exist' for an unknown, a deactivated or a deleted user, and queues nothing", async () => {
    const inactive = await createUser(company.tenantId, { assignee: true, active: false });
    const deleted = await createUser(company.tenantId, { assignee: true, deleted: new Date() });
    for (const username of ['nobody-here@example.test', inactive.username, deleted.username]) {
      const response = await askReset(username);
      expect(response.status).toBe(404);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error).toMatchObject({ code: 'passwordReset.unknownUsername', message: 'Username does not exist' });
    }
    const db = await getDb();
    const queued = await db.select().from(outbox).where(eq(outbox.recipient, inactive.username));
    expect(queued).toHaveLength(0);
  });

  it("answers 400 with the spec's messages for a missing or malformed e-mail", async () => {
    const missing = await call(forgotPost, { method: 'POST', path: '/api/web/forgot-password', json: {}, ip: freshIp() });
    expect(missing.status).toBe(400);
    const missingFields = ((await missing.json()) as { error: { fields: FieldProblems } }).error.fields;
    expect(messagesOf(missingFields)).toEqual({ username: ['Email address is required.'] });
    expect(codesOf(missingFields)).toEqual({ username: ['validation.required'] });
    const malformed = await askReset('not-an-address');
    expect(malformed.status).toBe(400);
    const malformedFields = ((await malformed.json()) as { error: { fields: FieldProblems } }).error.fields;
    expect(messagesOf(malformedFields)).toEqual({ username: ['Invalid email address provided.'] });
    expect(codesOf(malformedFields)).toEqual({ username: ['validation.email'] });
  });

  it('answers 429 to the 4th request for one username within 15 minutes, from any address', async () => {
    const user = await createUser(company.tenantId, { assignee: true });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) statuses.push((await askReset(user.username)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await askReset(user.username);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/Too many password reset requests/);
  });

  it('answers 429 to the 11th request from one address within 15 minutes, known usernames or not', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) statuses.push((await askReset(`guess-${attempt}@example.test`, ip)).status);
    expect(statuses.slice(0, 10).every((status) => status === 404)).toBe(true);
    expect(statuses[10]).toBe(429);
    const user = await createUser(company.tenantId, { assignee: true });
    expect((await askReset(user.username, ip)).status).toBe(429);
  });

  it('finds a user of any tenant: usernames are global', async () => {
    const other = await createCompany();
    const response = await askReset(other.worker.username);
    expect(response.status).toBe(200);
    const { token } = await tokenMailedTo(other.worker.username);
    const db = await getDb();
    const [row] = await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, other.worker.id));
    expect(row.tenantId).toBe(other.tenantId);
    expect(await (await lookUp(token)).json()).toEqual({ username: other.worker.username });
  });
});

describe('GET forgot-password', () => {
  it('answers the username of a live token', async () => {
    const { user, token } = await freshUserWithToken();
    const response = await lookUp(token);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ username: user.username });
  });

  it('answers 404 for an unknown, an empty or an expired token', async () => {
    expect((await lookUp('A'.repeat(43))).status).toBe(404);
    expect((await call(forgotGet, { path: '/api/web/forgot-password', ip: freshIp() })).status).toBe(404);
    const { user, token } = await freshUserWithToken();
    const db = await getDb();
    await db
      .update(passwordResetTokens)
      .set({ expires: sql`now() - interval '1 second'` })
      .where(eq(passwordResetTokens.userId, user.id));
    const expired = await lookUp(token);
    expect(expired.status).toBe(404);
    expect(((await expired.json()) as { error: { code: string; message: string } }).error).toMatchObject({
      code: 'passwordReset.linkInvalid',
      message: 'This link is no longer valid.',
    });
    expect((await reset(user.username, token)).status).toBe(404);
  });
});

describe('PUT forgot-password', () => {
  it('sets the new password, clears first_login and ends every session of the user', async () => {
    const { user, token } = await freshUserWithToken();
    const db = await getDb();
    await db.update(users).set({ firstLogin: true }).where(eq(users.id, user.id));
    const cookie = await signIn(user.username);
    expect((await call(me, { cookie })).status).toBe(200);

    const response = await reset(user.username, token);
    expect(response.status).toBe(200);

    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect((await call(me, { cookie })).status).toBe(401);
    const [row] = await db.select({ firstLogin: users.firstLogin }).from(users).where(eq(users.id, user.id));
    expect(row.firstLogin).toBe(false);
    await signIn(user.username, newPassword);
    const { POST: login } = await import('@/app/api/web/login/route');
    const oldPassword = await call(login, {
      method: 'POST',
      path: '/api/web/login',
      json: { username: user.username, password: testPassword, rememberMe: true },
      ip: freshIp(),
    });
    expect(oldPassword.status).toBe(401);
  });

  it('works once: the same token a second time answers 404 and GET no longer finds it', async () => {
    const { user, token } = await freshUserWithToken();
    expect((await reset(user.username, token)).status).toBe(200);
    expect((await reset(user.username, token, 'another-pass-2')).status).toBe(404);
    expect((await lookUp(token)).status).toBe(404);
    const db = await getDb();
    const [row] = await db
      .select({ used: passwordResetTokens.used })
      .from(passwordResetTokens)
      .where(and(eq(passwordResetTokens.userId, user.id)));
    expect(row.used).toBeInstanceOf(Date);
    await signIn(user.username, newPassword);
  });

  it("ends the user's other outstanding links too", async () => {
    const { user, token: first } = await freshUserWithToken();
    expect((await askReset(user.username)).status).toBe(200);
    const { token: second } = await tokenMailedTo(user.username);
    expect(second).not.toBe(first);
    expect((await reset(user.username, second)).status).toBe(200);
    expect((await lookUp(first)).status).toBe(404);
    expect((await reset(user.username, first, 'another-pass-3')).status).toBe(404);
  });

  it("answers 404 for another user's name with a live token, and 400 for a password out of 8-30", async () => {
    const { token } = await freshUserWithToken();
    expect((await reset(company.owner.username, token)).status).toBe(404);
    const short = await reset('x@example.test', token, 'short');
    expect(short.status).toBe(400);
    expect(JSON.stringify(await short.json())).toContain('Password must be between 8 and 30 characters');
    expect((await reset('x@example.test', token, 'x'.repeat(31))).status).toBe(400);
  });
});
