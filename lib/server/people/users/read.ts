import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { tenants, users, userSkills, userZones } from '@/db/schema';
import type { UserView } from '@/lib/contract/user-admin';
import type { DbOrTx } from '@/lib/server/core/db';
import type { Ctx } from '@/lib/server/core/ctx';
import { notFound } from '@/lib/server/core/errors';

/**
 * A user's full name in a select that left-joins `users`: null when no person acted or the user row is gone. One
 * expression, so the drawer's tabs, the timeline and the PDF report all name a person the same way.
 */
export const userFullName = sql<string | null>`nullif(trim(concat_ws(' ', ${users.name}, ${users.surname})), '')`;

/**
 * One user of the caller's tenant as the user form edits it, without credentials, with the ids of their skills and
 * zones; another tenant's id answers 404 like a missing one.
 */
export async function getUser(ctx: Ctx, id: number): Promise<UserView> {
  return readUser(ctx.db, ctx.tenantId, id);
}

/** getUser inside a transaction too: a save answers what it wrote. */
export async function readUser(db: DbOrTx, tenantId: number, id: number): Promise<UserView> {
  const [user] = await db
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
    .where(and(eq(users.tenantId, tenantId), eq(users.id, id), isNull(users.deleted)));
  if (!user) throw notFound('user.notFound', 'User not found.');
  const [skills, zones] = await Promise.all([
    db
      .select({ skillId: userSkills.skillId })
      .from(userSkills)
      .where(and(eq(userSkills.tenantId, tenantId), eq(userSkills.userId, id)))
      .orderBy(asc(userSkills.skillId)),
    db
      .select({ zoneId: userZones.zoneId, userId: userZones.userId })
      .from(userZones)
      .where(and(eq(userZones.tenantId, tenantId), eq(userZones.userId, id)))
      .orderBy(asc(userZones.zoneId)),
  ]);
  return { ...user, skills, zones };
}

/** The tenant's display name as seen from one of its users (GET users/{id}/tenant). */
export async function getUserTenant(ctx: Ctx, id: number) {
  const [row] = await ctx.db
    .select({ displayName: tenants.displayName })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(and(eq(users.tenantId, ctx.tenantId), eq(users.id, id)));
  if (!row) throw notFound('user.notFound', 'User not found.');
  return row;
}
