import { beforeAll, describe, expect, it } from 'vitest';
import { GET as list, POST as create } from '@/app/api/web/zones/route';
import { DELETE as remove, GET as read, PUT as update } from '@/app/api/web/zones/[id]/route';
import { codesOf, messagesOf } from '@/lib/contract/errors';
import { Feature } from '@/lib/contract/features';
import type { ZoneView } from '@/lib/contract/zones';
import { expectTenantIsolation } from './setup/http';
import { companyWithSessions, expectError, expectOk, forbiddenMessage, send } from './reference/helpers';

type Company = Awaited<ReturnType<typeof companyWithSessions>>;
let a: Company;
let b: Company;
let noZones: Company;

/** A small triangle in Milan, listed as a GeoJSON ring would list it: the first corner repeated at the end. */
const triangle = [
  { lat: 45.46, lng: 9.18 },
  { lat: 45.47, lng: 9.2 },
  { lat: 45.45, lng: 9.21 },
  { lat: 45.46, lng: 9.18 },
];
const square = [
  { lat: 45.5, lng: 9.1, point_order: 3 },
  { lat: 45.5, lng: 9.2, point_order: 2 },
  { lat: 45.4, lng: 9.2, point_order: 1 },
  { lat: 45.4, lng: 9.1, point_order: 0 },
];
const zone = (name: string, points: unknown = triangle, color?: string) => ({ name, points, ...(color ? { color } : {}) });

const createZone = (cookie: string, json: unknown) => expectOk<ZoneView>(create, { method: 'POST', cookie, json });
const post = (json: unknown) => ({ method: 'POST', cookie: a.cookies.owner, json });
const put = (id: number, json: unknown, cookie = a.cookies.owner) => ({ method: 'PUT', cookie, params: { id }, json });
const byId = (id: number, method: string, cookie = a.cookies.owner) => ({ method, cookie, params: { id } });

beforeAll(async () => {
  [a, b, noZones] = await Promise.all([
    companyWithSessions([Feature.zones]),
    companyWithSessions([Feature.zones]),
    companyWithSessions(),
  ]);
});

describe('POST and GET zones', () => {
  it('creates a zone with the default colour and its polygon numbered in drawing order, without the repeated closing corner', async () => {
    const created = await createZone(a.cookies.owner, zone('Milan centre'));
    expect(created).toEqual({
      id: expect.any(Number),
      name: 'Milan centre',
      color: '#3db389',
      deleted: null,
      points: [
        { lat: 45.46, lng: 9.18, point_order: 0 },
        { lat: 45.47, lng: 9.2, point_order: 1 },
        { lat: 45.45, lng: 9.21, point_order: 2 },
      ],
    });
    expect(await expectOk<ZoneView>(read, { cookie: a.cookies.owner, params: { id: created.id } })).toEqual(created);
  });

  it('orders the corners by point_order, keeps a chosen colour in lower case, and lists zones by name to every manager', async () => {
    const north = await createZone(a.cookies.usersManager, zone('north side', square, '#FF8800'));
    expect(north.color).toBe('#ff8800');
    expect(north.points.map((point) => [point.lat, point.lng, point.point_order])).toEqual([
      [45.4, 9.1, 0],
      [45.4, 9.2, 1],
      [45.5, 9.2, 2],
      [45.5, 9.1, 3],
    ]);
    await createZone(a.cookies.billingManager, zone('Airport'));
    for (const cookie of [a.cookies.owner, a.cookies.tasksManager, a.cookies.usersManager, a.cookies.billingManager]) {
      const names = (await expectOk<ZoneView[]>(list, { cookie })).map((row) => row.name);
      expect(names).toEqual([...names].sort((x, y) => x.toLowerCase().localeCompare(y.toLowerCase())));
      expect(names).toEqual(expect.arrayContaining(['Airport', 'Milan centre', 'north side']));
    }
    const listed = await expectOk<ZoneView[]>(list, { cookie: a.cookies.owner });
    expect(listed.find((row) => row.id === north.id)).toEqual(north);
  });

  it('answers 400 with the field messages for a missing name and polygon, a bad colour and bad corners', async () => {
    const missing = await expectError(create, post({ name: ' ' }), 400, 'request.invalid');
    expect(messagesOf(missing.fields)).toEqual({ name: ['Name is required'], points: ['Zone points are required'] });
    expect(codesOf(missing.fields)).toEqual({ name: ['validation.required'], points: ['validation.required'] });
    const empty = await expectError(create, post(zone('Empty', [])), 400, 'request.invalid');
    expect(messagesOf(empty.fields)).toEqual({ points: ['Zone points are required'] });
    expect(codesOf(empty.fields)).toEqual({ points: ['zones.pointsRequired'] });
    // Two corners, even with the ring's closing repeat, are a line, not a polygon.
    const line = [triangle[0], triangle[1], triangle[0]];
    const tooFew = await expectError(create, post(zone('Line', line)), 400, 'request.invalid');
    expect(messagesOf(tooFew.fields)).toEqual({ points: ['A zone is a polygon of at least 3 points'] });
    expect(tooFew.fields?.points).toEqual([expect.objectContaining({ code: 'zones.pointsTooFew', params: { min: 3 } })]);
    const colour = await expectError(create, post(zone('Colour', triangle, 'green')), 400, 'request.invalid');
    expect(messagesOf(colour.fields)).toEqual({ color: ['Colour must be #rrggbb'] });
    expect(codesOf(colour.fields)).toEqual({ color: ['zones.colorInvalid'] });
    const outside = [{ lat: 91, lng: 9 }, { lat: 45, lng: -181 }, { lat: 45, lng: 9 }];
    const corners = await expectError(create, post(zone('Outside', outside)), 400, 'request.invalid');
    expect(codesOf(corners.fields)).toEqual({ 'points.0.lat': ['validation.tooBig'], 'points.1.lng': ['validation.tooSmall'] });
    expect(messagesOf(corners.fields)).toEqual({
      'points.0.lat': ['Latitude must be between -90 and 90'],
      'points.1.lng': ['Longitude must be between -180 and 180'],
    });
    const repeated = square.map((point) => ({ ...point, point_order: 1 }));
    const order = await expectError(create, post(zone('Repeated', repeated)), 400, 'request.invalid');
    expect(messagesOf(order.fields)).toEqual({ points: ['Each point needs its own point_order'] });
    expect(codesOf(order.fields)).toEqual({ points: ['zones.pointOrderRepeated'] });
  });

  it('answers 409 on a name already taken, ignoring case, frees the name of a deleted zone, and leaves other tenants alone', async () => {
    const first = await createZone(a.cookies.owner, zone('Harbour'));
    const error = await expectError(create, post(zone(' HARBOUR')), 409, 'zones.nameTaken');
    expect(error.message).toBe('A zone with this name already exists.');
    expect(messagesOf(error.fields)).toEqual({ name: ['A zone with this name already exists.'] });
    expect(codesOf(error.fields)).toEqual({ name: ['zones.nameTaken'] });
    await expectOk(remove, byId(first.id, 'DELETE'));
    await createZone(a.cookies.owner, zone('harbour'));
    await createZone(b.cookies.owner, zone('Harbour'));
  });
});

describe('PUT zones/{id}', () => {
  it('renames, recolours and replaces the whole polygon; 409 on another live name; 400 on a broken polygon', async () => {
    const park = await createZone(a.cookies.owner, zone('Park'));
    await createZone(a.cookies.owner, zone('Station'));
    const updated = await expectOk<ZoneView>(update, put(park.id, zone('Park and lake', square, '#123abc'), a.cookies.billingManager));
    expect(updated).toMatchObject({ id: park.id, name: 'Park and lake', color: '#123abc' });
    expect(updated.points).toHaveLength(4);
    expect(await expectOk<ZoneView>(read, { cookie: a.cookies.owner, params: { id: park.id } })).toEqual(updated);
    // Without a colour the zone takes the default again, as a new one would.
    expect((await expectOk<ZoneView>(update, put(park.id, zone('Park and lake', square)))).color).toBe('#3db389');
    const clash = await expectError(update, put(park.id, zone('STATION')), 409, 'zones.nameTaken');
    expect(clash.message).toBe('A zone with this name already exists.');
    const broken = await expectError(update, put(park.id, zone('Park and lake', triangle.slice(0, 2))), 400, 'request.invalid');
    expect(messagesOf(broken.fields)).toEqual({ points: ['A zone is a polygon of at least 3 points'] });
    expect(codesOf(broken.fields)).toEqual({ points: ['zones.pointsTooFew'] });
    expect((await expectOk<ZoneView>(read, { cookie: a.cookies.owner, params: { id: park.id } })).points).toHaveLength(4);
  });
});

describe('DELETE zones/{id}', () => {
  it('hides the zone from the list and answers 404 to every later call on it', async () => {
    const gone = await createZone(a.cookies.owner, zone('Gone soon'));
    const deleted = await expectOk<ZoneView>(remove, byId(gone.id, 'DELETE', a.cookies.usersManager));
    expect(deleted).toMatchObject({ id: gone.id, name: 'Gone soon', deleted: expect.any(String) });
    const listed = await expectOk<ZoneView[]>(list, { cookie: a.cookies.owner });
    expect(listed.map((row) => row.id)).not.toContain(gone.id);
    await expectError(read, byId(gone.id, 'GET'), 404, 'zones.notFound');
    await expectError(update, put(gone.id, zone('Gone soon')), 404, 'zones.notFound');
    await expectError(remove, byId(gone.id, 'DELETE'), 404, 'zones.notFound');
  });
});

describe('zones access', () => {
  it('needs feature 1 for every call', async () => {
    const calls = [
      expectError(list, { cookie: noZones.cookies.owner }, 403, 'tenant.featureDisabled'),
      expectError(create, { method: 'POST', cookie: noZones.cookies.owner, json: zone('Any') }, 403, 'tenant.featureDisabled'),
      expectError(read, { method: 'GET', cookie: noZones.cookies.owner, params: { id: 1 } }, 403, 'tenant.featureDisabled'),
      expectError(update, { method: 'PUT', cookie: noZones.cookies.owner, params: { id: 1 }, json: zone('Any') }, 403, 'tenant.featureDisabled'),
      expectError(remove, { method: 'DELETE', cookie: noZones.cookies.owner, params: { id: 1 } }, 403, 'tenant.featureDisabled'),
    ];
    for (const error of await Promise.all(calls)) expect(error.message).toBe('This feature is not enabled for your company.');
  });

  it('lets owner, usersManager and billingManager write; a tasksManager only reads; a worker gets 403 everywhere', async () => {
    const guarded = await createZone(a.cookies.owner, zone('Guarded'));
    const { tasksManager, worker } = a.cookies;
    await expectOk(read, byId(guarded.id, 'GET', tasksManager));
    for (const cookie of [tasksManager, worker]) {
      const error = await expectError(create, { method: 'POST', cookie, json: zone('Not mine') }, 403, 'auth.forbidden');
      expect(error.message).toBe(forbiddenMessage);
      await expectError(update, put(guarded.id, zone('Guarded'), cookie), 403, 'auth.forbidden');
      await expectError(remove, byId(guarded.id, 'DELETE', cookie), 403, 'auth.forbidden');
    }
    await expectError(list, { cookie: worker }, 403, 'auth.forbidden');
    await expectError(read, byId(guarded.id, 'GET', worker), 403, 'auth.forbidden');
    expect((await send(list, { cookie: '' })).status).toBe(401);
    await expectOk(update, put(guarded.id, zone('Guarded'), a.cookies.usersManager));
  });

  it('answers 404 for a missing id and 400 for a malformed one', async () => {
    await expectError(read, byId(999_999, 'GET'), 404, 'zones.notFound');
    await expectError(update, put(999_999, zone('Nowhere')), 404, 'zones.notFound');
    await expectError(remove, { method: 'DELETE', cookie: a.cookies.owner, params: { id: 'abc' } }, 400, 'request.invalid');
  });

  it("GET, PUT and DELETE zones/{id}: another tenant's id answers 404", async () => {
    const tenantB = await createZone(b.cookies.owner, zone('Tenant B zone'));
    const cookies = { otherTenantCookie: a.cookies.owner, ownerCookie: b.cookies.owner };
    await expectTenantIsolation({ handler: read, method: 'GET', params: { id: tenantB.id }, ...cookies });
    await expectTenantIsolation({ handler: update, method: 'PUT', params: { id: tenantB.id }, json: zone('Tenant B zone', square), ...cookies });
    await expectTenantIsolation({ handler: remove, method: 'DELETE', params: { id: tenantB.id }, ...cookies });
    const listedByA = await expectOk<ZoneView[]>(list, { cookie: a.cookies.owner });
    expect(listedByA.map((row) => row.id)).not.toContain(tenantB.id);
  });
});
