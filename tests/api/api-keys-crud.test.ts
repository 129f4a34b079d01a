import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as list, POST as create } from '@/app/api/web/key/route';
import { DELETE as remove, GET as getOne, PUT as update } from '@/app/api/web/key/[id]/route';
import { GET as listTasks } from '@/app/api/web/tasks/route';
import { GET as me } from '@/app/api/web/users/me/route';
import { apiKeys, users } from '@/db/schema';
import type { ApiKeyView, CreatedApiKeyView } from '@/lib/contract/api-keys';
import { codesOf, messagesOf } from '@/lib/contract/errors';
import { addDays, todayIn } from '@/lib/contract/zoned-time';
import { hashApiKey } from '@/lib/server/people/auth/api-keys';
import { getDb } from '@/lib/server/core/db';
import { createCompany } from './setup/fixtures';
import { call, expectTenantIsolation, signIn } from './setup/http';
import { companyWithSessions, expectError, expectOk, forbiddenMessage } from './reference/helpers';

type Company = Awaited<ReturnType<typeof companyWithSessions>>;
let a: Company;
let b: Company;

const createKey = (cookie: string, json: unknown) => expectOk<CreatedApiKeyView>(create, { method: 'POST', cookie, json });
const post = (json: unknown) => ({ method: 'POST', cookie: a.cookies.owner, json });
const put = (id: number, json: unknown) => ({ method: 'PUT', cookie: a.cookies.owner, params: { id }, json });
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
/** The tenant fixtures keep the default zone. */
const today = () => todayIn('Europe/Rome');

beforeAll(async () => {
  [a, b] = await Promise.all([companyWithSessions(), companyWithSessions()]);
});

describe('POST key', () => {
  it('makes a random key with the fok_ prefix, answers it once, and lists it masked', async () => {
    const created = await createKey(a.cookies.owner, { nameApiKey: 'Warehouse sync' });
    expect(created.apiKey).toMatch(/^fok_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({
      nameApiKey: 'Warehouse sync',
      keyPrefix: created.apiKey.slice(0, 12),
      maskedKey: `${created.apiKey.slice(0, 12)}••••••••`,
      expiry: null,
      expiresAt: null,
      expired: false,
      roles: ['tasksManager'],
      lastUsed: null,
    });
    const again = await createKey(a.cookies.owner, { nameApiKey: 'Second' });
    expect(again.apiKey).not.toBe(created.apiKey);

    const listed = await expectOk<ApiKeyView[]>(list, { cookie: a.cookies.usersManager });
    const row = listed.find((key) => key.id === created.id);
    expect(row).toMatchObject({ nameApiKey: 'Warehouse sync', maskedKey: created.maskedKey });
    expect(row).not.toHaveProperty('apiKey');
    const one = await expectOk<ApiKeyView>(getOne, { cookie: a.cookies.owner, params: { id: created.id } });
    expect(one).not.toHaveProperty('apiKey');
    // The secret part appears in no answer after the creation.
    const secret = created.apiKey.slice(12);
    expect(JSON.stringify(listed)).not.toContain(secret);
    expect(JSON.stringify(one)).not.toContain(secret);
  });

  it('stores only the SHA-256 of the key and its first characters', async () => {
    const created = await createKey(a.cookies.owner, { nameApiKey: 'At rest' });
    const db = await getDb();
    const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row.keyHash).toBe(hashApiKey(created.apiKey));
    expect(row.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.keyPrefix).toBe(created.apiKey.slice(0, 12));
    expect(JSON.stringify(row)).not.toContain(created.apiKey.slice(12));
    expect(row.createdById).toBe(a.ownerId);
  });

  it('answers 400 for a missing name, a malformed or past expiry, and empty or unknown roles', async () => {
    const missing = await expectError(create, post({}), 400, 'request.invalid');
    expect(messagesOf(missing.fields)).toEqual({ nameApiKey: ['Name is required'] });
    expect(codesOf(missing.fields)).toEqual({ nameApiKey: ['validation.required'] });
    const blank = await expectError(create, post({ nameApiKey: '   ' }), 400, 'request.invalid');
    expect(messagesOf(blank.fields)).toEqual({ nameApiKey: ['Name is required'] });
    const malformed = await expectError(create, post({ nameApiKey: 'Bad', expiry: '31/12/2030' }), 400, 'request.invalid');
    expect(messagesOf(malformed.fields)).toEqual({ expiry: ['Expiry must be a date (YYYY-MM-DD)'] });
    expect(codesOf(malformed.fields)).toEqual({ expiry: ['validation.date'] });
    const past = await expectError(create, post({ nameApiKey: 'Bad', expiry: addDays(today(), -1) }), 400, 'request.invalid');
    expect(messagesOf(past.fields)).toEqual({ expiry: ['Expiry cannot be in the past'] });
    expect(codesOf(past.fields)).toEqual({ expiry: ['apiKey.expiryInPast'] });
    const noRoles = await expectError(create, post({ nameApiKey: 'Bad', roles: [] }), 400, 'request.invalid');
    expect(messagesOf(noRoles.fields)).toEqual({ roles: ['Choose at least one role'] });
    expect(codesOf(noRoles.fields)).toEqual({ roles: ['apiKey.rolesRequired'] });
    const worker = await expectError(create, post({ nameApiKey: 'Bad', roles: ['assignee'] }), 400, 'request.invalid');
    expect(messagesOf(worker.fields)).toEqual({ 'roles.0': ['Unknown role'] });
    expect(codesOf(worker.fields)).toEqual({ 'roles.0': ['validation.option'] });
  });

  it('never reads an impossible, empty or past expiry as "never expires": 400 and no key made', async () => {
    const before = (await expectOk<ApiKeyView[]>(list, { cookie: a.cookies.owner })).length;
    for (const expiry of ['2027-02-31', '', '2020-01-01']) {
      const refused = await expectError(create, post({ nameApiKey: `Refused ${expiry}`, expiry }), 400, 'request.invalid');
      expect(refused.fields?.expiry, expiry).toHaveLength(1);
    }
    expect((await expectOk<ApiKeyView[]>(list, { cookie: a.cookies.owner })).length).toBe(before);
  });

  it('gives a key only roles its maker holds', async () => {
    const refused = await expectError(create, { method: 'POST', cookie: a.cookies.billingManager, json: { nameApiKey: 'Default role' } }, 400, 'request.invalid');
    expect(messagesOf(refused.fields)).toEqual({ roles: ['A key can only be given roles you hold'] });
    expect(codesOf(refused.fields)).toEqual({ roles: ['apiKey.roleNotHeld'] });
    await expectError(create, { method: 'POST', cookie: a.cookies.billingManager, json: { nameApiKey: 'Owner role', roles: ['owner'] } }, 400, 'request.invalid');
    const own = await createKey(a.cookies.billingManager, { nameApiKey: 'Billing export', roles: ['billingManager'] });
    expect(own.roles).toEqual(['billingManager']);
    const owners = await createKey(a.cookies.owner, { nameApiKey: 'Two roles', roles: ['usersManager', 'tasksManager'] });
    expect(owners.roles).toEqual(['usersManager', 'tasksManager']);
  });

  it('answers 409 on a name already taken, ignoring case, and frees the name of a deleted key', async () => {
    const first = await createKey(a.cookies.owner, { nameApiKey: 'Reporting' });
    const error = await expectError(create, post({ nameApiKey: ' REPORTING ' }), 409, 'apiKey.duplicate');
    expect(error.message).toBe('An API key with this name already exists.');
    expect(codesOf(error.fields)).toEqual({ nameApiKey: ['apiKey.duplicate'] });
    await expectOk(remove, { method: 'DELETE', cookie: a.cookies.owner, params: { id: first.id } });
    await createKey(a.cookies.owner, { nameApiKey: 'reporting' });
    await createKey(b.cookies.owner, { nameApiKey: 'Reporting' });
  });
});

describe('PUT key/{id}', () => {
  it('renames the key and moves its expiry without changing the key; 409 on another live name', async () => {
    const created = await createKey(a.cookies.owner, { nameApiKey: 'Old name' });
    await createKey(a.cookies.owner, { nameApiKey: 'Taken name' });
    const expiry = addDays(today(), 30);
    const updated = await expectOk<ApiKeyView>(update, put(created.id, { nameApiKey: 'New name', expiry }));
    expect(updated).toMatchObject({ id: created.id, nameApiKey: 'New name', expiry, keyPrefix: created.keyPrefix, roles: ['tasksManager'] });
    expect((await call(me, { headers: bearer(created.apiKey) })).status).toBe(200);
    const cleared = await expectOk<ApiKeyView>(update, put(created.id, { nameApiKey: 'New name', expiry: null }));
    expect(cleared.expiry).toBeNull();
    const clash = await expectError(update, put(created.id, { nameApiKey: 'TAKEN NAME' }), 409, 'apiKey.duplicate');
    expect(clash.message).toBe('An API key with this name already exists.');
    const blank = await expectError(update, put(created.id, { nameApiKey: '' }), 400, 'request.invalid');
    expect(messagesOf(blank.fields)).toEqual({ nameApiKey: ['Name is required'] });
  });

  it('refuses to move an expiry into the past or to an impossible day, and keeps the stored one', async () => {
    const expiry = addDays(today(), 10);
    const created = await createKey(a.cookies.owner, { nameApiKey: 'Keeps its expiry', expiry });
    const past = await expectError(update, put(created.id, { nameApiKey: 'Keeps its expiry', expiry: '2020-01-01' }), 400, 'request.invalid');
    expect(messagesOf(past.fields)).toEqual({ expiry: ['Expiry cannot be in the past'] });
    expect(codesOf(past.fields)).toEqual({ expiry: ['apiKey.expiryInPast'] });
    const impossible = await expectError(update, put(created.id, { nameApiKey: 'Keeps its expiry', expiry: '2027-02-31' }), 400, 'request.invalid');
    expect(messagesOf(impossible.fields)).toEqual({ expiry: ['Expiry must be a date (YYYY-MM-DD)'] });
    const stored = await expectOk<ApiKeyView>(getOne, { cookie: a.cookies.owner, params: { id: created.id } });
    expect(stored.expiry).toBe(expiry);
  });

  it('lets another manager rename a key but not add roles they lack', async () => {
    const created = await createKey(a.cookies.owner, { nameApiKey: 'Owner made' });
    const renamed = await expectOk<ApiKeyView>(update, { method: 'PUT', cookie: a.cookies.usersManager, params: { id: created.id }, json: { nameApiKey: 'Renamed by users manager' } });
    expect(renamed.roles).toEqual(['tasksManager']);
    const refused = await expectError(update, { method: 'PUT', cookie: a.cookies.usersManager, params: { id: created.id }, json: { nameApiKey: 'Renamed', roles: ['tasksManager', 'owner'] } }, 400, 'request.invalid');
    expect(messagesOf(refused.fields)).toEqual({ roles: ['A key can only be given roles you hold'] });
  });
});

describe('Bearer use of a key made through the API', () => {
  it('reads GET tasks with the key, and stops working once the key is deleted', async () => {
    const created = await createKey(a.cookies.owner, { nameApiKey: 'Task reader' });
    const response = await call(listTasks, { headers: bearer(created.apiKey) });
    expect(response.status).toBe(200);
    await response.text();
    const [row] = await (await getDb()).select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row.lastUsed).not.toBeNull();

    await expectOk(remove, { method: 'DELETE', cookie: a.cookies.owner, params: { id: created.id } });
    expect((await call(listTasks, { headers: bearer(created.apiKey) })).status).toBe(401);
    await expectError(getOne, { cookie: a.cookies.owner, params: { id: created.id } }, 404, 'apiKey.notFound');
    await expectError(update, put(created.id, { nameApiKey: 'Deleted' }), 404, 'apiKey.notFound');
    const listed = await expectOk<ApiKeyView[]>(list, { cookie: a.cookies.owner });
    expect(listed.map((key) => key.id)).not.toContain(created.id);
  });

  it('works through its last day (tenant zone) and stops after its expiry', async () => {
    const created = await createKey(a.cookies.owner, { nameApiKey: 'Expiring today', expiry: today() });
    expect(created.expired).toBe(false);
    expect(Date.parse(created.expiresAt ?? '')).toBeGreaterThan(Date.now());
    expect((await call(listTasks, { headers: bearer(created.apiKey) })).status).toBe(200);

    // Time moves on: the expiry instant is now behind us.
    const db = await getDb();
    await db.update(apiKeys).set({ expiry: new Date(Date.now() - 1000) }).where(eq(apiKeys.id, created.id));
    expect((await call(listTasks, { headers: bearer(created.apiKey) })).status).toBe(401);
    const one = await expectOk<ApiKeyView>(getOne, { cookie: a.cookies.owner, params: { id: created.id } });
    expect(one.expired).toBe(true);
  });

  it("acts with the key's roles only: a usersManager key cannot read tasks", async () => {
    const created = await createKey(a.cookies.owner, { nameApiKey: 'People sync', roles: ['usersManager'] });
    expect((await call(listTasks, { headers: bearer(created.apiKey) })).status).toBe(403);
    const ownerKey = await createKey(a.cookies.owner, { nameApiKey: 'Everything', roles: ['owner'] });
    const roles = ((await (await call(me, { headers: bearer(ownerKey.apiKey) })).json()) as { roles: string[] }).roles;
    expect(roles).toEqual(['owner', 'tasksManager', 'usersManager', 'billingManager']);
  });
});

describe('a key never outranks its maker', () => {
  it('stops acting with a role its maker has lost', async () => {
    const company = await createCompany();
    const key = await createKey(await signIn(company.owner.username), { nameApiKey: 'Demoted', roles: ['tasksManager'] });
    expect((await call(listTasks, { headers: bearer(key.apiKey) })).status).toBe(200);
    const db = await getDb();
    await db.update(users).set({ owner: false, usersManager: true }).where(eq(users.id, company.owner.id));
    expect((await call(listTasks, { headers: bearer(key.apiKey) })).status).toBe(403);
  });
});

describe('role matrix of the key calls', () => {
  it('lets owner, usersManager and billingManager in, and answers 403 to a tasksManager and a worker', async () => {
    const created = await createKey(a.cookies.owner, { nameApiKey: 'Matrix' });
    for (const cookie of [a.cookies.owner, a.cookies.usersManager, a.cookies.billingManager]) {
      await expectOk(list, { cookie });
      await expectOk(getOne, { cookie, params: { id: created.id } });
    }
    for (const cookie of [a.cookies.tasksManager, a.cookies.worker]) {
      const calls = [
        () => expectError(list, { cookie }, 403, 'auth.forbidden'),
        () => expectError(create, { method: 'POST', cookie, json: { nameApiKey: 'Nope' } }, 403, 'auth.forbidden'),
        () => expectError(getOne, { cookie, params: { id: created.id } }, 403, 'auth.forbidden'),
        () => expectError(update, { method: 'PUT', cookie, params: { id: created.id }, json: { nameApiKey: 'Nope' } }, 403, 'auth.forbidden'),
        () => expectError(remove, { method: 'DELETE', cookie, params: { id: created.id } }, 403, 'auth.forbidden'),
      ];
      for (const refused of calls) expect((await refused()).message).toBe(forbiddenMessage);
    }
  });

  it("answers 404 for another tenant's key on every id route", async () => {
    const theirs = await createKey(b.cookies.owner, { nameApiKey: 'Theirs' });
    const cookies = { otherTenantCookie: a.cookies.owner, ownerCookie: b.cookies.owner };
    await expectTenantIsolation({ handler: getOne, params: { id: theirs.id }, ...cookies });
    await expectTenantIsolation({ handler: update, method: 'PUT', params: { id: theirs.id }, json: { nameApiKey: 'Theirs renamed' }, ...cookies });
    await expectTenantIsolation({ handler: remove, method: 'DELETE', params: { id: theirs.id }, ...cookies });
  });
});
