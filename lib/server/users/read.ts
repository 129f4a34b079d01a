import { and, eq, isNull, sql } from 'drizzle-orm';
import { tenants, users } from '@/db/schema';
import type { Ctx } from '@/lib/server/http/ctx';
import { notFound } from '@/lib/server/http/errors';

/**
 * A user's full name in a select that left-joins `users`: null when no person acted or the user row is gone. One
 * expression, so the drawer's tabs, the timeline and the PDF report all name a person the same way.
 */
export const userFullName = sql<string | null>`nullif(trim(concat_ws(' ', ${users.name}, ${users.surname})), '')`;

/** One user of the caller's tenant, without credentials; another tenant's id answers 404 like a missing one. */
export async function getUser(ctx: Ctx, id: number) {
  const [user] = await ctx.db
    .select({
      id: users.id,
      username: users.username,
      name: users.name,
      surname: users.surname,
      phone: users.phone,
      phoneCountryCode: users.phoneCountryCode,
      profilePictureId: users.profilePictureId,
      owner: users.owner,
      tasksManager: users.tasksManager,
      usersManager: users.usersManager,
      billingManager: users.billingManager,
      assignee: users.assignee,
      active: users.active,
      preferredLanguage: users.preferredLanguage,
      preferredTimeFormat: users.preferredTimeFormat,
      workingHoursTemplateId: users.workingHoursTemplateId,
      firstLogin: users.firstLogin,
    })
    .from(users)
    .where(and(eq(users.tenantId, ctx.tenantId), eq(users.id, id), isNull(users.deleted)));
  if (!user) throw notFound('User not found.');
  return user;
}

/** The tenant's display name as seen from one of its users (GET users/{id}/tenant). */
export async function getUserTenant(ctx: Ctx, id: number) {
  const [row] = await ctx.db
    .select({ displayName: tenants.displayName })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(and(eq(users.tenantId, ctx.tenantId), eq(users.id, id)));
  if (!row) throw notFound('User not found.');
  return row;
}
