import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as me } from '@/app/api/web/users/me/route';
import { GET as getUser } from '@/app/api/web/users/[id]/route';
import { apiKeys } from '@/db/schema';
import { hashApiKey } from '@/lib/server/people/auth/api-keys';
import { getDb } from '@/lib/server/core/db';
import { createCompany } from './setup/fixtures';
import { call } from './setup/http';

let company: Awaited<ReturnType<typeof createCompany>>;
let other: Awaited<ReturnType<typeof createCompany>>;

async function issueKey(values: { tenantId: number; createdById: number; expiry?: Date; deleted?: Date; roles?: ('tasksManager' | 'usersManager')[] }) {
  const key = randomBytes(32).toString('base64url');
  const db = await getDb();
  await db.insert(apiKeys).values({ name: `key ${key.slice(0, 6)}`, keyHash: hashApiKey(key), keyPrefix: key.slice(0, 6), ...values });
  return key;
}

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

beforeAll(async () => {
  company = await createCompany();
  other = await createCompany();
});

describe('API keys', () => {
  it("act in the owner's tenant with the key's roles (tasksManager by default)", async () => {
    const key = await issueKey({ tenantId: company.tenantId, createdById: company.owner.id });
    const response = await call(me, { headers: bearer(key) });
    expect(response.status).toBe(200);
    // GET users/me no longer shows the internal tenant id: the key acts as the owner who made it, in their tenant.
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ id: company.owner.id, roles: ['tasksManager'] });
    expect(body).not.toHaveProperty('tenantId');
  });

  it('answer 401 when expired, deleted or unknown', async () => {
    const expired = await issueKey({ tenantId: company.tenantId, createdById: company.owner.id, expiry: new Date(Date.now() - 1000) });
    const deleted = await issueKey({ tenantId: company.tenantId, createdById: company.owner.id, deleted: new Date() });
    expect((await call(me, { headers: bearer(expired) })).status).toBe(401);
    expect((await call(me, { headers: bearer(deleted) })).status).toBe(401);
    expect((await call(me, { headers: bearer('not-a-key') })).status).toBe(401);
  });

  it("never reach another tenant's records", async () => {
    const key = await issueKey({ tenantId: company.tenantId, createdById: company.owner.id });
    expect((await call(getUser, { params: { id: other.worker.id }, headers: bearer(key) })).status).toBe(404);
    expect((await call(getUser, { params: { id: company.worker.id }, headers: bearer(key) })).status).toBe(200);
  });

  it('are limited to their roles', async () => {
    const key = await issueKey({ tenantId: company.tenantId, createdById: company.owner.id, roles: ['usersManager'] });
    const response = await call(me, { headers: bearer(key) });
    expect(((await response.json()) as { roles: string[] }).roles).toEqual(['usersManager']);
  });
});
