import { beforeAll, describe, expect, it } from 'vitest';
import { GET as listSkills } from '@/app/api/web/skills/route';
import { skills } from '@/db/schema';
import { Feature } from '@/lib/contract/features';
import { getDb } from '@/lib/server/core/db';
import type { SkillView } from '@/lib/server/reference/skills/read';
import { companyWithSessions, expectError, expectOk, forbiddenMessage, send } from './reference/helpers';

type Company = Awaited<ReturnType<typeof companyWithSessions>>;
let a: Company;
let b: Company;

beforeAll(async () => {
  [a, b] = await Promise.all([companyWithSessions([Feature.skills]), companyWithSessions([Feature.skills])]);
  const db = await getDb();
  await db.insert(skills).values([
    { tenantId: a.tenantId, name: 'welding', icon: 'flame' },
    { tenantId: a.tenantId, name: 'Electrical', icon: 'zap' },
    { tenantId: a.tenantId, name: 'Retired skill', icon: 'tool', deleted: new Date() },
    { tenantId: b.tenantId, name: 'Tenant B skill', icon: 'tool' },
  ]);
});

describe('GET skills', () => {
  it("answers the tenant's live skills by name to every manager role, without deleted ones or another tenant's", async () => {
    const { owner, tasksManager, usersManager, billingManager } = a.cookies;
    for (const cookie of [owner, tasksManager, usersManager, billingManager]) {
      expect(await expectOk<SkillView[]>(listSkills, { cookie })).toEqual([
        { id: expect.any(Number), name: 'Electrical', icon: 'zap' },
        { id: expect.any(Number), name: 'welding', icon: 'flame' },
      ]);
    }
    expect(await expectOk<SkillView[]>(listSkills, { cookie: b.cookies.tasksManager })).toEqual([
      { id: expect.any(Number), name: 'Tenant B skill', icon: 'tool' },
    ]);
  });

  it('answers 403 to a worker and 401 without a session', async () => {
    const error = await expectError(listSkills, { cookie: a.cookies.worker }, 403, 'auth.forbidden');
    expect(error.message).toBe(forbiddenMessage);
    expect((await send(listSkills, { cookie: '' })).status).toBe(401);
  });
});
