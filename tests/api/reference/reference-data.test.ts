import { beforeAll, describe, expect, it } from 'vitest';
import { GET as listReasons } from '@/app/api/web/cancellation_reason/route';
import { GET as listFeatures } from '@/app/api/web/tenant_feature/route';
import { cancellationReasons } from '@/db/schema';
import { Feature } from '@/lib/contract/features';
import type { CancellationReasonView, TenantFeatureView } from '@/lib/contract/reference-data';
import { getDb } from '@/lib/server/core/db';
import { companyWithSessions, expectError, expectOk, forbiddenMessage, send } from './helpers';

type Company = Awaited<ReturnType<typeof companyWithSessions>>;
let a: Company;
let b: Company;

beforeAll(async () => {
  [a, b] = await Promise.all([
    companyWithSessions([Feature.timeSlots, Feature.zones]),
    companyWithSessions([Feature.skills]),
  ]);
  const db = await getDb();
  await db.insert(cancellationReasons).values([
    { tenantId: a.tenantId, name: 'other' },
    { tenantId: a.tenantId, name: 'Client no show' },
    { tenantId: a.tenantId, name: 'Retired reason', deleted: new Date() },
    { tenantId: b.tenantId, name: 'Tenant B reason' },
  ]);
});

describe('GET cancellation_reason', () => {
  it("answers the tenant's live reasons by name, without deleted ones or another tenant's", async () => {
    for (const cookie of [a.cookies.tasksManager, a.cookies.usersManager, a.cookies.billingManager, a.cookies.owner]) {
      const reasons = await expectOk<CancellationReasonView[]>(listReasons, { cookie });
      expect(reasons).toEqual([
        { id: expect.any(Number), name: 'Client no show' },
        { id: expect.any(Number), name: 'other' },
      ]);
    }
  });

  it('answers 403 to a worker and 401 without a session', async () => {
    const error = await expectError(listReasons, { cookie: a.cookies.worker }, 403, 'auth.forbidden');
    expect(error.message).toBe(forbiddenMessage);
    expect((await send(listReasons, { cookie: '' })).status).toBe(401);
  });
});

describe('GET tenant_feature', () => {
  it("answers the tenant's features, each carrying feature.id, and nothing of another tenant", async () => {
    expect(await expectOk<TenantFeatureView[]>(listFeatures, { cookie: a.cookies.usersManager })).toEqual([
      { id: 1, feature: { id: 1, name: 'zones' } },
      { id: 3, feature: { id: 3, name: 'time slots' } },
    ]);
    expect(await expectOk<TenantFeatureView[]>(listFeatures, { cookie: b.cookies.tasksManager })).toEqual([
      { id: 4, feature: { id: 4, name: 'skills' } },
    ]);
  });

  it('answers 403 to a worker and 401 without a session', async () => {
    await expectError(listFeatures, { cookie: a.cookies.worker }, 403, 'auth.forbidden');
    expect((await send(listFeatures, { cookie: '' })).status).toBe(401);
  });
});
