import { accounts, tenantFeatures, tenants, users } from '@/db/schema';
import { ensureReferenceData } from '@/lib/server/reference/data/defaults';
import { hashPassword } from '@/lib/server/people/auth/password';
import { getDb } from '@/lib/server/core/db';
import type { RoleFlags } from '@/lib/contract/roles';

export const testPassword = 'test-pass-2026';
let passwordHash: Promise<string> | undefined;

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

export interface TestUser {
  id: number;
  tenantId: number;
  username: string;
}

/** A user with a password login; the argon2 hash is computed once per file and reused. */
export async function createUser(
  tenantId: number,
  flags: Partial<RoleFlags> & { active?: boolean; deleted?: Date; username?: string } = {},
): Promise<TestUser> {
  const db = await getDb();
  passwordHash ??= hashPassword(testPassword);
  const { username = `user-${unique()}@example.test`, ...rest } = flags;
  const [user] = await db
    .insert(users)
    .values({ tenantId, username, name: 'Test', surname: 'User', ...rest })
    .returning({ id: users.id });
  await db
    .insert(accounts)
    .values({ userId: user.id, accountId: String(user.id), providerId: 'credential', password: await passwordHash });
  return { id: user.id, tenantId, username };
}

export async function createTenant(options: { name?: string; features?: number[] } = {}): Promise<number> {
  const db = await getDb();
  await ensureReferenceData(db);
  const [tenant] = await db
    .insert(tenants)
    .values({ displayName: options.name ?? `Tenant ${unique()}` })
    .returning({ id: tenants.id });
  if (options.features?.length) {
    await db.insert(tenantFeatures).values(options.features.map((featureId) => ({ tenantId: tenant.id, featureId })));
  }
  return tenant.id;
}

/** A tenant with an owner (who holds every manager role) and a worker. */
export async function createCompany(options: { name?: string; features?: number[] } = {}) {
  const tenantId = await createTenant(options);
  const owner = await createUser(tenantId, { owner: true });
  const worker = await createUser(tenantId, { assignee: true });
  return { tenantId, owner, worker };
}
