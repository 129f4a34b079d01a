import { beforeAll, describe, expect, it } from 'vitest';
import { GET as list, POST as create } from '@/app/api/web/clients/route';
import { DELETE as remove, GET as getOne, PUT as update } from '@/app/api/web/clients/[id]/route';
import type { ClientView } from '@/lib/contract/clients';
import { codesOf, messagesOf } from '@/lib/contract/errors';
import { usableClient } from '@/lib/server/clients/usable';
import { getDb } from '@/lib/server/core/db';
import { expectTenantIsolation } from '../setup/http';
import { companyWithSessions, expectError, expectOk, forbiddenMessage, send } from './helpers';

type Company = Awaited<ReturnType<typeof companyWithSessions>>;
let a: Company;
let b: Company;

const fullClient = {
  displayName: 'Rossi Impianti',
  defaultContact: { name: 'Mario', surname: 'Rossi', phoneCountryCode: '+39', phone: '3331234567' },
  defaultTaskLocation: { address: 'Via Roma 1, Milano', latitude: 45.4642, longitude: 9.19 },
  billingContact: {
    name: 'Anna',
    surname: 'Bianchi',
    phoneCountryCode: '+39',
    phone: '021234567',
    email: 'Billing@Rossi.example',
    address: 'Via Verdi 2, Milano',
  },
};

const createClient = (cookie: string, json: unknown) => expectOk<ClientView>(create, { method: 'POST', cookie, json });

beforeAll(async () => {
  [a, b] = await Promise.all([companyWithSessions(), companyWithSessions()]);
});

describe('POST and GET clients', () => {
  it('creates a client with its contacts and location, lists it by name and answers it by id', async () => {
    const created = await createClient(a.cookies.tasksManager, fullClient);
    expect(created).toEqual({
      id: expect.any(Number),
      ...fullClient,
      billingContact: { ...fullClient.billingContact, email: 'billing@rossi.example' },
      disabled: false,
      deleted: null,
    });
    await createClient(a.cookies.owner, { displayName: 'alfa srl' });
    const listed = await expectOk<ClientView[]>(list, { cookie: a.cookies.tasksManager });
    expect(listed.map((client) => client.displayName)).toEqual(['alfa srl', 'Rossi Impianti']);
    expect(listed[0]).toMatchObject({ defaultContact: {}, defaultTaskLocation: {}, billingContact: {} });
    expect(await expectOk(getOne, { cookie: a.cookies.tasksManager, params: { id: created.id } })).toEqual(created);
  });

  it('treats blank and null details as absent', async () => {
    const created = await createClient(a.cookies.owner, {
      displayName: 'Blank details',
      defaultContact: { name: ' ', phone: null },
      defaultTaskLocation: null,
      billingContact: { email: '', address: 'Somewhere' },
    });
    expect(created).toMatchObject({ defaultContact: {}, defaultTaskLocation: {}, billingContact: { address: 'Somewhere' } });
  });

  it('answers 400 for a missing display name, a bad billing e-mail and coordinates out of range', async () => {
    const error = await expectError(
      create,
      {
        method: 'POST',
        cookie: a.cookies.owner,
        json: { displayName: '', billingContact: { email: 'not-an-email' }, defaultTaskLocation: { latitude: 91, longitude: -181 } },
      },
      400,
      'request.invalid',
    );
    expect(messagesOf(error.fields)).toEqual({
      displayName: ['Display name is required'],
      'billingContact.email': ['Invalid email address provided'],
      'defaultTaskLocation.latitude': ['Latitude must be between -90 and 90'],
      'defaultTaskLocation.longitude': ['Longitude must be between -180 and 180'],
    });
    expect(codesOf(error.fields)).toEqual({
      displayName: ['validation.required'],
      'billingContact.email': ['client.invalidEmail'],
      'defaultTaskLocation.latitude': ['client.latitudeRange'],
      'defaultTaskLocation.longitude': ['client.longitudeRange'],
    });
  });

  it('answers 409 on a name already taken, ignoring case, and frees the name of a deleted client', async () => {
    const first = await createClient(a.cookies.owner, { displayName: 'Verdi SpA' });
    const error = await expectError(create, { method: 'POST', cookie: a.cookies.owner, json: { displayName: ' VERDI spa ' } }, 409, 'client.nameTaken');
    expect(error.message).toBe('A client with this name already exists.');
    expect(codesOf(error.fields)).toEqual({ displayName: ['client.nameTaken'] });
    expect(messagesOf(error.fields)).toEqual({ displayName: ['A client with this name already exists.'] });
    await expectOk(remove, { method: 'DELETE', cookie: a.cookies.owner, params: { id: first.id } });
    const again = await createClient(a.cookies.owner, { displayName: 'verdi SpA' });
    expect(again.id).not.toBe(first.id);
    await createClient(b.cookies.owner, { displayName: 'Verdi SpA' });
  });
});

describe('PUT clients/{id}', () => {
  it('replaces the details whole, keeps the disabled flag unless given, and validates like POST', async () => {
    const client = await createClient(a.cookies.owner, { ...fullClient, displayName: 'Neri', disabled: true });
    const updated = await expectOk<ClientView>(update, {
      method: 'PUT',
      cookie: a.cookies.tasksManager,
      params: { id: client.id },
      json: { displayName: 'Neri & figli', defaultContact: { name: 'Luca' } },
    });
    expect(updated).toMatchObject({
      displayName: 'Neri & figli',
      defaultContact: { name: 'Luca' },
      defaultTaskLocation: {},
      billingContact: {},
      disabled: true,
    });
    const enabled = await expectOk<ClientView>(update, { method: 'PUT', cookie: a.cookies.owner, params: { id: client.id }, json: { displayName: 'Neri & figli', disabled: false } });
    expect(enabled.disabled).toBe(false);
    const invalid = await expectError(update, { method: 'PUT', cookie: a.cookies.owner, params: { id: client.id }, json: { displayName: 'Neri', billingContact: { email: 'x@' } } }, 400, 'request.invalid');
    expect(messagesOf(invalid.fields)).toEqual({ 'billingContact.email': ['Invalid email address provided'] });
    expect(codesOf(invalid.fields)).toEqual({ 'billingContact.email': ['client.invalidEmail'] });
  });

  it('answers 409 when renamed to another live client, and allows keeping its own name', async () => {
    await createClient(a.cookies.owner, { displayName: 'Gialli' });
    const other = await createClient(a.cookies.owner, { displayName: 'Blu' });
    const error = await expectError(update, { method: 'PUT', cookie: a.cookies.owner, params: { id: other.id }, json: { displayName: 'GIALLI' } }, 409, 'client.nameTaken');
    expect(error.message).toBe('A client with this name already exists.');
    await expectOk(update, { method: 'PUT', cookie: a.cookies.owner, params: { id: other.id }, json: { displayName: 'BLU' } });
  });
});

describe('DELETE clients/{id}', () => {
  it('hides the client from the list, still answers it by id with its deletion time, and refuses to edit it', async () => {
    const client = await createClient(a.cookies.owner, { displayName: 'Former client' });
    const deleted = await expectOk<ClientView>(remove, { method: 'DELETE', cookie: a.cookies.owner, params: { id: client.id } });
    expect(deleted.deleted).toEqual(expect.any(String));
    const listed = await expectOk<ClientView[]>(list, { cookie: a.cookies.owner });
    expect(listed.map((row) => row.id)).not.toContain(client.id);
    expect(await expectOk(getOne, { cookie: a.cookies.owner, params: { id: client.id } })).toMatchObject({
      id: client.id,
      displayName: 'Former client',
      deleted: deleted.deleted,
    });
    await expectError(update, { method: 'PUT', cookie: a.cookies.owner, params: { id: client.id }, json: { displayName: 'Former client' } }, 404, 'client.notFound');
    await expectError(remove, { method: 'DELETE', cookie: a.cookies.owner, params: { id: client.id } }, 404, 'client.notFound');
  });

  it('is refused for new tasks but kept for a task that already has it', async () => {
    const db = await getDb();
    const live = await createClient(a.cookies.owner, { displayName: 'Usable client' });
    const gone = await createClient(a.cookies.owner, { displayName: 'Gone client' });
    await expectOk(remove, { method: 'DELETE', cookie: a.cookies.owner, params: { id: gone.id } });
    expect((await usableClient(db, a.tenantId, live.id)).displayName).toBe('Usable client');
    await expect(usableClient(db, a.tenantId, gone.id)).rejects.toMatchObject({
      status: 422,
      code: 'client.deleted',
      fields: { clientId: [{ code: 'client.deleted', message: 'This client has been deleted.' }] },
    });
    expect((await usableClient(db, a.tenantId, gone.id, gone.id)).id).toBe(gone.id);
    await expect(usableClient(db, b.tenantId, live.id)).rejects.toMatchObject({
      status: 400,
      fields: { clientId: [{ code: 'client.notFound', message: 'Client not found.' }] },
    });
  });
});

describe('clients access', () => {
  it('answers 403 to a worker and to a usersManager, on reads as on writes, while a tasksManager may read', async () => {
    const client = await createClient(a.cookies.owner, { displayName: 'Guarded client' });
    for (const handler of [list, getOne]) {
      const error = await expectError(handler, { cookie: a.cookies.worker, params: { id: client.id } }, 403, 'auth.forbidden');
      expect(error.message).toBe(forbiddenMessage);
      await expectError(handler, { cookie: a.cookies.usersManager, params: { id: client.id } }, 403, 'auth.forbidden');
      await expectOk(handler, { cookie: a.cookies.tasksManager, params: { id: client.id } });
    }
    const body = { displayName: 'Guarded client' };
    await expectError(create, { method: 'POST', cookie: a.cookies.usersManager, json: body }, 403, 'auth.forbidden');
    await expectError(update, { method: 'PUT', cookie: a.cookies.usersManager, params: { id: client.id }, json: body }, 403, 'auth.forbidden');
    await expectError(remove, { method: 'DELETE', cookie: a.cookies.usersManager, params: { id: client.id } }, 403, 'auth.forbidden');
    await expectError(remove, { method: 'DELETE', cookie: a.cookies.worker, params: { id: client.id } }, 403, 'auth.forbidden');
  });

  it('answers 401 without a session, 404 for a missing id and 400 for a malformed one', async () => {
    expect((await send(list, { cookie: '' })).status).toBe(401);
    await expectError(getOne, { cookie: a.cookies.owner, params: { id: 999_999 } }, 404, 'client.notFound');
    await expectError(update, { method: 'PUT', cookie: a.cookies.owner, params: { id: 'x1' }, json: { displayName: 'X' } }, 400, 'request.invalid');
  });

  it("GET, PUT and DELETE clients/{id}: another tenant's id answers 404", async () => {
    const client = await createClient(b.cookies.owner, { displayName: 'Tenant B client' });
    const cookies = { otherTenantCookie: a.cookies.owner, ownerCookie: b.cookies.owner };
    await expectTenantIsolation({ handler: getOne, params: { id: client.id }, ...cookies });
    await expectTenantIsolation({ handler: update, method: 'PUT', params: { id: client.id }, json: { displayName: 'Tenant B client' }, ...cookies });
    await expectTenantIsolation({ handler: remove, method: 'DELETE', params: { id: client.id }, ...cookies });
    const listedByA = await expectOk<ClientView[]>(list, { cookie: a.cookies.owner });
    expect(listedByA.map((row) => row.id)).not.toContain(client.id);
  });
});
