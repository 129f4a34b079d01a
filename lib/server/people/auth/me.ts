import { eq } from 'drizzle-orm';
import { tenants, users } from '@/db/schema';
import type { PreferencesBody } from '@/lib/contract/auth';
import type { Ctx } from '@/lib/server/core/ctx';
import { notFound } from '@/lib/server/core/errors';

/**
 * The signed-in user as the shell needs it: identity, role flags and list, tenant name and zone, features,
 * preferences. Not the tenant's internal id: no screen uses it, and no answer names a tenant by id.
 */
export async function currentUser(ctx: Ctx) {
  const [row] = await ctx.db
    .select({ user: users, tenantName: tenants.displayName, demo: tenants.demo })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(eq(users.id, ctx.user.id));
  if (!row) throw notFound('user.notFound', 'User not found.');
  const { user } = row;
  return {
    id: user.id,
    tenantName: row.tenantName,
    tenantTimeZone: ctx.tenantTimeZone,
    username: user.username,
    name: user.name,
    surname: user.surname,
    phone: user.phone,
    phoneCountryCode: user.phoneCountryCode,
    profilePictureId: user.profilePictureId,
    owner: user.owner,
    tasksManager: user.tasksManager,
    usersManager: user.usersManager,
    billingManager: user.billingManager,
    assignee: user.assignee,
    active: user.active,
    roles: ctx.roles,
    features: ctx.features,
    preferredLanguage: user.preferredLanguage,
    preferredTimeFormat: user.preferredTimeFormat,
    preferredTaskColumns: user.preferredTaskColumns,
    timeZone: user.timeZone,
    workingHoursTemplateId: user.workingHoursTemplateId,
    firstLogin: user.firstLogin,
  };
}
export type CurrentUserView = Awaited<ReturnType<typeof currentUser>>;

export async function updatePreferences(ctx: Ctx, body: PreferencesBody) {
  await ctx.db
    .update(users)
    .set({ ...body, updatedAt: new Date() })
    .where(eq(users.id, ctx.user.id));
  return currentUser({
    ...ctx,
    user: { ...ctx.user, ...body },
  });
}
