import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as listUsers, POST as createUser } from '@/app/api/web/users/route';
import { DELETE as deleteUser, GET as getUser, PUT as updateUser } from '@/app/api/web/users/[id]/route';
import { GET as me } from '@/app/api/web/users/me/route';
import { PUT as updateMultiUser } from '@/app/api/web/users/update-multi-user/route';
import { sessions, users } from '@/db/schema';
import { codesOf, messagesOf } from '@/lib/contract/errors';
import type { UserView } from '@/lib/contract/user-admin';
import type { UserListItem } from '@/lib/contract/users';
import { getDb } from '@/lib/server/core/db';
import { createUser as createTestUser } from './setup/fixtures';
import { call, signIn } from './setup/http';
import { expectError, expectOk } from './reference/helpers';
import { del, newUserBody, post, putAdmin, putBulk, usersCompany, type UsersCompany } from './users-admin-fixture';

let a: UsersCompany;
let bare: UsersCompany;

beforeAll(async () => {
  [a, bare] = await Promise.all([usersCompany(), usersCompany([])]);
});

const db = () => getDb();
const sessionCount = async (userId: number) => (await (await db()).select().from(sessions).where(eq(sessions.userId, userId))).length;
const meStatus = async (cookie: string) => (await call(me, { cookie, path: '/api/web/users/me' })).status;

/** A worker created through the API with a skill and a zone, and signed in with a session of their own. */
async function signedInWorker() {
  const worker = await createTestUser(a.tenantId, { assignee: true });
  await expectOk<UserView>(updateUser, putAdmin(a.cookies.usersManager, worker.id, { name: 'Ugo', surname: 'Fabbri', assignee: true, skills: [{ skillId: a.skills.welding }], zones: [{ zoneId: a.zones.north }] }));
  const cookie = await signIn(worker.username);
  return { ...worker, cookie };
}

describe('PUT users/{id}?admin=true', () => {
  it('saves the whole form; skills, zones and template left out stay as they are', async () => {
    const created = await expectOk<UserView>(createUser, post(a.cookies.usersManager, newUserBody({ skills: [{ skillId: a.skills.welding }], zones: [{ zoneId: a.zones.north }], workingHoursTemplateId: a.template })));
    const saved = await expectOk<UserView>(
      updateUser,
      putAdmin(a.cookies.usersManager, created.id, { username: created.username.toUpperCase(), name: 'Nora', surname: 'Bassi', phoneCountryCode: '+33', phone: '1 23 45 67 89', preferredLanguage: 'fr', assignee: true, billingManager: true }),
    );
    expect(saved).toMatchObject({
      username: created.username,
      name: 'Nora',
      surname: 'Bassi',
      phoneCountryCode: '+33',
      preferredLanguage: 'fr',
      billingManager: true,
      assignee: true,
      skills: [{ skillId: a.skills.welding }],
      zones: [{ zoneId: a.zones.north, userId: created.id }],
      workingHoursTemplateId: a.template,
    });
    const replaced = await expectOk<UserView>(
      updateUser,
      putAdmin(a.cookies.usersManager, created.id, { name: 'Nora', surname: 'Bassi', assignee: true, skills: [{ skillId: a.skills.wiring }], zones: [], workingHoursTemplateId: null }),
    );
    expect(replaced).toMatchObject({ skills: [{ skillId: a.skills.wiring }], zones: [], workingHoursTemplateId: null, phone: null, preferredLanguage: 'en' });
  });

  it('refuses a changed username with 400; the username is read-only after creation', async () => {
    const created = await expectOk<UserView>(createUser, post(a.cookies.usersManager, newUserBody()));
    const error = await expectError(updateUser, putAdmin(a.cookies.usersManager, created.id, { username: 'other@example.test', name: 'N', surname: 'M' }), 400, 'request.invalid');
    expect(messagesOf(error.fields)).toEqual({ username: ['The username cannot be changed.'] });
    expect(codesOf(error.fields)).toEqual({ username: ['user.usernameReadOnly'] });
  });

  it('unchecking assignee clears the user’s zones', async () => {
    const created = await expectOk<UserView>(createUser, post(a.cookies.usersManager, newUserBody({ zones: [{ zoneId: a.zones.north }] })));
    const saved = await expectOk<UserView>(updateUser, putAdmin(a.cookies.usersManager, created.id, { name: 'N', surname: 'M', assignee: false, tasksManager: true }));
    expect(saved).toMatchObject({ assignee: false, tasksManager: true, zones: [] });
  });

  it('lets only an owner change an owner or the owner role', async () => {
    await expectError(updateUser, putAdmin(a.cookies.usersManager, a.ownerId, { name: 'Boss', surname: 'Owner', owner: true }), 403, 'user.ownerOnly');
    const worker = await createTestUser(a.tenantId, { assignee: true });
    await expectError(updateUser, putAdmin(a.cookies.usersManager, worker.id, { name: 'W', surname: 'K', owner: true }), 403, 'user.ownerOnly');
    const promoted = await expectOk<UserView>(updateUser, putAdmin(a.cookies.owner, worker.id, { name: 'W', surname: 'K', owner: true }));
    expect(promoted.owner).toBe(true);
  });

  it('refuses feature-bound fields with FEATURE_DISABLED while their feature is off', async () => {
    const worker = await createTestUser(bare.tenantId, { assignee: true });
    for (const field of [{ skills: [] }, { zones: [] }, { workingHoursTemplateId: null }]) {
      await expectError(updateUser, putAdmin(bare.cookies.usersManager, worker.id, { name: 'W', surname: 'K', assignee: true, ...field }), 403, 'tenant.featureDisabled');
    }
    await expectOk<UserView>(updateUser, putAdmin(bare.cookies.usersManager, worker.id, { name: 'W', surname: 'K', assignee: true }));
  });

  it('deactivating ends the user’s sessions: their signed-in browser then gets 401', async () => {
    const worker = await signedInWorker();
    expect(await meStatus(worker.cookie)).toBe(200);
    expect(await sessionCount(worker.id)).toBe(1);
    const saved = await expectOk<UserView>(updateUser, putAdmin(a.cookies.usersManager, worker.id, { name: 'Ugo', surname: 'Fabbri', assignee: true, active: false }));
    expect(saved.active).toBe(false);
    expect(await sessionCount(worker.id)).toBe(0);
    expect(await meStatus(worker.cookie)).toBe(401);
    const rows = await expectOk<UserListItem[]>(listUsers, { cookie: a.cookies.usersManager });
    expect(rows.find((row) => row.id === worker.id)?.active).toBe(false);
  });

  it('refuses to deactivate oneself', async () => {
    const error = await expectError(updateUser, putAdmin(a.cookies.owner, a.ownerId, { name: 'Test', surname: 'User', owner: true, active: false }), 422, 'user.notYourself');
    expect(error.message).toBe('You cannot deactivate or delete yourself.');
  });
});

describe('DELETE users/{id}', () => {
  it('soft-deletes the user: gone from the list and GET, row kept, sessions ended', async () => {
    const worker = await signedInWorker();
    await expectOk<{ id: number }>(deleteUser, del(a.cookies.usersManager, worker.id));
    const [row] = await (await db()).select({ deleted: users.deleted }).from(users).where(eq(users.id, worker.id));
    expect(row.deleted).toBeInstanceOf(Date);
    expect(await sessionCount(worker.id)).toBe(0);
    expect(await meStatus(worker.cookie)).toBe(401);
    const rows = await expectOk<UserListItem[]>(listUsers, { cookie: a.cookies.usersManager });
    expect(rows.map((user) => user.id)).not.toContain(worker.id);
    await expectError(getUser, { cookie: a.cookies.usersManager, params: { id: worker.id } }, 404, 'user.notFound');
    await expectError(deleteUser, del(a.cookies.usersManager, worker.id), 404, 'user.notFound');
  });

  it('refuses to delete oneself, and a users manager may not delete an owner', async () => {
    await expectError(deleteUser, del(a.cookies.owner, a.ownerId), 422, 'user.notYourself');
    await expectError(deleteUser, del(a.cookies.usersManager, a.ownerId), 403, 'user.ownerOnly');
  });
});

describe('PUT users/update-multi-user?admin=true (edit multiple users)', () => {
  it('sets every given field on every listed user, replaces skills, gives zones to assignees only, and ends sessions of the deactivated', async () => {
    const worker = await signedInWorker();
    const manager = await createTestUser(a.tenantId, { billingManager: true });
    const ids = [worker.id, manager.id];
    const rows = await expectOk<UserListItem[]>(
      updateMultiUser,
      putBulk(a.cookies.usersManager, { userIds: ids, active: false, tasksManager: true, skills: [{ skillId: a.skills.wiring }], zones: [{ zoneId: a.zones.south }], workingHoursTemplateId: a.template }),
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(worker.id)).toMatchObject({ active: false, roles: ['tasksManager', 'assignee'], skills: [{ id: a.skills.wiring, name: 'Wiring' }], zones: [{ id: a.zones.south, name: 'South' }], workingHoursTemplateName: 'Full time' });
    expect(byId.get(manager.id)).toMatchObject({ active: false, roles: ['tasksManager', 'billingManager'], skills: [{ id: a.skills.wiring, name: 'Wiring' }], zones: [] });
    expect(await meStatus(worker.cookie)).toBe(401);
  });

  it('changes nobody when one id is unknown or deleted, and answers 404', async () => {
    const worker = await createTestUser(a.tenantId, { assignee: true });
    const gone = await createTestUser(a.tenantId, { assignee: true, deleted: new Date() });
    for (const intruder of [2_000_000_000, gone.id]) {
      const error = await expectError(updateMultiUser, putBulk(a.cookies.usersManager, { userIds: [worker.id, intruder], active: false }), 404, 'user.someNotFound');
      expect(error.message).toBe('One or more users were not found.');
    }
    const [row] = await (await db()).select({ active: users.active }).from(users).where(inArray(users.id, [worker.id]));
    expect(row.active).toBe(true);
  });

  it('answers 400 when nothing is to change, 403 to other roles, FEATURE_DISABLED for skills while off, and keeps the template-only payload', async () => {
    const worker = await createTestUser(a.tenantId, { assignee: true });
    const error = await expectError(updateMultiUser, putBulk(a.cookies.usersManager, { userIds: [worker.id] }), 400, 'request.invalid');
    expect(messagesOf(error.fields)).toEqual({ _: ['Choose at least one change.'] });
    expect(codesOf(error.fields)).toEqual({ _: ['user.nothingToChange'] });
    for (const cookie of [a.cookies.tasksManager, a.cookies.billingManager, a.cookies.worker]) {
      await expectError(updateMultiUser, putBulk(cookie, { userIds: [worker.id], active: true }), 403, 'auth.forbidden');
    }
    const bareWorker = await createTestUser(bare.tenantId, { assignee: true });
    await expectError(updateMultiUser, putBulk(bare.cookies.usersManager, { userIds: [bareWorker.id], skills: [] }), 403, 'tenant.featureDisabled');
    await expectOk<UserListItem[]>(updateMultiUser, putBulk(bare.cookies.usersManager, { userIds: [bareWorker.id], preferredLanguage: 'es' }));
    // Without ?admin=true the call is the working-template screen's, unchanged.
    const rows = await expectOk<UserListItem[]>(updateMultiUser, {
      method: 'PUT',
      cookie: a.cookies.usersManager,
      json: { userIds: [worker.id], workingHoursTemplateId: a.template },
      path: '/api/web/users/update-multi-user',
    });
    expect(rows[0].workingHoursTemplateName).toBe('Full time');
  });
});
