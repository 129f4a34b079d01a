import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as getSettings, PUT as putSettings } from '@/app/api/web/settings/route';
import { tenants } from '@/db/schema';
import { codesOf, ErrorCode, messagesOf } from '@/lib/contract/errors';
import type { TenantSettingsView } from '@/lib/contract/tenant-settings';
import { getDb } from '@/lib/server/core/db';
import { companyWithSessions, expectError, expectOk, forbiddenMessage } from './reference/helpers';

type Company = Awaited<ReturnType<typeof companyWithSessions>>;
let a: Company;
let b: Company;

beforeAll(async () => {
  [a, b] = await Promise.all([companyWithSessions(), companyWithSessions()]);
  // Sign-up stores what the company told about itself in the same jsonb: saving settings must not lose it.
  const db = await getDb();
  await db.update(tenants).set({ settings: { industry: 'plumbing', companySize: 'small' } }).where(eq(tenants.id, a.tenantId));
});

const office = { address: 'Via Dante 7, 20123 Milano', latitude: 45.466, longitude: 9.186 };
const bounds = { southWest: { lat: 45.4, lng: 9.1 }, northEast: { lat: 45.5, lng: 9.3 } };

const read = (cookie: string) => expectOk<TenantSettingsView>(getSettings, { path: '/api/web/settings', cookie });
const save = (cookie: string, json: unknown) =>
  expectOk<TenantSettingsView>(putSettings, { method: 'PUT', path: '/api/web/settings', cookie, json });
const storedSettings = async (tenantId: number) => {
  const [row] = await (await getDb()).select({ settings: tenants.settings }).from(tenants).where(eq(tenants.id, tenantId));
  return row.settings;
};

describe('GET settings', () => {
  it('answers the time zone and nulls for settings never saved', async () => {
    expect(await read(b.cookies.owner)).toEqual({ timeZone: 'Europe/Rome', defaultMapBounds: null, officeLocation: null });
  });

  it('is read by every staff role and refused to a worker', async () => {
    for (const cookie of [a.cookies.owner, a.cookies.tasksManager, a.cookies.usersManager, a.cookies.billingManager]) {
      await read(cookie);
    }
    const error = await expectError(getSettings, { path: '/api/web/settings', cookie: a.cookies.worker }, 403, ErrorCode.forbidden);
    expect(error.message).toBe(forbiddenMessage);
  });
});

describe('PUT settings', () => {
  it('saves the office location and the map bounds, answers the new settings and keeps the sign-up answers', async () => {
    const saved = await save(a.cookies.owner, { officeLocation: { ...office, address: `  ${office.address} ` }, defaultMapBounds: bounds });
    expect(saved).toEqual({ timeZone: 'Europe/Rome', defaultMapBounds: bounds, officeLocation: office });
    expect(await read(a.cookies.tasksManager)).toEqual(saved);
    expect(await storedSettings(a.tenantId)).toMatchObject({ industry: 'plumbing', companySize: 'small' });
  });

  it('changes only the fields given, and null clears one', async () => {
    await save(a.cookies.owner, { officeLocation: office, defaultMapBounds: bounds });
    const other = { address: 'Corso Buenos Aires 1, Milano', latitude: 45.47, longitude: 9.2 };
    expect(await save(a.cookies.owner, { officeLocation: other })).toMatchObject({ officeLocation: other, defaultMapBounds: bounds });
    expect(await save(a.cookies.owner, { officeLocation: null })).toMatchObject({ officeLocation: null, defaultMapBounds: bounds });
    expect(await save(a.cookies.owner, { defaultMapBounds: null })).toMatchObject({ officeLocation: null, defaultMapBounds: null });
    const stored = await storedSettings(a.tenantId);
    expect(stored).not.toHaveProperty('officeLocation');
    expect(stored).not.toHaveProperty('defaultMapBounds');
    expect(stored).toMatchObject({ industry: 'plumbing' });
  });

  it("changes only the caller's tenant", async () => {
    await save(a.cookies.owner, { officeLocation: office });
    expect((await read(b.cookies.owner)).officeLocation).toBeNull();
  });

  it('is for the owner only', async () => {
    for (const cookie of [a.cookies.tasksManager, a.cookies.usersManager, a.cookies.billingManager, a.cookies.worker]) {
      await expectError(putSettings, { method: 'PUT', path: '/api/web/settings', cookie, json: { officeLocation: null } }, 403, ErrorCode.forbidden);
    }
  });

  it('names what is wrong with an office location or map bounds, field by field', async () => {
    const put = (json: unknown) =>
      expectError(putSettings, { method: 'PUT', path: '/api/web/settings', cookie: a.cookies.owner, json }, 400, ErrorCode.validation);
    const location = await put({ officeLocation: { address: ' ', latitude: 91, longitude: -181 } });
    expect(codesOf(location.fields)).toEqual({
      'officeLocation.address': ['scheduling.addressRequired'],
      'officeLocation.latitude': ['scheduling.latitudeRange'],
      'officeLocation.longitude': ['scheduling.longitudeRange'],
    });
    expect(messagesOf(location.fields)).toEqual({
      'officeLocation.address': ['The address is required.'],
      'officeLocation.latitude': ['The latitude is between -90 and 90.'],
      'officeLocation.longitude': ['The longitude is between -180 and 180.'],
    });
    const missing = await put({ officeLocation: { address: 'Via Roma 1' } });
    expect(codesOf(missing.fields)).toEqual({
      'officeLocation.latitude': ['validation.required'],
      'officeLocation.longitude': ['validation.required'],
    });
    expect(messagesOf(missing.fields)).toEqual({
      'officeLocation.latitude': ['The latitude is a number.'],
      'officeLocation.longitude': ['The longitude is a number.'],
    });
    const upsideDown = await put({ defaultMapBounds: { southWest: bounds.northEast, northEast: bounds.southWest } });
    expect(messagesOf(upsideDown.fields)).toEqual({ defaultMapBounds: ['The north-east corner must be north of the south-west one.'] });
    expect(codesOf(upsideDown.fields)).toEqual({ defaultMapBounds: ['tenantSettings.boundsInverted'] });
    const unplaced = await put({ officeLocation: { address: 'Via Roma 1', latitude: null, longitude: null } });
    expect(codesOf(unplaced.fields)).toEqual({
      'officeLocation.latitude': ['scheduling.markerMissing'],
      'officeLocation.longitude': ['scheduling.markerMissing'],
    });
    const unknown = await put({ timeZone: 'Europe/Paris' });
    expect(Object.keys(unknown.fields ?? {})).toEqual(['_']);
  });
});
