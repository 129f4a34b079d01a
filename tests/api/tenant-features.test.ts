import { beforeAll, describe, expect, it } from 'vitest';
import { GET as listFeatures } from '@/app/api/web/features/route';
import { GET as listTenantFeatures } from '@/app/api/web/tenant_feature/route';
import { DELETE as disable, POST as enable } from '@/app/api/web/tenant_feature/[id]/route';
import { GET as listSkills } from '@/app/api/web/skills/route';
import { GET as me } from '@/app/api/web/users/me/route';
import { GET as templates } from '@/app/api/web/working-hours/route';
import { Feature } from '@/lib/contract/features';
import type { TenantFeatureView } from '@/lib/contract/reference-data';
import { companyWithSessions, expectError, expectOk, forbiddenMessage } from './reference/helpers';

type Company = Awaited<ReturnType<typeof companyWithSessions>>;
let a: Company;
let b: Company;

const on = (cookie: string, id: number) => ({ method: 'POST', cookie, params: { id } });
const off = (cookie: string, id: number) => ({ method: 'DELETE', cookie, params: { id } });
const ids = (features: TenantFeatureView[]) => features.map((feature) => feature.feature.id);

beforeAll(async () => {
  [a, b] = await Promise.all([
    companyWithSessions([Feature.zones, Feature.workingHours, Feature.skills, Feature.accounting]),
    companyWithSessions([Feature.zones, Feature.workingHours, Feature.skills, Feature.accounting]),
  ]);
});

describe('GET features', () => {
  it('answers the catalogue, ids 1 to 7, to every signed-in user', async () => {
    for (const cookie of Object.values(a.cookies)) {
      const features = await expectOk<{ id: number; name: string }[]>(listFeatures, { cookie });
      expect(features.map((feature) => feature.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
      expect(features[3]).toEqual({ id: 4, name: 'skills' });
    }
  });
});

describe('POST and DELETE tenant_feature/{id}', () => {
  it('switches a feature off and on, answering the tenant features; the change applies to the next call at once', async () => {
    const afterOff = await expectOk<TenantFeatureView[]>(disable, off(a.cookies.owner, Feature.skills));
    expect(ids(afterOff)).toEqual([1, 2, 5]);
    expect(ids(await expectOk<TenantFeatureView[]>(listTenantFeatures, { cookie: a.cookies.tasksManager }))).toEqual([1, 2, 5]);
    expect(((await expectOk<{ features: number[] }>(me, { cookie: a.cookies.owner })).features)).toEqual([1, 2, 5]);

    const afterOn = await expectOk<TenantFeatureView[]>(enable, on(a.cookies.owner, Feature.skills));
    expect(ids(afterOn)).toEqual([1, 2, 4, 5]);
    expect(afterOn[2]).toEqual({ id: 4, feature: { id: 4, name: 'skills' } });
    await expectOk(listSkills, { cookie: a.cookies.owner });
  });

  it('answers 409 with a warning when the feature is already on, or already off', async () => {
    const alreadyOn = await expectError(enable, on(a.cookies.owner, Feature.zones), 409, 'feature.alreadyOn');
    expect(alreadyOn.message).toBe('This feature is already enabled.');
    const alreadyOff = await expectError(disable, off(a.cookies.owner, Feature.timeSlots), 409, 'feature.alreadyOff');
    expect(alreadyOff.message).toBe('This feature is already disabled.');
  });

  it('answers 404 for an id outside the catalogue and 400 for an id that is not one', async () => {
    for (const id of [8, 99]) {
      expect((await expectError(enable, on(a.cookies.owner, id), 404, 'feature.notFound')).message).toBe('No such feature.');
      await expectError(disable, off(a.cookies.owner, id), 404, 'feature.notFound');
    }
    await expectError(enable, { method: 'POST', cookie: a.cookies.owner, params: { id: 'skills' } }, 400, 'request.invalid');
  });

  it('is for the owner alone: every other role gets 403', async () => {
    for (const cookie of [a.cookies.tasksManager, a.cookies.usersManager, a.cookies.billingManager, a.cookies.worker]) {
      expect((await expectError(enable, on(cookie, Feature.timeSlots), 403, 'auth.forbidden')).message).toBe(forbiddenMessage);
      expect((await expectError(disable, off(cookie, Feature.zones), 403, 'auth.forbidden')).message).toBe(forbiddenMessage);
    }
    expect(ids(await expectOk<TenantFeatureView[]>(listTenantFeatures, { cookie: a.cookies.owner }))).toEqual([1, 2, 4, 5]);
  });

  it("touches only the caller's tenant", async () => {
    await expectOk(enable, on(a.cookies.owner, Feature.trackingLink));
    await expectOk(disable, off(a.cookies.owner, Feature.accounting));
    expect(ids(await expectOk<TenantFeatureView[]>(listTenantFeatures, { cookie: b.cookies.owner }))).toEqual([1, 2, 4, 5]);
    // The other tenant switches the same features its own way, unaffected by the first.
    await expectError(enable, on(b.cookies.owner, Feature.accounting), 409, 'feature.alreadyOn');
    await expectError(disable, off(b.cookies.owner, Feature.trackingLink), 409, 'feature.alreadyOff');
    expect(ids(await expectOk<TenantFeatureView[]>(listTenantFeatures, { cookie: a.cookies.owner }))).toEqual([1, 2, 4, 7]);
  });

  it('gates the calls of a feature as soon as it is off (FEATURE_DISABLED)', async () => {
    await expectOk(disable, off(b.cookies.owner, Feature.workingHours));
    await expectError(templates, { cookie: b.cookies.tasksManager }, 403, 'tenant.featureDisabled');
    await expectOk(enable, on(b.cookies.owner, Feature.workingHours));
    await expectOk(templates, { cookie: b.cookies.tasksManager });
  });
});
