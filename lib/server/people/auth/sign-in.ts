import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { users } from '@/db/schema';
import type { LoginBody } from '@/lib/contract/auth';
import { ErrorCode } from '@/lib/contract/errors';
import { getDb } from '@/lib/server/core/db';
import { loadCtx } from '@/lib/server/core/ctx';
import { tooManyRequests, unauthorized } from '@/lib/server/core/errors';
import { currentUser } from '@/lib/server/people/auth/me';
import { cookieAnswer, type CookieAnswer } from '@/lib/server/core/answer';
import { getAuth, type AuthHeaders } from './auth';
import { verifyAgainstDummyHash } from './password';
import { clearAttempts, refundAttempt, takeAttempt } from '../../core/rate-limit';

/**
 * Per address: generous, because an office signs in together from one address (30 people at 8:00 plus their
 * typos fit in a minute).
 * Per account and address: 5 tries a quarter hour, forgotten at a correct password from that address. A guesser
 * gets 5 guesses a quarter hour from each address, while the owner signing in from their own address is not held
 * up by someone else's wrong guesses.
 * Per account, across all addresses: 50 failed tries an hour (a correct password gives its try back), so a guesser
 * holding many addresses still gets at most 50 guesses an hour. Spending it takes 10 addresses' full allowance
 * (or 3 addresses over the hour); only then is the owner held up too, until the hour's window ends.
 */
export const loginLimits = {
  perAddress: { limit: 60, windowMs: 60_000 },
  perAccountAndAddress: { limit: 5, windowMs: 15 * 60_000 },
  perAccount: { limit: 50, windowMs: 60 * 60_000 },
} as const;

/**
 * better-auth's own refusal (wrong password, no session). Checked by name and status, not instanceof: the
 * production bundle can hold more than one copy of its error class.
 */
function isAuthRefusal(error: unknown): boolean {
  if (!(error instanceof Error) || error.name !== 'APIError') return false;
  const status = (error as Error & { statusCode?: unknown }).statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
}

const invalidCredentials = () => unauthorized('Invalid credentials provided', ErrorCode.invalidCredentials);

/**
 * The per-address limit, taken before POST login's body is read (its route's beforeBody): a flood from one address
 * is refused without the server reading what it sends.
 */
export async function takeLoginAddressAttempt(clientAddress: string): Promise<void> {
  const { perAddress } = loginLimits;
  const allowed = await takeAttempt(await getDb(), `login:ip:${clientAddress}`, perAddress.limit, perAddress.windowMs);
  if (!allowed) throw tooManyRequests();
}

/**
 * Checks the password, opens a database session and answers the user with the session cookie set. The caller has
 * taken the per-address attempt (takeLoginAddressAttempt) before reading the body.
 */
/** Who is signing in, as the HTTP edge saw them: their headers for better-auth, and their address (http/security). */
export interface SignInCaller {
  headers: AuthHeaders;
  clientAddress: string;
}

export async function signIn(caller: SignInCaller, body: LoginBody, requestId: string): Promise<CookieAnswer> {
  const db = await getDb();
  const username = body.username.toLowerCase();
  const { perAccountAndAddress, perAccount } = loginLimits;
  const accountKey = `login:user:${username}`;
  const guesserKey = `login:user-ip:${username}|${caller.clientAddress}`;
  // The per-address count (takeLoginAddressAttempt) ran before the body was read. The tighter per-account-and-address
  // count goes next and stops a refused try before it reaches the account's budget: one address hammering away must
  // not spend the budget the owner shares.
  const guesserAllowed = await takeAttempt(db, guesserKey, perAccountAndAddress.limit, perAccountAndAddress.windowMs);
  const userAllowed = guesserAllowed && (await takeAttempt(db, accountKey, perAccount.limit, perAccount.windowMs));
  if (!userAllowed) throw tooManyRequests();

  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.username, username), isNull(users.deleted), eq(users.active, true)));
  if (!user) {
    await verifyAgainstDummyHash(body.password);
    throw invalidCredentials();
  }

  const auth = await getAuth();
  let setCookies: string[];
  try {
    const signedIn = await auth.api.signInEmail({
      body: { email: username, password: body.password, rememberMe: body.rememberMe },
      headers: caller.headers,
      returnHeaders: true,
    });
    setCookies = signedIn.headers.getSetCookie();
  } catch (error) {
    if (isAuthRefusal(error)) throw invalidCredentials();
    throw error;
  }
  const ctx = await loadCtx(db, user.id, requestId, 'session');
  if (!ctx) throw invalidCredentials();
  await clearAttempts(db, guesserKey);
  await refundAttempt(db, accountKey);
  // The tracking screen's "account not used" counter reads this: a worker who has signed in once has used it.
  await db.update(users).set({ lastSeen: new Date() }).where(eq(users.id, user.id));
  return cookieAnswer(await currentUser(ctx), setCookies);
}

/** Ends the session in the database and clears the cookie; answers 200 even when no session was open. */
export async function signOut(headers: AuthHeaders): Promise<CookieAnswer> {
  const auth = await getAuth();
  try {
    const result = await auth.api.signOut({ headers, returnHeaders: true });
    return cookieAnswer({ signedOut: true }, result.headers.getSetCookie());
  } catch (error) {
    if (!isAuthRefusal(error)) throw error;
  }
  return cookieAnswer({ signedOut: true }, []);
}
