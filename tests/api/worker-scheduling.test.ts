import { eq } from 'drizzle-orm';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as geocode } from '@/app/api/web/geocode/route';
import { GET as getScheduling, PUT as putScheduling } from '@/app/api/web/users/[id]/scheduling/route';
import { users } from '@/db/schema';
import { codesOf, ErrorCode, messagesOf } from '@/lib/contract/errors';
import { Feature } from '@/lib/contract/features';
import type { WorkerScheduling } from '@/lib/contract/tenant-settings';
import { getDb } from '@/lib/server/core/db';
import { createUser, type TestUser } from './setup/fixtures';
import { expectTenantIsolation } from './setup/http';
import { companyWithSessions, expectError, expectOk } from './reference/helpers';

/** A company with feature 2 and workers in the states the call tells apart. */
async function schedulingCompany(features: number[] = [Feature.workingHours]) {
  const company = await companyWithSessions(features);
  const [worker, deactivated, deleted, manager] = await Promise.all([
    createUser(company.tenantId, { assignee: true }),
    createUser(company.tenantId, { assignee: true, active: false }),
    createUser(company.tenantId, { assignee: true, deleted: new Date() }),
    createUser(company.tenantId, { tasksManager: true }),
  ]);
  return { ...company, worker, deactivated, deleted, manager };
}
type Company = Awaited<ReturnType<typeof schedulingCompany>>;

let a: Company;
let b: Company;
let featureOff: Company;

beforeAll(async () => {
  [a, b, featureOff] = await Promise.all([schedulingCompany(), schedulingCompany(), schedulingCompany([])]);
});

const home = { address: 'Via Padova 12, 20127 Milano', latitude: 45.4935, longitude: 9.2245 };
const pathOf = (user: TestUser) => `/api/web/users/${user.id}/scheduling`;
const read = (user: TestUser, cookie = a.cookies.usersManager) =>
  expectOk<WorkerScheduling>(getScheduling, { path: pathOf(user), params: { id: user.id }, cookie });
const save = (user: TestUser, json: unknown, cookie = a.cookies.usersManager) =>
  expectOk<WorkerScheduling>(putScheduling, { method: 'PUT', path: pathOf(user), params: { id: user.id }, cookie, json });
const saveError = (user: TestUser, json: unknown, status: number, code: string, cookie = a.cookies.usersManager) =>
  expectError(putScheduling, { method: 'PUT', path: pathOf(user), params: { id: user.id }, cookie, json }, status, code);

describe('GET and PUT users/{id}/scheduling', () => {
  it('answers nulls for a worker with nothing set: the office location and no limit', async () => {
    expect(await read(a.worker)).toEqual({ startLocation: null, maxTasksPerDay: null });
  });

  it('saves the start location and the limit, answers them and reads them back', async () => {
    const saved = await save(a.worker, { startLocation: { ...home, address: ` ${home.address}  ` }, maxTasksPerDay: 6 });
    expect(saved).toEqual({ startLocation: home, maxTasksPerDay: 6 });
    expect(await read(a.worker)).toEqual(saved);
    const [row] = await (await getDb())
      .select({ address: users.startAddress, lat: users.startLatitude, lng: users.startLongitude, max: users.maxTasksPerDay })
      .from(users)
      .where(eq(users.id, a.worker.id));
    expect(row).toEqual({ address: home.address, lat: home.latitude, lng: home.longitude, max: 6 });
  });

  it('clears both with null: the worker sets out from the office again, with no limit', async () => {
    await save(a.worker, { startLocation: home, maxTasksPerDay: 3 });
    expect(await save(a.worker, { startLocation: null, maxTasksPerDay: null })).toEqual({ startLocation: null, maxTasksPerDay: null });
    const [row] = await (await getDb())
      .select({ address: users.startAddress, lat: users.startLatitude, lng: users.startLongitude })
      .from(users)
      .where(eq(users.id, a.worker.id));
    expect(row).toEqual({ address: null, lat: null, lng: null });
  });

  it('keeps a deactivated worker’s settings, and answers 404 for a deleted worker or someone who is not a worker', async () => {
    expect(await save(a.deactivated, { startLocation: home, maxTasksPerDay: 2 })).toEqual({ startLocation: home, maxTasksPerDay: 2 });
    for (const user of [a.deleted, a.manager]) {
      const error = await expectError(getScheduling, { path: pathOf(user), params: { id: user.id }, cookie: a.cookies.usersManager }, 404, 'workers.notFound');
      expect(error.message).toBe('Worker not found.');
      await saveError(user, { startLocation: null, maxTasksPerDay: null }, 404, 'workers.notFound');
    }
  });

  it("answers 404 for another tenant's worker and leaves it unchanged", async () => {
    await expectTenantIsolation({
      handler: getScheduling,
      path: pathOf(b.worker),
      params: { id: b.worker.id },
      otherTenantCookie: a.cookies.usersManager,
      ownerCookie: b.cookies.usersManager,
    });
    await saveError(b.worker, { startLocation: home, maxTasksPerDay: 1 }, 404, 'workers.notFound');
    expect(await read(b.worker, b.cookies.usersManager)).toEqual({ startLocation: null, maxTasksPerDay: null });
  });

  it('is for users managers (the owner is one); other roles get 403', async () => {
    await read(a.worker, a.cookies.owner);
    for (const cookie of [a.cookies.tasksManager, a.cookies.billingManager, a.cookies.worker]) {
      await expectError(getScheduling, { path: pathOf(a.worker), params: { id: a.worker.id }, cookie }, 403, ErrorCode.forbidden);
      await saveError(a.worker, { startLocation: null, maxTasksPerDay: null }, 403, ErrorCode.forbidden, cookie);
    }
  });

  it('is refused with FEATURE_DISABLED when working hours (feature 2) is off', async () => {
    const cookie = featureOff.cookies.usersManager;
    const worker = featureOff.worker;
    await expectError(getScheduling, { path: pathOf(worker), params: { id: worker.id }, cookie }, 403, ErrorCode.featureDisabled);
    await saveError(worker, { startLocation: null, maxTasksPerDay: null }, 403, ErrorCode.featureDisabled, cookie);
  });

  it('names what is wrong on each field', async () => {
    const limit = async (maxTasksPerDay: unknown) =>
      (await saveError(a.worker, { startLocation: null, maxTasksPerDay }, 400, ErrorCode.validation)).fields;
    const zero = await limit(0);
    expect(messagesOf(zero)).toEqual({ maxTasksPerDay: ['The limit is at least 1.'] });
    expect(zero?.maxTasksPerDay).toEqual([expect.objectContaining({ code: 'scheduling.limitMin', params: { min: 1 } })]);
    const over = await limit(101);
    expect(messagesOf(over)).toEqual({ maxTasksPerDay: ['The limit is at most 100.'] });
    expect(over?.maxTasksPerDay).toEqual([expect.objectContaining({ code: 'scheduling.limitMax', params: { max: 100 } })]);
    const fraction = await limit(2.5);
    expect(messagesOf(fraction)).toEqual({ maxTasksPerDay: ['The limit is a whole number.'] });
    expect(codesOf(fraction)).toEqual({ maxTasksPerDay: ['scheduling.limitWhole'] });
    const text = await limit('4');
    expect(messagesOf(text)).toEqual({ maxTasksPerDay: ['The limit is a whole number.'] });
    expect(codesOf(text)).toEqual({ maxTasksPerDay: ['validation.invalidType'] });
    const location = await saveError(
      a.worker,
      { startLocation: { address: '', latitude: -95, longitude: 200 }, maxTasksPerDay: null },
      400,
      ErrorCode.validation,
    );
    expect(codesOf(location.fields)).toEqual({
      'startLocation.address': ['scheduling.addressRequired'],
      'startLocation.latitude': ['scheduling.latitudeRange'],
      'startLocation.longitude': ['scheduling.longitudeRange'],
    });
    expect(messagesOf(location.fields)).toEqual({
      'startLocation.address': ['The address is required.'],
      'startLocation.latitude': ['The latitude is between -90 and 90.'],
      'startLocation.longitude': ['The longitude is between -180 and 180.'],
    });
    const long = await saveError(a.worker, { startLocation: { ...home, address: 'x'.repeat(501) }, maxTasksPerDay: null }, 400, ErrorCode.validation);
    expect(messagesOf(long.fields)).toEqual({ 'startLocation.address': ['The address has at most 500 characters.'] });
    expect(long.fields?.['startLocation.address']).toEqual([
      expect.objectContaining({ code: 'scheduling.addressTooLong', params: { max: 500 } }),
    ]);
    // Both fields are required: leaving one out is not taken as "unchanged".
    const partial = await saveError(a.worker, { maxTasksPerDay: 4 }, 400, ErrorCode.validation);
    expect(Object.keys(partial.fields ?? {})).toEqual(['startLocation']);
  });
});

describe('GET geocode for the start location', () => {
  let server: Server;
  beforeAll(async () => {
    server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify([{ display_name: home.address, lat: String(home.latitude), lon: String(home.longitude) }]));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    process.env.GEOCODER_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    delete process.env.GEOCODER_URL;
    server.closeAllConnections();
    server.close();
  });

  it('lets a users manager search addresses, as the assign drawer does', async () => {
    const found = await expectOk<{ results: unknown[] }>(geocode, { path: '/api/web/geocode', query: { q: 'via padova 12' }, cookie: a.cookies.usersManager });
    expect(found.results).toEqual([home]);
  });
});
