import { beforeAll, describe, expect, it } from 'vitest';
import { GET as list, POST as create } from '@/app/api/web/cancellation_reason/route';
import { DELETE as remove, GET as getOne, PUT as update } from '@/app/api/web/cancellation_reason/[id]/route';
import { cancellationReasonConflictMessage } from '@/lib/contract/cancellation-reasons';
import { codesOf, messagesOf } from '@/lib/contract/errors';
import type { CancellationReasonView } from '@/lib/contract/reference-data';
import { expectTenantIsolation } from './setup/http';
import { companyWithSessions, expectError, expectOk, forbiddenMessage } from './reference/helpers';

type Company = Awaited<ReturnType<typeof companyWithSessions>>;
let a: Company;
let b: Company;

const createReason = (cookie: string, name: string) =>
  expectOk<CancellationReasonView>(create, { method: 'POST', cookie, json: { name } });
const post = (json: unknown) => ({ method: 'POST', cookie: a.cookies.owner, json });
const put = (id: number, json: unknown, cookie = a.cookies.owner) => ({ method: 'PUT', cookie, params: { id }, json });
const del = (id: number | string, cookie = a.cookies.owner) => ({ method: 'DELETE', cookie, params: { id } });

beforeAll(async () => {
  [a, b] = await Promise.all([companyWithSessions(), companyWithSessions()]);
});

describe('POST and GET cancellation_reason', () => {
  it('creates a reason, reads it back by id and lists it by name', async () => {
    const weather = await createReason(a.cookies.usersManager, ' Bad weather ');
    expect(weather).toEqual({ id: expect.any(Number), name: 'Bad weather' });
    await createReason(a.cookies.billingManager, 'access refused');
    expect(await expectOk(getOne, { cookie: a.cookies.owner, params: { id: weather.id } })).toEqual(weather);
    const listed = await expectOk<CancellationReasonView[]>(list, { cookie: a.cookies.owner });
    expect(listed.map((reason) => reason.name)).toEqual(['access refused', 'Bad weather']);
  });

  it('answers 400 for a missing or blank name', async () => {
    for (const json of [{}, { name: '   ' }]) {
      const error = await expectError(create, post(json), 400, 'request.invalid');
      expect(messagesOf(error.fields)).toEqual({ name: ['Name is required'] });
      expect(codesOf(error.fields)).toEqual({ name: ['validation.required'] });
    }
  });

  it("answers 409 with the spec's warning on a name already taken, ignoring case, and frees a deleted reason's name", async () => {
    const first = await createReason(a.cookies.owner, 'Parts missing');
    const error = await expectError(create, post({ name: 'PARTS MISSING' }), 409, 'cancellationReasons.nameTaken');
    expect(messagesOf(error.fields)).toEqual({ name: [cancellationReasonConflictMessage] });
    expect(codesOf(error.fields)).toEqual({ name: ['cancellationReasons.nameTaken'] });
    expect(error.message).toBe('Conflict: A cancellation reason with this name already exists');
    expect(error.message).toBe(cancellationReasonConflictMessage);
    await expectOk(remove, del(first.id));
    await createReason(a.cookies.owner, 'parts missing');
    await createReason(b.cookies.owner, 'Parts missing');
  });
});

describe('PUT cancellation_reason/{id}', () => {
  it('renames a reason, answers 409 on another live name and 400 on a blank one', async () => {
    const reason = await createReason(a.cookies.owner, 'No access');
    await createReason(a.cookies.owner, 'Client away');
    const renamed = await expectOk(update, put(reason.id, { name: 'No site access' }, a.cookies.usersManager));
    expect(renamed).toEqual({ id: reason.id, name: 'No site access' });
    const clash = await expectError(update, put(reason.id, { name: 'client AWAY' }), 409, 'cancellationReasons.nameTaken');
    expect(clash.message).toBe(cancellationReasonConflictMessage);
    const blank = await expectError(update, put(reason.id, { name: '' }), 400, 'request.invalid');
    expect(messagesOf(blank.fields)).toEqual({ name: ['Name is required'] });
    expect(codesOf(blank.fields)).toEqual({ name: ['validation.required'] });
  });
});

describe('DELETE cancellation_reason/{id}', () => {
  it('hides the reason from the list and its reader and refuses to edit it afterwards', async () => {
    const reason = await createReason(a.cookies.owner, 'Soon gone');
    expect(await expectOk(remove, del(reason.id))).toEqual(reason);
    const listed = await expectOk<CancellationReasonView[]>(list, { cookie: a.cookies.owner });
    expect(listed.map((row) => row.id)).not.toContain(reason.id);
    await expectError(getOne, { cookie: a.cookies.owner, params: { id: reason.id } }, 404, 'cancellationReasons.notFound');
    await expectError(update, put(reason.id, { name: 'Soon gone' }), 404, 'cancellationReasons.notFound');
    await expectError(remove, del(reason.id), 404, 'cancellationReasons.notFound');
  });
});

describe('cancellation_reason access', () => {
  it('lets owner, usersManager and billingManager write; a tasksManager only reads; a worker gets 403 on everything', async () => {
    const guarded = await createReason(a.cookies.owner, 'Guarded reason');
    const body = { name: 'Guarded reason' };
    await expectOk(list, { cookie: a.cookies.tasksManager });
    await expectOk(getOne, { cookie: a.cookies.tasksManager, params: { id: guarded.id } });
    await expectError(create, { method: 'POST', cookie: a.cookies.tasksManager, json: { name: 'Other' } }, 403, 'auth.forbidden');
    await expectError(update, put(guarded.id, body, a.cookies.tasksManager), 403, 'auth.forbidden');
    await expectError(remove, del(guarded.id, a.cookies.tasksManager), 403, 'auth.forbidden');
    const error = await expectError(list, { cookie: a.cookies.worker }, 403, 'auth.forbidden');
    expect(error.message).toBe(forbiddenMessage);
    await expectError(getOne, { cookie: a.cookies.worker, params: { id: guarded.id } }, 403, 'auth.forbidden');
    await expectError(create, { method: 'POST', cookie: a.cookies.worker, json: { name: 'Other' } }, 403, 'auth.forbidden');
    await expectError(update, put(guarded.id, body, a.cookies.worker), 403, 'auth.forbidden');
    await expectError(remove, del(guarded.id, a.cookies.worker), 403, 'auth.forbidden');
    for (const cookie of [a.cookies.owner, a.cookies.usersManager, a.cookies.billingManager]) {
      await expectOk(update, put(guarded.id, body, cookie));
    }
  });

  it('answers 404 for a missing id and 400 for a malformed one', async () => {
    await expectError(getOne, { cookie: a.cookies.owner, params: { id: 999_999 } }, 404, 'cancellationReasons.notFound');
    await expectError(update, put(999_999, { name: 'Nowhere' }), 404, 'cancellationReasons.notFound');
    await expectError(remove, del('0'), 400, 'request.invalid');
  });

  it("GET, PUT and DELETE cancellation_reason/{id}: another tenant's id answers 404", async () => {
    const tenantB = await createReason(b.cookies.owner, 'Tenant B reason');
    const cookies = { otherTenantCookie: a.cookies.owner, ownerCookie: b.cookies.owner };
    await expectTenantIsolation({ handler: getOne, params: { id: tenantB.id }, ...cookies });
    await expectTenantIsolation({ handler: update, method: 'PUT', params: { id: tenantB.id }, json: { name: 'Tenant B reason' }, ...cookies });
    await expectTenantIsolation({ handler: remove, method: 'DELETE', params: { id: tenantB.id }, ...cookies });
    const listedByA = await expectOk<CancellationReasonView[]>(list, { cookie: a.cookies.owner });
    expect(listedByA.map((row) => row.id)).not.toContain(tenantB.id);
  });
});
