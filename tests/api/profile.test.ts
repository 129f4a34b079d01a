import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PUT as changePassword } from '@/app/api/web/users/password-change/route';
import { GET as me, PUT as saveProfile } from '@/app/api/web/users/me/route';
import { GET as getTimezone, PUT as putTimezone } from '@/app/api/web/users/timezone/route';
import { sessions, tenants, users } from '@/db/schema';
import { codesOf, messagesOf, type FieldProblems } from '@/lib/contract/errors';
import { getDb } from '@/lib/server/core/db';
import { createCompany, createUser, testPassword } from './setup/fixtures';
import { call, cookieHeader, freshIp, signIn } from './setup/http';
import { callJson, expectError } from './tasks/helpers';

let company: Awaited<ReturnType<typeof createCompany>>;

beforeAll(async () => {
  company = await createCompany();
});

const newPassword = 'brand-new-pass-1';

function putPassword(cookie: string, json: unknown) {
  return call(changePassword, { method: 'PUT', path: '/api/web/users/password-change', json, cookie });
}

/** A 400's field problems: their English texts and their codes, by path. */
async function fieldErrors(response: Response): Promise<{ messages: Record<string, string[]>; codes: Record<string, string[]> }> {
  expect(response.status).toBe(400);
  const fields = ((await response.json()) as { error: { fields?: FieldProblems } }).error.fields ?? {};
  return { messages: messagesOf(fields), codes: codesOf(fields) };
}

describe('PUT users/password-change', () => {
  it('refuses a new password outside 8-30 characters with the spec message', async () => {
    const cookie = await signIn(company.worker.username);
    for (const candidate of ['short7!', 'x'.repeat(31)]) {
      const fields = await fieldErrors(
        await putPassword(cookie, { oldPassword: testPassword, newPassword: candidate, confirmPassword: candidate }),
      );
      expect(fields.messages.newPassword).toEqual(['Password must be between 8 and 30 characters']);
      expect(fields.codes.newPassword).toEqual(['password.length']);
    }
  });

  it('refuses a confirmation that differs with "Passwords do not match"', async () => {
    const cookie = await signIn(company.worker.username);
    const fields = await fieldErrors(
      await putPassword(cookie, { oldPassword: testPassword, newPassword, confirmPassword: `${newPassword}x` }),
    );
    expect(fields.messages.confirmPassword).toEqual(['Passwords do not match']);
    expect(fields.codes.confirmPassword).toEqual(['password.mismatch']);
  });

  it('requires the old password', async () => {
    const cookie = await signIn(company.worker.username);
    const fields = await fieldErrors(await putPassword(cookie, { newPassword, confirmPassword: newPassword }));
    expect(fields.messages.oldPassword).toEqual(['Old password is required']);
    expect(fields.codes.oldPassword).toEqual(['validation.required']);
  });

  it("answers 404 'invalid password provided' to a wrong old password and keeps the old one", async () => {
    const user = await createUser(company.tenantId, { assignee: true });
    const cookie = await signIn(user.username);
    const response = await putPassword(cookie, { oldPassword: 'not-the-password', newPassword, confirmPassword: newPassword });
    expectError({ status: response.status, body: await response.json() }, 404, 'password.wrongCurrent', 'invalid password provided');
    await signIn(user.username, testPassword);
  });

  it('changes the password, keeps this caller signed in, ends the other sessions and clears first_login', async () => {
    const db = await getDb();
    const user = await createUser(company.tenantId, { assignee: true });
    await db.update(users).set({ firstLogin: true }).where(eq(users.id, user.id));
    const otherDevice = await signIn(user.username);
    const cookie = await signIn(user.username);

    const response = await putPassword(cookie, { oldPassword: testPassword, newPassword, confirmPassword: newPassword });
    expect(response.status, await response.clone().text()).toBe(200);
    const renewed = cookieHeader(response);
    expect(renewed).toContain('fieldops.session_token=');

    expect((await call(me, { cookie: renewed })).status, 'the caller stays signed in').toBe(200);
    expect((await call(me, { cookie: otherDevice })).status, 'another session has ended').toBe(401);
    expect(await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
    const [row] = await db.select({ firstLogin: users.firstLogin }).from(users).where(eq(users.id, user.id));
    expect(row.firstLogin).toBe(false);

    await signIn(user.username, newPassword);
    const { POST: login } = await import('@/app/api/web/login/route');
    const old = await call(login, { method: 'POST', json: { username: user.username, password: testPassword }, ip: freshIp() });
    expect(old.status, 'the old password no longer opens a session').toBe(401);
  });

  it('answers 401 without a session', async () => {
    expect((await putPassword('', { oldPassword: testPassword, newPassword, confirmPassword: newPassword })).status).toBe(401);
  });
});

describe('GET/PUT users/timezone', () => {
  it("answers the tenant's zone until the user picks one, then the user's", async () => {
    const db = await getDb();
    const user = await createUser(company.tenantId, { assignee: true });
    const cookie = await signIn(user.username);
    const [tenant] = await db.select({ timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.id, company.tenantId));
    expect(await callJson(getTimezone, { cookie })).toEqual({ status: 200, body: { timezone: tenant.timeZone } });

    const saved = await callJson(putTimezone, { method: 'PUT', json: { timezone: 'America/New_York' }, cookie });
    expect(saved).toEqual({ status: 200, body: { timezone: 'America/New_York' } });
    expect(await callJson(getTimezone, { cookie })).toEqual({ status: 200, body: { timezone: 'America/New_York' } });
    const [row] = await db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, user.id));
    expect(row.timeZone).toBe('America/New_York');
  });

  it("refuses a missing zone with 'Timezone required' and a name outside the IANA list", async () => {
    const cookie = await signIn(company.worker.username);
    const missing = await call(putTimezone, { method: 'PUT', json: {}, cookie });
    expect((await fieldErrors(missing)).messages.timezone).toEqual(['Timezone required']);
    const blank = await call(putTimezone, { method: 'PUT', json: { timezone: ' ' }, cookie });
    expect((await fieldErrors(blank)).codes.timezone).toEqual(['validation.required']);
    const unknown = await fieldErrors(await call(putTimezone, { method: 'PUT', json: { timezone: 'Mars/Olympus_Mons' }, cookie }));
    expect(unknown.messages.timezone).toEqual(['Unknown time zone']);
    expect(unknown.codes.timezone).toEqual(['profile.timezoneUnknown']);
  });
});

describe('PUT users/me', () => {
  it("saves the caller's own name, surname, phone and language, for a worker too", async () => {
    const user = await createUser(company.tenantId, { assignee: true });
    const cookie = await signIn(user.username);
    const json = { name: 'Ada', surname: 'Lovelace', phoneCountryCode: '+39', phone: '333 123 4567', preferredLanguage: 'it' };
    const saved = await callJson<Record<string, unknown>>(saveProfile, { method: 'PUT', json, cookie });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ ...json, username: user.username, assignee: true, owner: false });
  });

  it('requires name and surname and refuses an unknown dial code, a malformed phone and another language', async () => {
    const cookie = await signIn(company.worker.username);
    const response = await call(saveProfile, {
      method: 'PUT',
      json: { name: ' ', surname: '', phoneCountryCode: '+9999', phone: 'call me', preferredLanguage: 'de' },
      cookie,
    });
    const fields = await fieldErrors(response);
    expect(fields.messages).toMatchObject({
      name: ['Name is required'],
      surname: ['Surname is required'],
      phoneCountryCode: ['Unknown phone country code'],
      phone: ['Invalid phone number'],
    });
    expect(fields.codes).toEqual({
      name: ['validation.required'],
      surname: ['validation.required'],
      phoneCountryCode: ['profile.dialCodeUnknown'],
      phone: ['profile.phoneInvalid'],
      preferredLanguage: ['validation.option'],
    });
  });

  it('never changes roles or username, whatever the body carries', async () => {
    const user = await createUser(company.tenantId, { assignee: true });
    const cookie = await signIn(user.username);
    const saved = await callJson<Record<string, unknown>>(saveProfile, {
      method: 'PUT',
      json: { name: 'N', surname: 'S', preferredLanguage: 'en', owner: true, usersManager: true, username: 'x@y.test' },
      cookie,
    });
    expect(saved.body).toMatchObject({ owner: false, usersManager: false, username: user.username, phone: null });
  });
});
