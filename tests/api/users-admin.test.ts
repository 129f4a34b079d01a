import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as listUsers, POST as createUser } from '@/app/api/web/users/route';
import { DELETE as deleteUser, GET as getUser, PUT as updateUser } from '@/app/api/web/users/[id]/route';
import { accounts, users } from '@/db/schema';
import { codesOf, messagesOf } from '@/lib/contract/errors';
import type { UserView } from '@/lib/contract/user-admin';
import type { UserListItem } from '@/lib/contract/users';
import { getDb } from '@/lib/server/core/db';
import { createUser as createTestUser } from './setup/fixtures';
import { expectTenantIsolation, signIn } from './setup/http';
import { expectError, expectOk, forbiddenMessage } from './reference/helpers';
import { freshUsername, lastMailTo, newUserBody, post, putAdmin, usersCompany, type UsersCompany } from './users-admin-fixture';

let a: UsersCompany;
let b: UsersCompany;
let bare: UsersCompany;

beforeAll(async () => {
  [a, b, bare] = await Promise.all([usersCompany(), usersCompany(), usersCompany([])]);
});

/** The first-login password as the welcome e-mail states it: the line's 16 characters of the password alphabet. */
const passwordIn = (body: string) => /: ([A-HJ-NP-Za-km-z2-9]{16})$/m.exec(body)?.[1];

describe('POST users', () => {
  it('creates the user with first_login set, e-mails a working first-login password in their language, and answers the user', async () => {
    const username = freshUsername('Worker');
    const created = await expectOk<UserView>(
      createUser,
      post(a.cookies.usersManager, {
        username,
        name: ' Nina ',
        surname: 'Marino',
        phoneCountryCode: '+39',
        phone: '333 123 4567',
        preferredLanguage: 'it',
        assignee: true,
        skills: [{ skillId: a.skills.welding }],
        zones: [{ zoneId: a.zones.north }],
        workingHoursTemplateId: a.template,
      }),
    );
    expect(created).toMatchObject({
      username: username.toLowerCase(),
      name: 'Nina',
      surname: 'Marino',
      phoneCountryCode: '+39',
      phone: '333 123 4567',
      preferredLanguage: 'it',
      assignee: true,
      owner: false,
      tasksManager: false,
      active: true,
      firstLogin: true,
      workingHoursTemplateId: a.template,
      skills: [{ skillId: a.skills.welding }],
      zones: [{ zoneId: a.zones.north, userId: created.id }],
    });

    const mail = await lastMailTo(a.tenantId, username.toLowerCase());
    expect(mail).toMatchObject({ channel: 'EMAIL', status: 'PENDING' });
    expect(mail.body).toContain('Password temporanea');
    // The password goes out in the delivered body only; the outbox's own body shows it masked.
    const password = passwordIn(mail.secretBody ?? '');
    expect(password).toBeDefined();
    // The password is stored hashed, never as written in the mail, and it signs the user in.
    const db = await getDb();
    const [account] = await db.select({ password: accounts.password }).from(accounts).where(eq(accounts.userId, created.id));
    expect(account.password).not.toContain(password);
    const cookie = await signIn(username, password);
    expect(cookie).toContain('session');
  });

  it('writes the welcome e-mail in English when no language is chosen', async () => {
    const body = newUserBody();
    await expectOk<UserView>(createUser, post(a.cookies.usersManager, body));
    const mail = await lastMailTo(a.tenantId, body.username);
    expect(mail.body).toContain('Temporary password');
  });

  it('answers 400 with the spec’s messages for missing or wrong fields', async () => {
    const empty = await expectError(createUser, post(a.cookies.usersManager, {}), 400, 'request.invalid');
    expect(messagesOf(empty.fields)).toMatchObject({
      username: ['Username is required.'],
      name: ['Name is required.'],
      surname: ['Surname is required.'],
    });
    expect(codesOf(empty.fields)).toMatchObject({ username: ['validation.required'], name: ['validation.required'], surname: ['validation.required'] });
    const wrong = await expectError(
      createUser,
      post(a.cookies.usersManager, { username: 'not-an-email', name: ' ', surname: 'X', phoneCountryCode: '+999', phone: 'call me', preferredLanguage: 'de' }),
      400,
      'request.invalid',
    );
    expect(messagesOf(wrong.fields)).toEqual({
      username: ['Invalid email address provided.'],
      name: ['Name is required.'],
      phoneCountryCode: ['Choose a phone country code from the list.'],
      phone: ['Use digits, spaces and - ( ) . only.'],
      preferredLanguage: ['Choose one of the offered languages.'],
    });
    expect(codesOf(wrong.fields)).toEqual({
      username: ['validation.email'],
      name: ['validation.required'],
      phoneCountryCode: ['user.phoneCountryCodeInvalid'],
      phone: ['user.phoneInvalid'],
      preferredLanguage: ['validation.option'],
    });
    const zonesWithoutAssignee = await expectError(
      createUser,
      post(a.cookies.usersManager, newUserBody({ assignee: false, zones: [{ zoneId: a.zones.north }] })),
      400,
      'request.invalid',
    );
    expect(messagesOf(zonesWithoutAssignee.fields)).toEqual({ zones: ['Only an assignee can have zones.'] });
    expect(codesOf(zonesWithoutAssignee.fields)).toEqual({ zones: ['user.zonesOnlyForAssignees'] });
  });

  it('refuses a skill or zone of another tenant as unknown, and creates nobody', async () => {
    const body = newUserBody({ skills: [{ skillId: a.skills.wiring }, { skillId: b.skills.welding }], zones: [{ zoneId: b.zones.north }] });
    const error = await expectError(createUser, post(a.cookies.usersManager, body), 400, 'request.invalid');
    expect(messagesOf(error.fields)).toEqual({ 'skills.1.skillId': ['Unknown skill.'] });
    expect(codesOf(error.fields)).toEqual({ 'skills.1.skillId': ['user.unknownSkill'] });
    const zoneError = await expectError(createUser, post(a.cookies.usersManager, newUserBody({ zones: [{ zoneId: b.zones.north }] })), 400, 'request.invalid');
    expect(messagesOf(zoneError.fields)).toEqual({ 'zones.0.zoneId': ['Unknown zone.'] });
    expect(codesOf(zoneError.fields)).toEqual({ 'zones.0.zoneId': ['user.unknownZone'] });
    const db = await getDb();
    expect(await db.select().from(users).where(eq(users.username, body.username))).toEqual([]);
  });

  it('answers 409 "could not save, already exists" for a username taken in any case, in this company or another', async () => {
    const username = freshUsername('dup');
    await expectOk<UserView>(createUser, post(a.cookies.usersManager, newUserBody({ username })));
    const sameCompany = await expectError(createUser, post(a.cookies.usersManager, newUserBody({ username: username.toUpperCase() })), 409, 'user.usernameTaken');
    expect(sameCompany.message).toBe('could not save, already exists');
    await expectError(createUser, post(b.cookies.usersManager, newUserBody({ username: ` ${username} ` })), 409, 'user.usernameTaken');
  });

  it('lets only an owner grant the owner role', async () => {
    const refused = await expectError(createUser, post(a.cookies.usersManager, newUserBody({ owner: true })), 403, 'user.ownerOnly');
    expect(refused.message).toBe('Only an owner may grant or remove the owner role, or change an owner.');
    const granted = await expectOk<UserView>(createUser, post(a.cookies.owner, newUserBody({ owner: true })));
    expect(granted.owner).toBe(true);
  });

  it('refuses skills, zones and a template with FEATURE_DISABLED while their feature is off, and saves without them', async () => {
    for (const field of [{ skills: [] }, { zones: [] }, { workingHoursTemplateId: null }]) {
      await expectError(createUser, post(bare.cookies.usersManager, newUserBody(field)), 403, 'tenant.featureDisabled');
    }
    await expectOk<UserView>(createUser, post(bare.cookies.usersManager, newUserBody()));
  });
});

describe('the users calls answer 403 to every role but users manager', () => {
  it('refuses a tasks manager, a billing manager and a worker on list, create, update and delete', async () => {
    const target = a.ownerId;
    for (const cookie of [a.cookies.tasksManager, a.cookies.billingManager, a.cookies.worker]) {
      expect((await expectError(listUsers, { cookie }, 403, 'auth.forbidden')).message).toBe(forbiddenMessage);
      await expectError(createUser, post(cookie, newUserBody()), 403, 'auth.forbidden');
      await expectError(updateUser, putAdmin(cookie, target, { name: 'X', surname: 'Y' }), 403, 'auth.forbidden');
      await expectError(deleteUser, { method: 'DELETE', cookie, params: { id: target } }, 403, 'auth.forbidden');
    }
    await expectError(getUser, { cookie: a.cookies.worker, params: { id: target } }, 403, 'auth.forbidden');
    await expectError(getUser, { cookie: a.cookies.billingManager, params: { id: target } }, 403, 'auth.forbidden');
  });
});

describe('GET users and GET users/{id}', () => {
  it('list rows carry the phone code, live skills and zones by name, and the template name; deleted users are hidden', async () => {
    const created = await expectOk<UserView>(
      createUser,
      post(a.cookies.usersManager, newUserBody({ phoneCountryCode: '+44', phone: '20 7946 0000', skills: [{ skillId: a.skills.wiring }, { skillId: a.skills.welding }], zones: [{ zoneId: a.zones.south }], workingHoursTemplateId: a.template })),
    );
    const gone = await createTestUser(a.tenantId, { assignee: true, deleted: new Date() });
    const rows = await expectOk<UserListItem[]>(listUsers, { cookie: a.cookies.usersManager });
    expect(rows.find((row) => row.id === created.id)).toMatchObject({
      phoneCountryCode: '+44',
      phone: '20 7946 0000',
      roles: ['assignee'],
      skills: [
        { id: a.skills.welding, name: 'Welding' },
        { id: a.skills.wiring, name: 'Wiring' },
      ],
      zones: [{ id: a.zones.south, name: 'South', color: '#3db389' }],
      workingHoursTemplateName: 'Full time',
    });
    expect(rows.map((row) => row.id)).not.toContain(gone.id);
    const one = await expectOk<UserView>(getUser, { cookie: a.cookies.usersManager, params: { id: created.id } });
    expect(one.skills).toEqual([{ skillId: Math.min(a.skills.welding, a.skills.wiring) }, { skillId: Math.max(a.skills.welding, a.skills.wiring) }]);
    await expectError(getUser, { cookie: a.cookies.usersManager, params: { id: gone.id } }, 404, 'user.notFound');
  });

  it('answers 404 to another tenant’s user id on GET, PUT and DELETE', async () => {
    const victim = await createTestUser(b.tenantId, { assignee: true });
    await expectTenantIsolation({ handler: getUser, params: { id: victim.id }, otherTenantCookie: a.cookies.usersManager, ownerCookie: b.cookies.usersManager });
    await expectTenantIsolation({
      handler: updateUser,
      method: 'PUT',
      path: `/api/web/users/${victim.id}?admin=true`,
      params: { id: victim.id },
      json: { name: 'Renamed', surname: 'User', assignee: true },
      otherTenantCookie: a.cookies.usersManager,
      ownerCookie: b.cookies.usersManager,
    });
    await expectTenantIsolation({
      handler: deleteUser,
      method: 'DELETE',
      path: `/api/web/users/${victim.id}`,
      params: { id: victim.id },
      otherTenantCookie: a.cookies.usersManager,
      ownerCookie: b.cookies.usersManager,
    });
  });
});
