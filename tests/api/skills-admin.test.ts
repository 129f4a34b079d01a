import { beforeAll, describe, expect, it } from 'vitest';
import { GET as list, POST as create } from '@/app/api/web/skills/route';
import { DELETE as remove, GET as getOne, PUT as update } from '@/app/api/web/skills/[id]/route';
import { GET as getTaskType } from '@/app/api/web/task-types/[id]/route';
import { POST as createTaskType } from '@/app/api/web/task-types/route';
import { skills } from '@/db/schema';
import { codesOf, messagesOf } from '@/lib/contract/errors';
import { Feature } from '@/lib/contract/features';
import { skillIcons, type SkillView } from '@/lib/contract/skills';
import type { TaskTypeView } from '@/lib/contract/task-types';
import { getDb } from '@/lib/server/core/db';
import { expectTenantIsolation } from './setup/http';
import { companyWithSessions, expectError, expectOk, forbiddenMessage } from './reference/helpers';

type Company = Awaited<ReturnType<typeof companyWithSessions>>;
let a: Company;
let b: Company;
let noSkills: Company;

const createSkill = (cookie: string, json: unknown) => expectOk<SkillView>(create, { method: 'POST', cookie, json });
const post = (json: unknown) => ({ method: 'POST', cookie: a.cookies.owner, json });
const put = (id: number, json: unknown, cookie = a.cookies.owner) => ({ method: 'PUT', cookie, params: { id }, json });
const del = (id: number | string, cookie = a.cookies.owner) => ({ method: 'DELETE', cookie, params: { id } });

beforeAll(async () => {
  [a, b, noSkills] = await Promise.all([
    companyWithSessions([Feature.skills]),
    companyWithSessions([Feature.skills]),
    companyWithSessions(),
  ]);
});

describe('the skill icons', () => {
  it('are 50 distinct names (spec 03 §9)', () => {
    expect(skillIcons).toHaveLength(50);
    expect(new Set(skillIcons).size).toBe(50);
  });
});

describe('POST and GET skills', () => {
  it('creates a skill with a name and an icon, reads it back by id and lists it by name', async () => {
    const pipes = await createSkill(a.cookies.usersManager, { name: ' Pipework ', icon: 'droplets' });
    expect(pipes).toEqual({ id: expect.any(Number), name: 'Pipework', icon: 'droplets' });
    await createSkill(a.cookies.billingManager, { name: 'electrics', icon: 'zap' });
    expect(await expectOk<SkillView>(getOne, { cookie: a.cookies.owner, params: { id: pipes.id } })).toEqual(pipes);
    const listed = await expectOk<SkillView[]>(list, { cookie: a.cookies.owner });
    expect(listed.map((skill) => skill.name)).toEqual(['electrics', 'Pipework']);
  });

  it('answers 400 for a missing name and icon, and for an icon outside the fixed list', async () => {
    const missing = await expectError(create, post({ name: '  ' }), 400, 'request.invalid');
    expect(messagesOf(missing.fields)).toEqual({ name: ['Name is required'], icon: ['Icon is required'] });
    expect(codesOf(missing.fields)).toEqual({ name: ['validation.required'], icon: ['validation.required'] });
    const unknown = await expectError(create, post({ name: 'Glazing', icon: 'window-frame' }), 400, 'request.invalid');
    expect(messagesOf(unknown.fields)).toEqual({ icon: ['Choose one of the offered icons'] });
    expect(codesOf(unknown.fields)).toEqual({ icon: ['validation.option'] });
    const long = await expectError(create, post({ name: 'x'.repeat(201), icon: 'wrench' }), 400, 'request.invalid');
    expect(messagesOf(long.fields)).toEqual({ name: ['Must be at most 200 characters'] });
    expect(long.fields?.name).toEqual([expect.objectContaining({ code: 'validation.tooLong', params: { max: 200 } })]);
  });

  it('answers 409 on a name already taken, ignoring case, and frees the name of a deleted skill', async () => {
    const first = await createSkill(a.cookies.owner, { name: 'Welding', icon: 'flame' });
    const error = await expectError(create, post({ name: 'WELDING ', icon: 'zap' }), 409, 'skills.nameTaken');
    expect(error.message).toBe('A skill with this name already exists.');
    expect(codesOf(error.fields)).toEqual({ name: ['skills.nameTaken'] });
    await expectOk(remove, del(first.id));
    await createSkill(a.cookies.owner, { name: 'welding', icon: 'flame' });
    await createSkill(b.cookies.owner, { name: 'Welding', icon: 'flame' });
  });
});

describe('PUT skills/{id}', () => {
  it('renames a skill and changes its icon; task types linked to it keep the link', async () => {
    const skill = await createSkill(a.cookies.owner, { name: 'Roofing', icon: 'hammer' });
    const type = await expectOk<TaskTypeView>(createTaskType, {
      method: 'POST',
      cookie: a.cookies.owner,
      json: { type: 'Roof repair', durationMins: 90, skills: [{ skillId: skill.id }] },
    });
    const renamed = await expectOk<SkillView>(update, put(skill.id, { name: 'Roof work', icon: 'hard-hat' }, a.cookies.usersManager));
    expect(renamed).toEqual({ id: skill.id, name: 'Roof work', icon: 'hard-hat' });
    const linked = await expectOk<TaskTypeView>(getTaskType, { cookie: a.cookies.owner, params: { id: type.id } });
    expect(linked.skills).toEqual([{ skillId: skill.id }]);
  });

  it('answers 409 when renamed to another live skill, and 400 on a bad body', async () => {
    await createSkill(a.cookies.owner, { name: 'Taken skill', icon: 'key' });
    const other = await createSkill(a.cookies.owner, { name: 'Other skill', icon: 'lock' });
    const clash = await expectError(update, put(other.id, { name: 'taken SKILL', icon: 'lock' }), 409, 'skills.nameTaken');
    expect(clash.message).toBe('A skill with this name already exists.');
    const invalid = await expectError(update, put(other.id, { name: 'Other skill' }), 400, 'request.invalid');
    expect(messagesOf(invalid.fields)).toEqual({ icon: ['Icon is required'] });
    expect(codesOf(invalid.fields)).toEqual({ icon: ['validation.required'] });
    await expectOk(update, put(other.id, { name: 'OTHER skill', icon: 'lock' }));
  });
});

describe('DELETE skills/{id}', () => {
  it('hides the skill from the list, its reader and its task types, and refuses to edit it afterwards', async () => {
    const skill = await createSkill(a.cookies.owner, { name: 'Soon gone', icon: 'axe' });
    const type = await expectOk<TaskTypeView>(createTaskType, {
      method: 'POST',
      cookie: a.cookies.owner,
      json: { type: 'Tree felling', durationMins: 120, skills: [{ skillId: skill.id }] },
    });
    expect(await expectOk<SkillView>(remove, del(skill.id))).toEqual(skill);
    const listed = await expectOk<SkillView[]>(list, { cookie: a.cookies.owner });
    expect(listed.map((row) => row.id)).not.toContain(skill.id);
    const shownType = await expectOk<TaskTypeView>(getTaskType, { cookie: a.cookies.owner, params: { id: type.id } });
    expect(shownType.skills).toEqual([]);
    await expectError(getOne, { cookie: a.cookies.owner, params: { id: skill.id } }, 404, 'skills.notFound');
    await expectError(update, put(skill.id, { name: 'Soon gone', icon: 'axe' }), 404, 'skills.notFound');
    await expectError(remove, del(skill.id), 404, 'skills.notFound');
  });
});

describe('skills access', () => {
  it('needs feature 4 for the screen calls, while the list stays readable for forms that hide skills anyway', async () => {
    const db = await getDb();
    const [kept] = await db
      .insert(skills)
      .values({ tenantId: noSkills.tenantId, name: 'From before', icon: 'wrench' })
      .returning({ id: skills.id });
    const listed = await expectOk<SkillView[]>(list, { cookie: noSkills.cookies.owner });
    expect(listed.map((row) => row.name)).toEqual(['From before']);
    const body = { name: 'From before', icon: 'zap' };
    const error = await expectError(create, { method: 'POST', cookie: noSkills.cookies.owner, json: body }, 403, 'tenant.featureDisabled');
    expect(error.message).toBe('This feature is not enabled for your company.');
    await expectError(getOne, { cookie: noSkills.cookies.owner, params: { id: kept.id } }, 403, 'tenant.featureDisabled');
    await expectError(update, put(kept.id, body, noSkills.cookies.owner), 403, 'tenant.featureDisabled');
    await expectError(remove, del(kept.id, noSkills.cookies.owner), 403, 'tenant.featureDisabled');
  });

  it('lets owner, usersManager and billingManager write; a tasksManager only reads; a worker gets 403 on everything', async () => {
    const guarded = await createSkill(a.cookies.owner, { name: 'Guarded skill', icon: 'shovel' });
    const body = { name: 'Guarded skill', icon: 'shovel' };
    await expectOk(list, { cookie: a.cookies.tasksManager });
    await expectOk(getOne, { cookie: a.cookies.tasksManager, params: { id: guarded.id } });
    await expectError(create, { method: 'POST', cookie: a.cookies.tasksManager, json: { ...body, name: 'Other' } }, 403, 'auth.forbidden');
    await expectError(update, put(guarded.id, body, a.cookies.tasksManager), 403, 'auth.forbidden');
    await expectError(remove, del(guarded.id, a.cookies.tasksManager), 403, 'auth.forbidden');
    const error = await expectError(list, { cookie: a.cookies.worker }, 403, 'auth.forbidden');
    expect(error.message).toBe(forbiddenMessage);
    await expectError(getOne, { cookie: a.cookies.worker, params: { id: guarded.id } }, 403, 'auth.forbidden');
    await expectError(create, { method: 'POST', cookie: a.cookies.worker, json: { ...body, name: 'Other' } }, 403, 'auth.forbidden');
    await expectError(update, put(guarded.id, body, a.cookies.worker), 403, 'auth.forbidden');
    await expectError(remove, del(guarded.id, a.cookies.worker), 403, 'auth.forbidden');
    for (const cookie of [a.cookies.owner, a.cookies.usersManager, a.cookies.billingManager]) {
      await expectOk(update, put(guarded.id, body, cookie));
    }
  });

  it('answers 404 for a missing id and 400 for a malformed one', async () => {
    await expectError(getOne, { cookie: a.cookies.owner, params: { id: 999_999 } }, 404, 'skills.notFound');
    await expectError(update, put(999_999, { name: 'Nowhere', icon: 'wrench' }), 404, 'skills.notFound');
    await expectError(remove, del('abc'), 400, 'request.invalid');
  });

  it("GET, PUT and DELETE skills/{id}: another tenant's id answers 404", async () => {
    const tenantB = await createSkill(b.cookies.owner, { name: 'Tenant B skill', icon: 'truck' });
    const cookies = { otherTenantCookie: a.cookies.owner, ownerCookie: b.cookies.owner };
    await expectTenantIsolation({ handler: getOne, params: { id: tenantB.id }, ...cookies });
    await expectTenantIsolation({ handler: update, method: 'PUT', params: { id: tenantB.id }, json: { name: 'Tenant B skill', icon: 'fan' }, ...cookies });
    await expectTenantIsolation({ handler: remove, method: 'DELETE', params: { id: tenantB.id }, ...cookies });
    const listedByA = await expectOk<SkillView[]>(list, { cookie: a.cookies.owner });
    expect(listedByA.map((row) => row.id)).not.toContain(tenantB.id);
  });
});
