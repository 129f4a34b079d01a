import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as listUsers } from '@/app/api/web/users/route';
import { GET as getUser, PUT as updateUser } from '@/app/api/web/users/[id]/route';
import { PUT as updateMultiUser } from '@/app/api/web/users/update-multi-user/route';
import { users, workingHoursTemplates } from '@/db/schema';
import { codesOf, messagesOf } from '@/lib/contract/errors';
import { Feature } from '@/lib/contract/features';
import type { UserListItem } from '@/lib/contract/users';
import { getDb } from '@/lib/server/core/db';
import { loadCtx } from '@/lib/server/core/ctx';
import { templateChoices } from '@/lib/server/people/users/working-template';
import { createUser, type TestUser } from '../setup/fixtures';
import { expectTenantIsolation } from '../setup/http';
import { companyWithSessions, expectError, expectOk } from '../reference/helpers';

/** A company with feature 2, three templates (one deleted) and workers in every state the lists must tell apart. */
async function assignmentCompany(features: number[] = [Feature.workingHours]) {
  const db = await getDb();
  const company = await companyWithSessions(features);
  const { tenantId } = company;
  const [fullTime, mornings, retired] = await db
    .insert(workingHoursTemplates)
    .values([
      { tenantId, name: 'Full time' },
      { tenantId, name: 'Mornings' },
      { tenantId, name: 'Retired', deleted: new Date() },
    ])
    .returning({ id: workingHoursTemplates.id });
  const [anna, bruno, carla, deactivated, deleted, manager] = await Promise.all([
    createUser(tenantId, { assignee: true }),
    createUser(tenantId, { assignee: true }),
    createUser(tenantId, { assignee: true, tasksManager: true }),
    createUser(tenantId, { assignee: true, active: false }),
    createUser(tenantId, { assignee: true, deleted: new Date() }),
    createUser(tenantId, { billingManager: true }),
  ]);
  await db.update(users).set({ name: 'Anna', surname: 'Verdi', preferredLanguage: 'it', phone: '3331234567' }).where(eq(users.id, anna.id));
  await db.update(users).set({ name: 'Bruno', surname: 'Neri', workingHoursTemplateId: mornings.id }).where(eq(users.id, bruno.id));
  await db.update(users).set({ name: 'Carla', surname: 'Rossi' }).where(eq(users.id, carla.id));
  return {
    ...company,
    templates: { fullTime: fullTime.id, mornings: mornings.id, retired: retired.id },
    workers: { anna, bruno, carla, deactivated, deleted },
    manager,
  };
}
type AssignmentCompany = Awaited<ReturnType<typeof assignmentCompany>>;

let a: AssignmentCompany;
let b: AssignmentCompany;
let featureOff: AssignmentCompany;

beforeAll(async () => {
  [a, b, featureOff] = await Promise.all([assignmentCompany(), assignmentCompany(), assignmentCompany([])]);
});

const templateOf = async (ids: number[]) => {
  const db = await getDb();
  const rows = await db.select({ id: users.id, template: users.workingHoursTemplateId }).from(users).where(inArray(users.id, ids));
  return Object.fromEntries(rows.map((row) => [row.id, row.template]));
};

const putUser = (cookie: string, user: TestUser | number, json: unknown) => ({
  method: 'PUT',
  cookie,
  params: { id: typeof user === 'number' ? user : user.id },
  json,
  path: `/api/web/users/${typeof user === 'number' ? user : user.id}`,
});
const putMany = (cookie: string, json: unknown) => ({ method: 'PUT', cookie, json, path: '/api/web/users/update-multi-user' });

describe('GET users (the working-template screen asks for active assignees)', () => {
  it('lists active, non-deleted assignees with their roles and the name of their template', async () => {
    const rows = await expectOk<UserListItem[]>(listUsers, { cookie: a.cookies.usersManager, query: { assignee: 'true', active: 'true' } });
    const ids = rows.map((row) => row.id);
    expect(ids).not.toContain(a.workers.deactivated.id);
    expect(ids).not.toContain(a.workers.deleted.id);
    expect(ids).not.toContain(a.manager.id);
    expect(rows.find((row) => row.id === a.workers.anna.id)).toEqual({
      id: a.workers.anna.id,
      username: a.workers.anna.username,
      name: 'Anna',
      surname: 'Verdi',
      preferredLanguage: 'it',
      phone: '3331234567',
      phoneCountryCode: null,
      roles: ['assignee'],
      skills: [],
      zones: [],
      active: true,
      profilePictureId: null,
      workingHoursTemplateId: null,
      workingHoursTemplateName: null,
    });
    expect(rows.find((row) => row.id === a.workers.bruno.id)).toMatchObject({
      workingHoursTemplateId: a.templates.mornings,
      workingHoursTemplateName: 'Mornings',
    });
    expect(rows.find((row) => row.id === a.workers.carla.id)?.roles).toEqual(['tasksManager', 'assignee']);
    expect(rows.every((row) => row.roles.includes('assignee') && row.active)).toBe(true);
  });

  it('without a query lists every non-deleted user of the tenant, deactivated and managers included, and no other tenant', async () => {
    const rows = await expectOk<UserListItem[]>(listUsers, { cookie: a.cookies.owner });
    const ids = rows.map((row) => row.id);
    expect(ids).toEqual(expect.arrayContaining([a.workers.deactivated.id, a.manager.id, a.ownerId]));
    expect(ids).not.toContain(a.workers.deleted.id);
    expect(ids).not.toContain(b.workers.anna.id);
    await expectError(listUsers, { cookie: a.cookies.owner, query: { active: 'yes' } }, 400, 'request.invalid');
  });

  it('answers 403 to a tasks manager, a billing manager and a worker', async () => {
    for (const cookie of [a.cookies.tasksManager, a.cookies.billingManager, a.cookies.worker]) {
      await expectError(listUsers, { cookie }, 403, 'auth.forbidden');
    }
  });
});

describe('PUT users/{id} (one worker’s template)', () => {
  it('assigns a template, answers the worker’s row with the template name, and null clears it', async () => {
    const { anna } = a.workers;
    const assigned = await expectOk<UserListItem>(updateUser, putUser(a.cookies.usersManager, anna, { workingHoursTemplateId: a.templates.fullTime }));
    expect(assigned).toMatchObject({ id: anna.id, workingHoursTemplateId: a.templates.fullTime, workingHoursTemplateName: 'Full time' });
    const read = await expectOk<{ workingHoursTemplateId: number | null }>(getUser, { cookie: a.cookies.usersManager, params: { id: anna.id } });
    expect(read.workingHoursTemplateId).toBe(a.templates.fullTime);
    const cleared = await expectOk<UserListItem>(updateUser, putUser(a.cookies.owner, anna, { workingHoursTemplateId: null }));
    expect(cleared).toMatchObject({ workingHoursTemplateId: null, workingHoursTemplateName: null });
    expect(await templateOf([anna.id])).toEqual({ [anna.id]: null });
  });

  it('answers 404 for a template that does not exist or belongs to another tenant, and 422 for a deleted one', async () => {
    const { carla } = a.workers;
    for (const templateId of [2_000_000_000, b.templates.fullTime]) {
      const error = await expectError(updateUser, putUser(a.cookies.usersManager, carla, { workingHoursTemplateId: templateId }), 404, 'user.templateNotFound');
      expect(error.message).toBe('Working template not found.');
    }
    const deleted = await expectError(updateUser, putUser(a.cookies.usersManager, carla, { workingHoursTemplateId: a.templates.retired }), 422, 'user.templateDeleted');
    expect(messagesOf(deleted.fields)).toEqual({ workingHoursTemplateId: ['The working template has been deleted.'] });
    expect(codesOf(deleted.fields)).toEqual({ workingHoursTemplateId: ['user.templateDeleted'] });
    expect(await templateOf([carla.id])).toEqual({ [carla.id]: null });
  });

  it('answers 404 for a deactivated, deleted, non-assignee or unknown user, and changes none of them', async () => {
    const { deactivated, deleted } = a.workers;
    for (const user of [deactivated, deleted, a.manager, 2_000_000_000]) {
      const error = await expectError(updateUser, putUser(a.cookies.usersManager, user, { workingHoursTemplateId: a.templates.fullTime }), 404, 'user.notFound');
      expect(error.message).toBe('User not found.');
    }
    expect(await templateOf([deactivated.id, deleted.id, a.manager.id])).toEqual({ [deactivated.id]: null, [deleted.id]: null, [a.manager.id]: null });
  });

  it('answers 400 without workingHoursTemplateId, with a string id, or with any other field', async () => {
    for (const json of [{}, { workingHoursTemplateId: String(a.templates.fullTime) }, { workingHoursTemplateId: null, name: 'Renamed' }]) {
      await expectError(updateUser, putUser(a.cookies.usersManager, a.workers.carla, json), 400, 'request.invalid');
    }
  });

  it('answers 403 to a tasks manager only, and FEATURE_DISABLED when working hours are off', async () => {
    await expectError(updateUser, putUser(a.cookies.tasksManager, a.workers.carla, { workingHoursTemplateId: null }), 403, 'auth.forbidden');
    await expectError(updateUser, putUser(featureOff.cookies.owner, featureOff.workers.anna, { workingHoursTemplateId: null }), 403, 'tenant.featureDisabled');
  });

  it('answers 404 to another tenant for its worker, exactly like a missing id', async () => {
    await expectTenantIsolation({
      handler: updateUser,
      method: 'PUT',
      path: `/api/web/users/${b.workers.carla.id}`,
      params: { id: b.workers.carla.id },
      json: { workingHoursTemplateId: null },
      otherTenantCookie: a.cookies.owner,
      ownerCookie: b.cookies.owner,
    });
    await expectTenantIsolation({
      handler: getUser,
      params: { id: b.workers.carla.id },
      otherTenantCookie: a.cookies.usersManager,
      ownerCookie: b.cookies.usersManager,
    });
  });
});

describe('PUT users/update-multi-user (one template for several workers)', () => {
  it('assigns the template to every listed worker and answers their rows', async () => {
    const ids = [a.workers.anna.id, a.workers.bruno.id, a.workers.carla.id];
    const rows = await expectOk<UserListItem[]>(updateMultiUser, putMany(a.cookies.usersManager, { workingHoursTemplateId: a.templates.fullTime, userIds: ids }));
    expect(rows.map((row) => [row.id, row.workingHoursTemplateName]).sort()).toEqual(ids.map((id) => [id, 'Full time']).sort());
    expect(await templateOf(ids)).toEqual(Object.fromEntries(ids.map((id) => [id, a.templates.fullTime])));
  });

  it('refuses a body without a template or without users, with the spec’s rule as the message', async () => {
    const noTemplate = await expectError(updateMultiUser, putMany(a.cookies.usersManager, { userIds: [a.workers.anna.id] }), 400, 'request.invalid');
    expect(messagesOf(noTemplate.fields)).toEqual({ workingHoursTemplateId: ['A working template is required.'] });
    expect(codesOf(noTemplate.fields)).toEqual({ workingHoursTemplateId: ['validation.required'] });
    const nullTemplate = await expectError(updateMultiUser, putMany(a.cookies.usersManager, { workingHoursTemplateId: null, userIds: [a.workers.anna.id] }), 400, 'request.invalid');
    expect(messagesOf(nullTemplate.fields)).toEqual({ workingHoursTemplateId: ['A working template is required.'] });
    for (const userIds of [[], undefined]) {
      const noUsers = await expectError(updateMultiUser, putMany(a.cookies.usersManager, { workingHoursTemplateId: a.templates.mornings, userIds }), 400, 'request.invalid');
      expect(messagesOf(noUsers.fields)).toEqual({ userIds: ['Select at least one user.'] });
      expect(codesOf(noUsers.fields)).toEqual({ userIds: [userIds ? 'validation.tooFewItems' : 'validation.required'] });
    }
  });

  it('changes nobody when one id is unknown, of another tenant, deactivated or not a worker, and names none of them', async () => {
    const db = await getDb();
    await db.update(users).set({ workingHoursTemplateId: a.templates.mornings }).where(inArray(users.id, [a.workers.anna.id, a.workers.bruno.id]));
    for (const intruder of [2_000_000_000, b.workers.anna.id, a.workers.deactivated.id, a.workers.deleted.id, a.manager.id]) {
      const error = await expectError(
        updateMultiUser,
        putMany(a.cookies.usersManager, { workingHoursTemplateId: a.templates.fullTime, userIds: [a.workers.anna.id, intruder, a.workers.bruno.id] }),
        404,
        'user.someNotFound',
      );
      expect(error.message).toBe('One or more users were not found.');
      // The request id is a random UUID that may hold the digits by chance; everything else must not name the id.
      expect(JSON.stringify({ ...error, requestId: undefined })).not.toContain(String(intruder));
    }
    expect(await templateOf([a.workers.anna.id, a.workers.bruno.id, b.workers.anna.id])).toEqual({
      [a.workers.anna.id]: a.templates.mornings,
      [a.workers.bruno.id]: a.templates.mornings,
      [b.workers.anna.id]: null,
    });
  });

  it('answers 404 for another tenant’s template and 422 for a deleted one, changing nobody', async () => {
    const ids = [a.workers.anna.id];
    await expectError(updateMultiUser, putMany(a.cookies.usersManager, { workingHoursTemplateId: b.templates.fullTime, userIds: ids }), 404, 'user.templateNotFound');
    await expectError(updateMultiUser, putMany(a.cookies.usersManager, { workingHoursTemplateId: a.templates.retired, userIds: ids }), 422, 'user.templateDeleted');
    expect(await templateOf(ids)).toEqual({ [a.workers.anna.id]: a.templates.mornings });
  });

  it('counts a repeated id once', async () => {
    const { carla } = a.workers;
    const rows = await expectOk<UserListItem[]>(updateMultiUser, putMany(a.cookies.owner, { workingHoursTemplateId: a.templates.mornings, userIds: [carla.id, carla.id] }));
    expect(rows.map((row) => row.id)).toEqual([carla.id]);
  });

  it('answers 403 to a tasks manager only, and FEATURE_DISABLED when working hours are off', async () => {
    await expectError(updateMultiUser, putMany(a.cookies.tasksManager, { workingHoursTemplateId: a.templates.fullTime, userIds: [a.workers.anna.id] }), 403, 'auth.forbidden');
    await expectError(
      updateMultiUser,
      putMany(featureOff.cookies.owner, { workingHoursTemplateId: featureOff.templates.fullTime, userIds: [featureOff.workers.anna.id] }),
      403,
      'tenant.featureDisabled',
    );
  });
});

describe('the templates the working-template screen offers', () => {
  it('are the tenant’s live templates by name, without deleted ones or another tenant’s', async () => {
    const ctx = await loadCtx(await getDb(), a.ownerId, 'test', 'session');
    expect(ctx).not.toBeNull();
    if (!ctx) return;
    expect(await templateChoices(ctx)).toEqual([
      { id: a.templates.fullTime, name: 'Full time' },
      { id: a.templates.mornings, name: 'Mornings' },
    ]);
  });
});
