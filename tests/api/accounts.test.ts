import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { POST as signup } from '@/app/api/web/signup/route';
import { GET as me } from '@/app/api/web/users/me/route';
import { GET as getUser } from '@/app/api/web/users/[id]/route';
import { GET as getUserTenant } from '@/app/api/web/users/[id]/tenant/route';
import { GET as translations } from '@/app/api/web/translation/download/route';
import { cancellationReasons, tenants, users } from '@/db/schema';
import { codesOf, messagesOf, type FieldProblems } from '@/lib/contract/errors';
import { getDb } from '@/lib/server/core/db';
import it_ from '@/messages/it.json';
import { createCompany, createUser } from './setup/fixtures';
import { call, cookieHeader, expectTenantIsolation, freshIp, signIn } from './setup/http';

const validSignup = {
  name: 'Ada',
  surname: 'Lovelace',
  company: 'Analytical Engines Ltd',
  industry: 'technology',
  companySize: 'small',
  email: 'ada@engines.test',
  password: 'difference-engine',
};

const postSignup = (json: unknown) => call(signup, { method: 'POST', path: '/api/web/signup', json, ip: freshIp() });

describe('POST signup', () => {
  it('creates the company and its owner, signs in, and is not in demo mode', async () => {
    const response = await postSignup(validSignup);
    expect(response.status).toBe(200);
    const cookie = cookieHeader(response);
    const user = (await (await call(me, { cookie })).json()) as Record<string, unknown>;
    expect(user).toMatchObject({
      username: 'ada@engines.test',
      name: 'Ada',
      surname: 'Lovelace',
      tenantName: 'Analytical Engines Ltd',
      owner: true,
      roles: ['owner', 'tasksManager', 'usersManager', 'billingManager'],
    });
    const db = await getDb();
    const [{ tenantId }] = await db.select({ tenantId: users.tenantId }).from(users).where(eq(users.id, Number(user.id)));
    const [tenant] = await db.select().from(tenants).where(eq(tenants.id, tenantId));
    expect(tenant).toMatchObject({ demo: false, timeZone: 'Europe/Rome', settings: { industry: 'technology', companySize: 'small' } });
    const reasons = await db.select().from(cancellationReasons).where(eq(cancellationReasons.tenantId, tenant.id));
    expect(reasons.map((reason) => reason.name).sort()).toEqual(['Client cancelled', 'Client no show', 'Duplicate', 'Other']);
  });

  it('answers 409 for an e-mail that already has an account, and creates nothing', async () => {
    const db = await getDb();
    const before = (await db.select().from(tenants)).length;
    const response = await postSignup({ ...validSignup, email: 'ADA@engines.test', company: 'Copy Co' });
    expect(response.status).toBe(409);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('signup.emailTaken');
    expect((await db.select().from(tenants)).length).toBe(before);
  });

  it('answers 400 naming each bad field', async () => {
    const response = await postSignup({ ...validSignup, email: 'not-an-email', password: 'short', companySize: 'huge', name: '' });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { fields: FieldProblems } };
    expect(messagesOf(body.error.fields).email).toEqual(['Invalid email address provided']);
    expect(messagesOf(body.error.fields).password).toEqual(['Password must be between 8 and 30 characters']);
    expect(codesOf(body.error.fields)).toEqual({
      email: ['validation.email'],
      password: ['password.length'],
      companySize: ['validation.option'],
      name: ['validation.required'],
    });
    expect(body.error.fields.password?.[0]?.params).toEqual({ min: 8, max: 30 });
  });
});

describe('GET translation/download', () => {
  it('answers the Italian messages, never cached', async () => {
    const response = await call(translations, { query: { language: 'it' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual(it_);
  });

  it('answers 400 for a language that is not offered', async () => {
    expect((await call(translations, { query: { language: 'de' } })).status).toBe(400);
  });
});

describe('users by id', () => {
  let companyA: Awaited<ReturnType<typeof createCompany>>;
  let companyB: Awaited<ReturnType<typeof createCompany>>;
  let cookieA: string;
  let cookieB: string;

  beforeAll(async () => {
    companyA = await createCompany();
    companyB = await createCompany();
    cookieA = await signIn(companyA.owner.username);
    cookieB = await signIn(companyB.owner.username);
  });

  it("GET users/{id}: tenant A's session gets 404 on tenant B's user", async () => {
    await expectTenantIsolation({
      handler: getUser,
      params: { id: companyB.worker.id },
      otherTenantCookie: cookieA,
      ownerCookie: cookieB,
    });
  });

  it("GET users/{id}/tenant: tenant A's session gets 404 on tenant B's user", async () => {
    await expectTenantIsolation({
      handler: getUserTenant,
      params: { id: companyB.worker.id },
      otherTenantCookie: cookieA,
      ownerCookie: cookieB,
    });
    const body = (await (await call(getUserTenant, { params: { id: companyB.worker.id }, cookie: cookieB })).json()) as {
      displayName: string;
    };
    expect(body).toEqual({ displayName: expect.any(String) });
  });

  it('GET users/{id} answers the user without credentials, 404 for a missing id, 400 for a malformed one', async () => {
    const body = (await (await call(getUser, { params: { id: companyA.worker.id }, cookie: cookieA })).json()) as Record<string, unknown>;
    expect(body).toMatchObject({ id: companyA.worker.id, assignee: true });
    expect(body).not.toHaveProperty('password');
    expect((await call(getUser, { params: { id: 999_999 }, cookie: cookieA })).status).toBe(404);
    expect((await call(getUser, { params: { id: 'abc' }, cookie: cookieA })).status).toBe(400);
  });

  it('GET users/{id} answers 403 to a worker', async () => {
    const worker = await createUser(companyA.tenantId, { assignee: true });
    const cookie = await signIn(worker.username);
    const response = await call(getUser, { params: { id: companyA.owner.id }, cookie });
    expect(response.status).toBe(403);
    const body = (await response.json()) as { error: { message: string } };
    expect(body.error.message).toBe('You are not allowed to perform this operation.');
  });
});
