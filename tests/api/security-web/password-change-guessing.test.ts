import { beforeAll, describe, expect, it } from 'vitest';
import { PUT as changePassword } from '@/app/api/web/users/password-change/route';
import { passwordChangeLimit } from '@/lib/server/people/users/password-change';
import { createCompany, createUser, testPassword } from '../setup/fixtures';
import { call, cookieHeader, signIn } from '../setup/http';

let company: Awaited<ReturnType<typeof createCompany>>;

beforeAll(async () => {
  company = await createCompany();
});

const newPassword = 'brand-new-pass-1';

const putPassword = (cookie: string, oldPassword: string, password = newPassword) =>
  call(changePassword, {
    method: 'PUT',
    path: '/api/web/users/password-change',
    json: { oldPassword, newPassword: password, confirmPassword: password },
    cookie,
  });

describe('PUT users/password-change, guessing the old password', () => {
  it('answers 429 with the sign-in\'s words after 5 wrong old passwords in 15 minutes, to the right one too, and keeps the password', async () => {
    expect(passwordChangeLimit).toEqual({ limit: 5, windowMs: 15 * 60_000 });
    const user = await createUser(company.tenantId, { assignee: true });
    const cookie = await signIn(user.username);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < passwordChangeLimit.limit; attempt++) {
      statuses.push((await putPassword(cookie, `guess-${attempt}`)).status);
    }
    expect(statuses).toEqual(Array(passwordChangeLimit.limit).fill(404));
    const refused = await putPassword(cookie, testPassword);
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as { error: { code: string; message: string } };
    expect(body.error).toMatchObject({ code: 'request.rateLimited', message: 'Too many attempts. Please wait a few minutes and try again.' });
    await signIn(user.username, testPassword);
  });

  it('lets the right old password through before the limit and forgets the wrong ones before it', async () => {
    const user = await createUser(company.tenantId, { assignee: true });
    const cookie = await signIn(user.username);
    for (let attempt = 0; attempt < passwordChangeLimit.limit - 1; attempt++) {
      expect((await putPassword(cookie, `typo-${attempt}`)).status).toBe(404);
    }
    const changed = await putPassword(cookie, testPassword);
    expect(changed.status, await changed.clone().text()).toBe(200);
    const renewed = cookieHeader(changed);
    for (let attempt = 0; attempt < passwordChangeLimit.limit - 1; attempt++) {
      expect((await putPassword(renewed, `typo-${attempt}`, 'another-pass-2')).status).toBe(404);
    }
    expect((await putPassword(renewed, newPassword, 'another-pass-2')).status).toBe(200);
  });
});
