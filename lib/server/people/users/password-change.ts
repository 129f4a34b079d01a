import 'server-only';
import { eq } from 'drizzle-orm';
import { users } from '@/db/schema';
import type { PasswordChangeBody } from '@/lib/contract/profile';
import { profileMessages } from '@/lib/contract/profile';
import { cookieAnswer, type CookieAnswer } from '@/lib/server/core/answer';
import { getAuth, type AuthHeaders } from '@/lib/server/people/auth/auth';
import { clearAttempts, takeAttempt } from '@/lib/server/core/rate-limit';
import type { Ctx } from '@/lib/server/core/ctx';
import { forbidden, notFound, tooManyRequests } from '@/lib/server/core/errors';

/** better-auth's refusal of the current password (checked by its code: the bundle may hold two error classes). */
function isInvalidPassword(error: unknown): boolean {
  if (!(error instanceof Error) || error.name !== 'APIError') return false;
  const body = (error as Error & { body?: { code?: unknown } }).body;
  return body?.code === 'INVALID_PASSWORD';
}

/**
 * Whoever holds a session (a device left signed in, a stolen cookie) could otherwise try old passwords without end and
 * learn the password itself. Tries are counted per user like a sign-in from one address (the caller's address does not
 * matter, the session does), and a correct old password forgets them.
 */
export const passwordChangeLimit = { limit: 5, windowMs: 15 * 60_000 } as const;

/**
 * PUT users/password-change: better-auth checks the old password and stores the new one's hash. Every session of
 * the user ends, and this one is replaced by a fresh session whose cookie the answer carries, so the caller stays
 * signed in while any other device must sign in again. Clears first_login. A wrong old password is a 404 (spec 03 §8);
 * past passwordChangeLimit the answer is 429, the right old password included, until the window ends.
 */
export async function changePassword(ctx: Ctx, body: PasswordChangeBody, headers: AuthHeaders): Promise<CookieAnswer> {
  // An API key belongs to no session: changing a person's password is theirs to do, signed in.
  if (ctx.via !== 'session') throw forbidden();
  const attemptsKey = `password-change:user:${ctx.user.id}`;
  if (!(await takeAttempt(ctx.db, attemptsKey, passwordChangeLimit.limit, passwordChangeLimit.windowMs))) {
    throw tooManyRequests();
  }
  const auth = await getAuth();
  let setCookies: string[];
  try {
    const result = await auth.api.changePassword({
      body: { currentPassword: body.oldPassword, newPassword: body.newPassword, revokeOtherSessions: true },
      headers,
      returnHeaders: true,
    });
    setCookies = result.headers.getSetCookie();
  } catch (error) {
    if (isInvalidPassword(error)) throw notFound('password.wrongCurrent', profileMessages.invalidPassword);
    throw error;
  }
  await clearAttempts(ctx.db, attemptsKey);
  await ctx.db.update(users).set({ firstLogin: false, updatedAt: new Date() }).where(eq(users.id, ctx.user.id));
  return cookieAnswer({ changed: true }, setCookies);
}
