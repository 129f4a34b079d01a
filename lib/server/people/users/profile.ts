import 'server-only';
import { eq } from 'drizzle-orm';
import { users } from '@/db/schema';
import type { ProfileBody, TimezoneBody, TimezoneView } from '@/lib/contract/profile';
import type { Ctx } from '@/lib/server/core/ctx';
import { currentUser } from '../auth/me';

/** PUT users/me: the signed-in user's own name, phone and language; roles and username are not theirs to change. */
export async function updateProfile(ctx: Ctx, body: ProfileBody) {
  await ctx.db
    .update(users)
    .set({ ...body, updatedAt: new Date() })
    .where(eq(users.id, ctx.user.id));
  return currentUser(ctx);
}

/** GET users/timezone: the user's own zone, else the tenant's (which itself defaults to Europe/Rome). */
export function getTimezone(ctx: Ctx): TimezoneView {
  return { timezone: ctx.user.timeZone ?? ctx.tenantTimeZone };
}

/** PUT users/timezone: the zone is one of the reference list's IANA names (checked by the body schema). */
export async function setTimezone(ctx: Ctx, body: TimezoneBody): Promise<TimezoneView> {
  await ctx.db.update(users).set({ timeZone: body.timezone, updatedAt: new Date() }).where(eq(users.id, ctx.user.id));
  return { timezone: body.timezone };
}
