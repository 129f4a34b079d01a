import 'server-only';
import { asc, eq, isNull, and } from 'drizzle-orm';
import { tenants, users } from '@/db/schema';
import { getDb } from '@/lib/server/core/db';

export const demoPassword = 'demo-pass-2026';

export interface DemoLogin {
  username: string;
  role: 'owner' | 'dispatcher' | 'people' | 'billing' | 'worker' | 'other';
}

function roleOf(user: { username: string; owner: boolean; tasksManager: boolean; usersManager: boolean; billingManager: boolean }, firstTenantId: number, tenantId: number): DemoLogin['role'] {
  if (tenantId !== firstTenantId) return 'other';
  if (user.owner) return 'owner';
  if (user.tasksManager) return 'dispatcher';
  if (user.usersManager) return 'people';
  if (user.billingManager) return 'billing';
  return 'worker';
}

/** The demo accounts, only while the seed's demo data exist; a real sign-up's tenant is never listed. */
export async function demoLogins(): Promise<DemoLogin[]> {
  const db = await getDb();
  const rows = await db
    .select({
      username: users.username,
      tenantId: users.tenantId,
      owner: users.owner,
      tasksManager: users.tasksManager,
      usersManager: users.usersManager,
      billingManager: users.billingManager,
    })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(and(eq(tenants.demo, true), isNull(users.deleted), eq(users.active, true)))
    .orderBy(asc(users.tenantId), asc(users.id))
    .limit(20);
  const firstTenantId = rows[0]?.tenantId ?? 0;
  return rows.map((row) => ({ username: row.username, role: roleOf(row, firstTenantId, row.tenantId) }));
}
