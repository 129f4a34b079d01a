import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as getOne, DELETE as deleteOne, PUT as updateOne } from '@/app/api/web/working-hours/[id]/route';
import { GET as listAll, POST as create } from '@/app/api/web/working-hours/route';
import { workingHoursTemplateDays, workingHoursTemplates } from '@/db/schema';
import { codesOf, messagesOf } from '@/lib/contract/errors';
import { Feature } from '@/lib/contract/features';
import { templateMessages, weekDays, type TemplateView } from '@/lib/contract/working-hours';
import { getDb } from '@/lib/server/core/db';
import { companyWithSessions, expectError, expectOk, forbiddenMessage } from '../reference/helpers';
import { expectTenantIsolation } from '../setup/http';

type Company = Awaited<ReturnType<typeof companyWithSessions>>;
let a: Company;
let b: Company;
let featureOff: Company;

beforeAll(async () => {
  [a, b, featureOff] = await Promise.all([
    companyWithSessions([Feature.workingHours]),
    companyWithSessions([Feature.workingHours]),
    companyWithSessions([]),
  ]);
});

const office = [
  { day: 'mon', hours: '08:00|12:00,13:00|17:00' },
  { day: 'fri', hours: '08:00|12:00' },
] as const;

const post = (cookie: string, json: unknown) => ({ method: 'POST', cookie, json });
const put = (cookie: string, id: number, json: unknown, changeName = 'true') => ({
  method: 'PUT',
  cookie,
  json,
  params: { id },
  query: { changeName },
});

async function createTemplate(cookie: string, name: string): Promise<TemplateView> {
  return expectOk<TemplateView>(create, post(cookie, { name, days: office }));
}

const hoursByDay = (view: TemplateView) => Object.fromEntries(view.days.map((entry) => [entry.day, entry.hours]));

describe('POST working-hours', () => {
  it('creates the template with all seven days, Monday first, a day left out having no hours', async () => {
    const view = await createTemplate(a.cookies.tasksManager, 'Office week');
    expect(view.name).toBe('Office week');
    expect(view.days.map((entry) => entry.day)).toEqual([...weekDays]);
    expect(hoursByDay(view)).toEqual({
      mon: '08:00|12:00,13:00|17:00',
      tue: ' ',
      wed: ' ',
      thu: ' ',
      fri: '08:00|12:00',
      sat: ' ',
      sun: ' ',
    });
    const db = await getDb();
    const rows = await db
      .select()
      .from(workingHoursTemplateDays)
      .where(and(eq(workingHoursTemplateDays.tenantId, a.tenantId), eq(workingHoursTemplateDays.templateId, view.id)));
    expect(rows).toHaveLength(7);
  });

  it.each([
    [{ days: [] }, 'name', templateMessages.nameRequired, 'validation.required'],
    [{ name: '   ', days: [] }, 'name', templateMessages.nameRequired, 'validation.required'],
    [{ name: 42, days: [] }, 'name', templateMessages.nameInvalid, 'validation.invalidType'],
    [{ name: 'No days' }, 'days', templateMessages.daysRequired, 'validation.required'],
    [{ name: 'Days as text', days: 'mon' }, 'days', templateMessages.daysInvalid, 'validation.invalidType'],
    [{ name: 'Twice Monday', days: [office[0], office[0]] }, 'days', templateMessages.daysInvalid, 'workingHours.daysInvalid'],
  ])('answers 400 with the spec message for %j', async (json, field, message, code) => {
    const error = await expectError(create, post(a.cookies.tasksManager, json), 400, 'request.invalid');
    expect(messagesOf(error.fields)[field]).toEqual([message]);
    expect(codesOf(error.fields)[field]).toEqual([code]);
  });

  it('refuses hours off the half-hour grid', async () => {
    const error = await expectError(
      create,
      post(a.cookies.tasksManager, { name: 'Odd', days: [{ day: 'mon', hours: '08:15|12:00' }] }),
      400,
      'request.invalid',
    );
    expect(codesOf(error.fields)).toEqual({ 'days.0.hours': ['workingHours.hoursInvalid'] });
  });

  it("answers 409 'Could not save. template already exists.' for a live name of the tenant, in any case", async () => {
    await createTemplate(a.cookies.tasksManager, 'Early shift');
    const error = await expectError(create, post(a.cookies.tasksManager, { name: 'EARLY SHIFT', days: [] }), 409, 'workingHours.nameTaken');
    expect(error.message).toBe(templateMessages.exists);
    expect(messagesOf(error.fields)).toEqual({ name: [templateMessages.exists] });
    expect(codesOf(error.fields)).toEqual({ name: ['workingHours.nameTaken'] });
  });

  it("lets another tenant and a deleted template's name be used again", async () => {
    const deleted = await createTemplate(a.cookies.tasksManager, 'Seasonal');
    await expectOk(deleteOne, { method: 'DELETE', cookie: a.cookies.tasksManager, params: { id: deleted.id } });
    await createTemplate(a.cookies.tasksManager, 'Seasonal');
    await createTemplate(b.cookies.tasksManager, 'Seasonal');
  });
});

describe('GET working-hours and working-hours/{id}', () => {
  it("lists the tenant's live templates by name, without deleted ones or another tenant's", async () => {
    const company = await companyWithSessions([Feature.workingHours]);
    const cookie = company.cookies.tasksManager;
    await createTemplate(cookie, 'zeta');
    const alpha = await createTemplate(cookie, 'Alpha');
    const gone = await createTemplate(cookie, 'Gone');
    await expectOk(deleteOne, { method: 'DELETE', cookie, params: { id: gone.id } });
    const list = await expectOk<TemplateView[]>(listAll, { cookie });
    expect(list.map((view) => view.name)).toEqual(['Alpha', 'zeta']);
    expect(list[0]).toEqual(alpha);
  });

  it('lists numbered templates as a person counts them: Shift 2 before Shift 10', async () => {
    const company = await companyWithSessions([Feature.workingHours]);
    const cookie = company.cookies.tasksManager;
    for (const name of ['Shift 10', 'shift 2', 'Shift 1']) await createTemplate(cookie, name);
    const list = await expectOk<TemplateView[]>(listAll, { cookie });
    expect(list.map((view) => view.name)).toEqual(['Shift 1', 'shift 2', 'Shift 10']);
  });

  it('reads one template, a day without a stored row reading as a single space', async () => {
    const view = await createTemplate(a.cookies.tasksManager, 'Partial rows');
    const db = await getDb();
    await db
      .delete(workingHoursTemplateDays)
      .where(and(eq(workingHoursTemplateDays.templateId, view.id), eq(workingHoursTemplateDays.day, 'mon')));
    const read = await expectOk<TemplateView>(getOne, { cookie: a.cookies.owner, params: { id: view.id } });
    expect(read.days[0]).toEqual({ id: 0, day: 'mon', hours: ' ' });
    expect(read.days[4]).toEqual({ id: expect.any(Number), day: 'fri', hours: '08:00|12:00' });
  });

  it('answers 404 for a missing id and for a deleted template', async () => {
    await expectError(getOne, { cookie: a.cookies.tasksManager, params: { id: 999_999 } }, 404, 'workingHours.notFound');
    const view = await createTemplate(a.cookies.tasksManager, 'Short lived');
    await expectOk(deleteOne, { method: 'DELETE', cookie: a.cookies.tasksManager, params: { id: view.id } });
    await expectError(getOne, { cookie: a.cookies.tasksManager, params: { id: view.id } }, 404, 'workingHours.notFound');
  });
});

describe('PUT working-hours/{id}', () => {
  it('renames the template and rewrites its seven days together', async () => {
    const view = await createTemplate(a.cookies.tasksManager, 'To change');
    const updated = await expectOk<TemplateView>(
      updateOne,
      put(a.cookies.tasksManager, view.id, { name: 'Changed', days: [{ day: 'sun', hours: '10:00|11:30' }] }),
    );
    expect(updated.name).toBe('Changed');
    expect(hoursByDay(updated)).toEqual({ mon: ' ', tue: ' ', wed: ' ', thu: ' ', fri: ' ', sat: ' ', sun: '10:00|11:30' });
    expect(updated.days.map((entry) => entry.id)).toEqual(view.days.map((entry) => entry.id));
    expect(await expectOk(getOne, { cookie: a.cookies.tasksManager, params: { id: view.id } })).toEqual(updated);
  });

  it('keeps its own name without a conflict when only the hours change', async () => {
    const view = await createTemplate(a.cookies.tasksManager, 'Same name');
    const updated = await expectOk<TemplateView>(
      updateOne,
      put(a.cookies.tasksManager, view.id, { name: 'Same name', days: [] }, 'false'),
    );
    expect(hoursByDay(updated).mon).toBe(' ');
  });

  it("answers 409 with the spec message for another live template's name, changing nothing", async () => {
    await createTemplate(a.cookies.tasksManager, 'Taken');
    const view = await createTemplate(a.cookies.tasksManager, 'Free');
    const error = await expectError(
      updateOne,
      put(a.cookies.tasksManager, view.id, { name: 'taken', days: [] }),
      409,
      'workingHours.nameTaken',
    );
    expect(error.message).toBe(templateMessages.exists);
    expect(await expectOk(getOne, { cookie: a.cookies.tasksManager, params: { id: view.id } })).toEqual(view);
  });

  it('answers 400 with the spec messages and 404 for a deleted template', async () => {
    const view = await createTemplate(a.cookies.tasksManager, 'Checked');
    const error = await expectError(updateOne, put(a.cookies.tasksManager, view.id, { name: 'Checked' }), 400, 'request.invalid');
    expect(messagesOf(error.fields).days).toEqual([templateMessages.daysRequired]);
    expect(codesOf(error.fields).days).toEqual(['validation.required']);
    await expectOk(deleteOne, { method: 'DELETE', cookie: a.cookies.tasksManager, params: { id: view.id } });
    await expectError(updateOne, put(a.cookies.tasksManager, view.id, { name: 'Checked', days: [] }), 404, 'workingHours.notFound');
  });
});

describe('DELETE working-hours/{id}', () => {
  it('soft-deletes the template, and a second delete answers 404', async () => {
    const view = await createTemplate(a.cookies.tasksManager, 'Deleted');
    expect(await expectOk(deleteOne, { method: 'DELETE', cookie: a.cookies.tasksManager, params: { id: view.id } })).toEqual({
      id: view.id,
    });
    const db = await getDb();
    const [row] = await db.select().from(workingHoursTemplates).where(eq(workingHoursTemplates.id, view.id));
    expect(row.deleted).toBeInstanceOf(Date);
    await expectError(deleteOne, { method: 'DELETE', cookie: a.cookies.tasksManager, params: { id: view.id } }, 404, 'workingHours.notFound');
  });
});

describe('guards', () => {
  it('answers 403 FEATURE_DISABLED on every call when working hours (feature 2) are off', async () => {
    const cookie = featureOff.cookies.owner;
    const options = [
      [listAll, { cookie }],
      [create, post(cookie, { name: 'x', days: [] })],
      [getOne, { cookie, params: { id: 1 } }],
      [updateOne, put(cookie, 1, { name: 'x', days: [] })],
      [deleteOne, { method: 'DELETE', cookie, params: { id: 1 } }],
    ] as const;
    for (const [handler, option] of options) await expectError(handler, option, 403, 'tenant.featureDisabled');
  });

  it('answers 403 to a worker, a users manager and a billing manager; a tasks manager and the owner pass', async () => {
    const view = await createTemplate(a.cookies.owner, 'Guarded');
    for (const cookie of [a.cookies.worker, a.cookies.usersManager, a.cookies.billingManager]) {
      const calls = [
        [listAll, { cookie }],
        [create, post(cookie, { name: 'Not allowed', days: [] })],
        [getOne, { cookie, params: { id: view.id } }],
        [updateOne, put(cookie, view.id, { name: 'Not allowed', days: [] })],
        [deleteOne, { method: 'DELETE', cookie, params: { id: view.id } }],
      ] as const;
      for (const [handler, option] of calls) {
        expect((await expectError(handler, option, 403, 'auth.forbidden')).message).toBe(forbiddenMessage);
      }
    }
    await expectOk(getOne, { cookie: a.cookies.tasksManager, params: { id: view.id } });
  });

  it("answers 404 for another tenant's template on GET, PUT and DELETE", async () => {
    const view = await createTemplate(b.cookies.tasksManager, 'Tenant B only');
    const base = { params: { id: view.id }, otherTenantCookie: a.cookies.tasksManager, ownerCookie: b.cookies.tasksManager };
    await expectTenantIsolation({ ...base, handler: getOne });
    await expectTenantIsolation({ ...base, handler: updateOne, method: 'PUT', json: { name: 'Tenant B only', days: office } });
    await expectTenantIsolation({ ...base, handler: deleteOne, method: 'DELETE' });
  });
});
