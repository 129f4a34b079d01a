import 'server-only';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { accounts, passwordResetTokens, sessions, users } from '@/db/schema';
import {
  passwordResetMessages,
  type ResetPasswordBody,
  type ResetTokenLookup,
  type ResetTokenQuery,
} from '@/lib/contract/password-reset';
import { getAuth } from '@/lib/server/people/auth/auth';
import { takeAttempt } from '@/lib/server/core/rate-limit';
import { getDb, type DbOrTx } from '@/lib/server/core/db';
import { notFound } from '@/lib/server/core/errors';
import { tooManyResetRequests } from './request';
import { hashResetToken } from './tokens';

/**
 * Each reset hashes a password at argon2id's cost (19 MiB, tens of milliseconds of a core): anonymous callers get a
 * handful a quarter hour per address, enough for a person retrying a link, too few to load the server.
 */
export const resetPasswordLimit = { limit: 10, windowMs: 15 * 60_000 } as const;

const linkInvalid = () => notFound('passwordReset.linkInvalid', passwordResetMessages.linkInvalid);

/** The live token (unused, not expired, its user active) with its user's username; none otherwise. */
async function liveToken(db: DbOrTx, token: string) {
  if (token === '') return undefined;
  const [row] = await db
    .select({ id: passwordResetTokens.id, userId: users.id, username: users.username })
    .from(passwordResetTokens)
    .innerJoin(users, and(eq(users.id, passwordResetTokens.userId), eq(users.tenantId, passwordResetTokens.tenantId)))
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashResetToken(token)),
        isNull(passwordResetTokens.used),
        gt(passwordResetTokens.expires, new Date()),
        isNull(users.deleted),
        eq(users.active, true),
      ),
    );
  return row;
}

/** GET forgot-password?token=: whose link this is; 404 when the token is unknown, used or expired. */
export async function lookUpResetToken(query: ResetTokenQuery): Promise<ResetTokenLookup> {
  const row = await liveToken(await getDb(), query.token);
  if (!row) throw linkInvalid();
  return { username: row.username };
}

/** The live token of this username; a link that is not (or not this user's) answers at once. */
async function liveTokenOf(db: DbOrTx, token: string, username: string) {
  const row = await liveToken(db, token);
  if (!row || row.username !== username) throw linkInvalid();
  return row;
}

/**
 * The per-address limit of PUT forgot-password, taken before its body is read (the route's beforeBody): a flood of
 * guessed links from one address is refused without reading or hashing anything.
 */
export async function takeResetAddressAttempt(clientAddress: string): Promise<void> {
  const { limit, windowMs } = resetPasswordLimit;
  if (!(await takeAttempt(await getDb(), `reset:ip:${clientAddress}`, limit, windowMs))) throw tooManyResetRequests();
}

/**
 * PUT forgot-password: stores the new password's hash made by better-auth's configured hasher, spends the token and
 * any other of the user's, ends every session of the user (whoever held one may be who the reset shuts out) and
 * clears first_login, all in one transaction. The token spends with a guarded update, so two requests racing with one
 * link cannot both win. The token is checked before the costly hash, so a wrong link costs one indexed lookup.
 */
export async function resetPassword(body: ResetPasswordBody): Promise<{ changed: true }> {
  const db = await getDb();
  await liveTokenOf(db, body.token, body.username);
  const auth = await getAuth();
  const passwordHash = await (await auth.$context).password.hash(body.newPassword);
  await db.transaction(async (tx) => {
    const row = await liveTokenOf(tx, body.token, body.username);
    const spent = await tx
      .update(passwordResetTokens)
      .set({ used: new Date() })
      .where(and(eq(passwordResetTokens.id, row.id), isNull(passwordResetTokens.used)))
      .returning({ id: passwordResetTokens.id });
    if (spent.length === 0) throw linkInvalid();
    // Any other link still out for this user was asked for the password just replaced: it ends too.
    await tx
      .update(passwordResetTokens)
      .set({ used: new Date() })
      .where(and(eq(passwordResetTokens.userId, row.userId), isNull(passwordResetTokens.used)));
    const updated = await tx
      .update(accounts)
      .set({ password: passwordHash, updatedAt: new Date() })
      .where(and(eq(accounts.userId, row.userId), eq(accounts.providerId, 'credential')))
      .returning({ id: accounts.id });
    if (updated.length === 0) {
      await tx.insert(accounts).values({ userId: row.userId, accountId: String(row.userId), providerId: 'credential', password: passwordHash });
    }
    await tx.delete(sessions).where(eq(sessions.userId, row.userId));
    await tx.update(users).set({ firstLogin: false, updatedAt: new Date() }).where(eq(users.id, row.userId));
  });
  return { changed: true };
}
