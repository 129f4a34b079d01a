import 'server-only';
import { createHash } from 'node:crypto';
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import { apiKeys, users } from '@/db/schema';
import type { Db } from '@/lib/server/core/db';
import { rolesOf } from '@/lib/contract/roles';
import { loadCtx, type Ctx } from '@/lib/server/core/ctx';

/** Keys are credentials: only their SHA-256 is stored, and a lookup hashes what the caller sent. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/**
 * The ctx of a machine client: the tenant of the manager who made the key, with the roles the key was given that
 * its maker still holds (a key never outranks the person behind it; an owner role brings the four manager roles, as
 * it does for a person). A deleted or expired key, or one whose maker can no longer act, answers null (401).
 */
export async function authenticateApiKey(db: Db, key: string, requestId: string): Promise<Ctx | null> {
  const grant = await apiKeyGrant(db, key, requestId);
  if (!grant) return null;
  await db.update(apiKeys).set({ lastUsed: new Date() }).where(eq(apiKeys.id, grant.keyId));
  return grant.ctx;
}

/**
 * What a key grants now, and until when (its expiry in epoch milliseconds, null for a key that does not expire),
 * without marking it used: authenticateApiKey's rule, also what an open stream checks again when something changes.
 */
export async function apiKeyGrant(
  db: Db,
  key: string,
  requestId: string,
): Promise<{ ctx: Ctx; keyId: number; expires: number | null } | null> {
  const now = new Date();
  const [found] = await db
    .select({ id: apiKeys.id, tenantId: apiKeys.tenantId, roles: apiKeys.roles, expiry: apiKeys.expiry, ownerId: users.id })
    .from(apiKeys)
    .innerJoin(users, and(eq(users.id, apiKeys.createdById), eq(users.tenantId, apiKeys.tenantId)))
    .where(
      and(
        eq(apiKeys.keyHash, hashApiKey(key)),
        isNull(apiKeys.deleted),
        or(isNull(apiKeys.expiry), gt(apiKeys.expiry, now)),
      ),
    );
  if (!found) return null;
  const ctx = await loadCtx(db, found.ownerId, requestId, 'apiKey');
  if (!ctx || ctx.tenantId !== found.tenantId) return null;
  const keyRoles = rolesOf({
    owner: found.roles.includes('owner'),
    tasksManager: found.roles.includes('tasksManager'),
    usersManager: found.roles.includes('usersManager'),
    billingManager: found.roles.includes('billingManager'),
    assignee: false,
  });
  return {
    ctx: { ...ctx, roles: keyRoles.filter((role) => ctx.roles.includes(role)) },
    keyId: found.id,
    expires: found.expiry?.getTime() ?? null,
  };
}
