import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { GET as list, POST as create } from '@/app/api/web/task-types/route';
import { DELETE as remove, GET as getOne, PUT as update } from '@/app/api/web/task-types/[id]/route';
import { customFields, skills, taskTypes } from '@/db/schema';
import { codesOf, messagesOf } from '@/lib/contract/errors';
import { Feature } from '@/lib/contract/features';
import type { TaskTypeView } from '@/lib/contract/task-types';
import { getDb } from '@/lib/server/core/db';
import { HttpError } from '@/lib/server/core/errors';
import { usableTaskType } from '@/lib/server/reference/task-types/usable';
import { expectTenantIsolation } from '../setup/http';
import { companyWithSessions, expectError, expectOk, forbiddenMessage, send } from './helpers';

type Company = Awaited<ReturnType<typeof companyWithSessions>>;
let a: Company;
let b: Company;
let noSkills: Company;

async function insertSkill(tenantId: number, name: string, deleted?: Date) {
  const db = await getDb();
  const [row] = await db.insert(skills).values({ tenantId, name, icon: 'tool', deleted }).returning({ id: skills.id });
  return row.id;
}

async function insertField(tenantId: number, fieldName: string, deleted?: Date) {
  const db = await getDb();
  const [row] = await db
    .insert(customFields)
    .values({ tenantId, fieldName, fieldType: 'TEXT', deleted })
    .returning({ id: customFields.id });
  return row.id;
}

const createType = (cookie: string, json: unknown) => expectOk<TaskTypeView>(create, { method: 'POST', cookie, json });

beforeAll(async () => {
  [a, b, noSkills] = await Promise.all([
    companyWithSessions([Feature.skills]),
    companyWithSessions([Feature.skills]),
    companyWithSessions(),
  ]);
});

describe('POST and GET task-types', () => {
  it('creates a type with its skills and custom fields, lists it by name and answers it by id', async () => {
    const ladder = await insertSkill(a.tenantId, 'Ladder');
    const gas = await insertSkill(a.tenantId, 'Gas');
    const field = await insertField(a.tenantId, 'Meter');
    const created = await createType(a.cookies.tasksManager, {
      type: '  Zeta inspection ',
      durationMins: 45,
      skills: [{ skillId: gas }, { skillId: ladder }, { skillId: gas }],
      customFields: [{ customFieldId: field }],
    });
    expect(created).toEqual({
      id: expect.any(Number),
      type: 'Zeta inspection',
      durationMins: 45,
      skills: [{ skillId: Math.min(gas, ladder) }, { skillId: Math.max(gas, ladder) }],
      customFields: [{ customFieldId: field }],
      deleted: null,
    });
    await createType(a.cookies.owner, { type: 'alpha check', durationMins: 10 });
    const listed = await expectOk<TaskTypeView[]>(list, { cookie: a.cookies.usersManager });
    expect(listed.map((type) => type.type)).toEqual(['alpha check', 'Zeta inspection']);
    expect(await expectOk(getOne, { cookie: a.cookies.usersManager, params: { id: created.id } })).toEqual({ ...created, openTaskCount: 0 });
  });

  it('accepts the duration limits 1 and 9999', async () => {
    expect((await createType(a.cookies.owner, { type: 'Quick', durationMins: 1 })).durationMins).toBe(1);
    expect((await createType(a.cookies.owner, { type: 'Long', durationMins: 9999 })).durationMins).toBe(9999);
  });

  it('answers 400 naming the type and the duration', async () => {
    const missing = await expectError(create, { method: 'POST', cookie: a.cookies.owner, json: { type: '  ' } }, 400, 'request.invalid');
    expect(messagesOf(missing.fields)).toEqual({ type: ['Type is required'], durationMins: ['Duration is required'] });
    expect(codesOf(missing.fields)).toEqual({ type: ['validation.required'], durationMins: ['validation.required'] });
    for (const durationMins of [0, 10_000, 1.5, '30']) {
      const error = await expectError(create, { method: 'POST', cookie: a.cookies.owner, json: { type: 'Bad', durationMins } }, 400, 'request.invalid');
      expect(messagesOf(error.fields)).toEqual({ durationMins: ['Duration must be a whole number between 1 and 9999'] });
      const coded = typeof durationMins === 'number' ? { code: 'taskTypes.durationRange', params: { min: 1, max: 9999 } } : { code: 'validation.invalidType' };
      expect(error.fields?.durationMins).toEqual([expect.objectContaining(coded)]);
    }
  });

  it('answers 409 on a name already taken, ignoring case and spaces, and frees the name of a deleted type', async () => {
    const first = await createType(a.cookies.owner, { type: 'Boiler repair', durationMins: 60 });
    const error = await expectError(create, { method: 'POST', cookie: a.cookies.owner, json: { type: ' boiler REPAIR', durationMins: 30 } }, 409, 'taskTypes.nameTaken');
    expect(error.message).toBe('A task type with this name already exists.');
    expect(messagesOf(error.fields)).toEqual({ type: ['A task type with this name already exists.'] });
    expect(codesOf(error.fields)).toEqual({ type: ['taskTypes.nameTaken'] });
    await expectOk(remove, { method: 'DELETE', cookie: a.cookies.owner, params: { id: first.id } });
    const again = await createType(a.cookies.owner, { type: 'BOILER repair', durationMins: 30 });
    expect(again.id).not.toBe(first.id);
    // Another tenant's names are its own.
    await createType(b.cookies.owner, { type: 'Boiler repair', durationMins: 60 });
  });

  it('refuses skills without feature 4 with taskTypes.skillsDisabled, and accepts a type without skills', async () => {
    const skill = await insertSkill(noSkills.tenantId, 'Welding');
    const error = await expectError(
      create,
      { method: 'POST', cookie: noSkills.cookies.owner, json: { type: 'Welding job', durationMins: 60, skills: [{ skillId: skill }] } },
      422,
      'taskTypes.skillsDisabled',
    );
    expect(error.message).toBe('Skills are not enabled for your company.');
    expect(codesOf(error.fields)).toEqual({ skills: ['taskTypes.skillsDisabled'] });
    const created = await createType(noSkills.cookies.owner, { type: 'Welding job', durationMins: 60, skills: [] });
    expect(created.skills).toEqual([]);
  });

  it("answers 400 for a missing, deleted or another tenant's skill or field, and saves nothing", async () => {
    const live = await insertSkill(a.tenantId, 'Electrics');
    const deletedSkill = await insertSkill(a.tenantId, 'Old skill', new Date());
    const foreignSkill = await insertSkill(b.tenantId, 'Foreign');
    const foreignField = await insertField(b.tenantId, 'Foreign field');
    const error = await expectError(
      create,
      {
        method: 'POST',
        cookie: a.cookies.owner,
        json: {
          type: 'Never saved',
          durationMins: 60,
          skills: [{ skillId: live }, { skillId: deletedSkill }, { skillId: foreignSkill }, { skillId: 999_999 }],
        },
      },
      400,
      'request.invalid',
    );
    expect(messagesOf(error.fields)).toEqual({
      'skills.1.skillId': ['Skill not found.'],
      'skills.2.skillId': ['Skill not found.'],
      'skills.3.skillId': ['Skill not found.'],
    });
    expect(codesOf(error.fields)).toEqual({
      'skills.1.skillId': ['taskTypes.unknownSkill'],
      'skills.2.skillId': ['taskTypes.unknownSkill'],
      'skills.3.skillId': ['taskTypes.unknownSkill'],
    });
    const fieldError = await expectError(
      create,
      { method: 'POST', cookie: a.cookies.owner, json: { type: 'Never saved', durationMins: 60, skills: [{ skillId: live }], customFields: [{ customFieldId: foreignField }] } },
      400,
      'request.invalid',
    );
    expect(messagesOf(fieldError.fields)).toEqual({ 'customFields.0.customFieldId': ['Custom field not found.'] });
    expect(codesOf(fieldError.fields)).toEqual({ 'customFields.0.customFieldId': ['taskTypes.unknownCustomField'] });
    const db = await getDb();
    expect(await db.select().from(taskTypes).where(eq(taskTypes.name, 'Never saved'))).toEqual([]);
  });
});

describe('PUT task-types/{id}', () => {
  it('renames, keeps links when they are left out, replaces them when given, and keeps links to deleted skills', async () => {
    const kept = await insertSkill(a.tenantId, 'Kept');
    const dropped = await insertSkill(a.tenantId, 'Dropped');
    const retired = await insertSkill(a.tenantId, 'Retired');
    const field = await insertField(a.tenantId, 'Serial number');
    const type = await createType(a.cookies.owner, {
      type: 'Service',
      durationMins: 60,
      skills: [{ skillId: kept }, { skillId: dropped }, { skillId: retired }],
      customFields: [{ customFieldId: field }],
    });
    const db = await getDb();
    await db.update(skills).set({ deleted: new Date() }).where(eq(skills.id, retired));

    const renamed = await expectOk<TaskTypeView>(update, { method: 'PUT', cookie: a.cookies.tasksManager, params: { id: type.id }, json: { type: 'SERVICE', durationMins: 90 } });
    expect(renamed).toMatchObject({ type: 'SERVICE', durationMins: 90, skills: [{ skillId: kept }, { skillId: dropped }], customFields: [{ customFieldId: field }] });

    const replaced = await expectOk<TaskTypeView>(update, {
      method: 'PUT',
      cookie: a.cookies.owner,
      params: { id: type.id },
      json: { type: 'Service', durationMins: 90, skills: [{ skillId: kept }], customFields: [] },
    });
    expect(replaced).toMatchObject({ skills: [{ skillId: kept }], customFields: [] });

    // The deleted skill's link is still stored, so restoring the skill brings it back on the type.
    await db.update(skills).set({ deleted: null }).where(eq(skills.id, retired));
    const restored = await expectOk<TaskTypeView>(getOne, { cookie: a.cookies.owner, params: { id: type.id } });
    expect(restored.skills).toEqual([{ skillId: kept }, { skillId: retired }]);
  });

  it('answers 409 when renamed to another live type, and 400 on a bad body', async () => {
    await createType(a.cookies.owner, { type: 'Taken name', durationMins: 60 });
    const other = await createType(a.cookies.owner, { type: 'Free name', durationMins: 60 });
    const error = await expectError(update, { method: 'PUT', cookie: a.cookies.owner, params: { id: other.id }, json: { type: 'taken NAME', durationMins: 60 } }, 409, 'taskTypes.nameTaken');
    expect(error.message).toBe('A task type with this name already exists.');
    const invalid = await expectError(update, { method: 'PUT', cookie: a.cookies.owner, params: { id: other.id }, json: { type: 'Free name', durationMins: 0 } }, 400, 'request.invalid');
    expect(messagesOf(invalid.fields)).toEqual({ durationMins: ['Duration must be a whole number between 1 and 9999'] });
    expect(codesOf(invalid.fields)).toEqual({ durationMins: ['taskTypes.durationRange'] });
  });
});

describe('DELETE task-types/{id}', () => {
  it('hides the type from the list, still answers it by id with its deletion time, and refuses to edit it', async () => {
    const type = await createType(a.cookies.owner, { type: 'Retired type', durationMins: 30 });
    const deleted = await expectOk<TaskTypeView>(remove, { method: 'DELETE', cookie: a.cookies.owner, params: { id: type.id } });
    expect(deleted.deleted).toEqual(expect.any(String));
    const listed = await expectOk<TaskTypeView[]>(list, { cookie: a.cookies.owner });
    expect(listed.map((row) => row.id)).not.toContain(type.id);
    const shown = await expectOk<TaskTypeView>(getOne, { cookie: a.cookies.owner, params: { id: type.id } });
    expect(shown).toMatchObject({ id: type.id, type: 'Retired type', deleted: deleted.deleted });
    await expectError(update, { method: 'PUT', cookie: a.cookies.owner, params: { id: type.id }, json: { type: 'Retired type', durationMins: 30 } }, 404, 'taskTypes.notFound');
    await expectError(remove, { method: 'DELETE', cookie: a.cookies.owner, params: { id: type.id } }, 404, 'taskTypes.notFound');
  });

  it('is refused for new tasks but kept for a task that already has it', async () => {
    const db = await getDb();
    const live = await createType(a.cookies.owner, { type: 'Usable', durationMins: 20 });
    const gone = await createType(a.cookies.owner, { type: 'Gone', durationMins: 20 });
    await expectOk(remove, { method: 'DELETE', cookie: a.cookies.owner, params: { id: gone.id } });
    expect(await usableTaskType(db, a.tenantId, live.id)).toEqual({ id: live.id, name: 'Usable', durationMins: 20 });
    const deletedError = await usableTaskType(db, a.tenantId, gone.id).catch((error: unknown) => error);
    expect(deletedError).toMatchObject({ status: 422, code: 'taskTypes.deleted', message: 'This task type has been deleted.' });
    expect(deletedError).toHaveProperty('fields', { typeId: [{ code: 'taskTypes.deleted', params: {}, message: 'This task type has been deleted.' }] });
    expect((await usableTaskType(db, a.tenantId, gone.id, gone.id)).id).toBe(gone.id);
    const foreign = await usableTaskType(db, b.tenantId, live.id).catch((error: unknown) => error);
    expect(foreign).toBeInstanceOf(HttpError);
    expect(foreign).toMatchObject({ status: 400, fields: { typeId: [{ code: 'taskTypes.notFound', params: {}, message: 'Task type not found.' }] } });
  });
});

describe('task-types access', () => {
  it('answers 403 to a worker, and to a usersManager on writes, while any manager may read', async () => {
    const type = await createType(a.cookies.owner, { type: 'Guarded', durationMins: 60 });
    for (const handler of [list, getOne]) {
      const error = await expectError(handler, { cookie: a.cookies.worker, params: { id: type.id } }, 403, 'auth.forbidden');
      expect(error.message).toBe(forbiddenMessage);
      await expectOk(handler, { cookie: a.cookies.usersManager, params: { id: type.id } });
    }
    const body = { type: 'Guarded', durationMins: 60 };
    await expectError(create, { method: 'POST', cookie: a.cookies.usersManager, json: body }, 403, 'auth.forbidden');
    await expectError(update, { method: 'PUT', cookie: a.cookies.usersManager, params: { id: type.id }, json: body }, 403, 'auth.forbidden');
    await expectError(remove, { method: 'DELETE', cookie: a.cookies.usersManager, params: { id: type.id } }, 403, 'auth.forbidden');
    await expectError(create, { method: 'POST', cookie: a.cookies.worker, json: body }, 403, 'auth.forbidden');
  });

  it('answers 401 without a session, 404 for a missing id and 400 for a malformed one', async () => {
    expect((await send(list, { cookie: '' })).status).toBe(401);
    await expectError(getOne, { cookie: a.cookies.owner, params: { id: 999_999 } }, 404, 'taskTypes.notFound');
    await expectError(getOne, { cookie: a.cookies.owner, params: { id: 'abc' } }, 400, 'request.invalid');
  });

  it("GET, PUT and DELETE task-types/{id}: another tenant's id answers 404", async () => {
    const type = await createType(b.cookies.owner, { type: 'Tenant B type', durationMins: 60 });
    const cookies = { otherTenantCookie: a.cookies.owner, ownerCookie: b.cookies.owner };
    await expectTenantIsolation({ handler: getOne, params: { id: type.id }, ...cookies });
    await expectTenantIsolation({ handler: update, method: 'PUT', params: { id: type.id }, json: { type: 'Tenant B type', durationMins: 30 }, ...cookies });
    await expectTenantIsolation({ handler: remove, method: 'DELETE', params: { id: type.id }, ...cookies });
    const listedByA = await expectOk<TaskTypeView[]>(list, { cookie: a.cookies.owner });
    expect(listedByA.map((row) => row.id)).not.toContain(type.id);
  });
});
