import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, and, sql } from 'drizzle-orm';
import { sessions, tenants, users } from '@/db/schema';
import type { Db } from '@/lib/server/core/db';
import { callerColumns, callerFromRow, loadCtx, userCanAct, type Ctx } from '@/lib/server/core/ctx';
import { getAuth, type AuthHeaders } from './auth';
import { sessionCache, type Caller } from './session-cache';

interface CookieSettings {
  sessionCookie: string;
  dontRememberCookie: string;
  secret: string;
  expiresInMs: number;
  updateAgeMs: number;
}

let settings: Promise<CookieSettings> | null = null;
let settled: CookieSettings | null = null;

/** better-auth's own cookie names, secret and refresh ages, read once from its context. */
function cookieSettings(): CookieSettings | Promise<CookieSettings> {
  if (settled) return settled;
  settings ??= getAuth()
    .then((auth) => auth.$context)
    .then((context) => {
      settled = {
        sessionCookie: context.authCookies.sessionToken.name,
        dontRememberCookie: context.authCookies.dontRememberToken.name,
        secret: context.secret,
        expiresInMs: context.sessionConfig.expiresIn * 1000,
        updateAgeMs: context.sessionConfig.updateAge * 1000,
      };
      return settled;
    });
  return settings;
}

function cookieValue(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) {
      try {
        return decodeURIComponent(part.slice(at + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

const verifiedKept = 10_000;
/** Signed cookie values already checked, by secret: every call of a session carries the same one. */
const verified = new Map<string, Map<string, string>>();

/**
 * The session token of a cookie better-auth signed (`token.base64(HMAC-SHA256)`), or null when it is not one. A
 * value that verified once is remembered (a bounded number of them), so a session's later calls skip the HMAC;
 * what did not verify is never remembered.
 */
export function verifiedToken(value: string | null, secret: string): string | null {
  if (!value) return null;
  let known = verified.get(secret);
  const remembered = known?.get(value);
  if (remembered !== undefined) return remembered;
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (!known) {
    known = new Map();
    verified.set(secret, known);
  }
  if (known.size >= verifiedKept) known.delete(known.keys().next().value as string);
  known.set(value, token);
  return token;
}

function prepareSessionCaller(db: Db) {
  return db
    .select({ ...callerColumns, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, and(eq(users.id, sessions.userId), userCanAct))
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .prepare('caller_by_session');
}

const preparedByDb = new WeakMap<Db, ReturnType<typeof prepareSessionCaller>>();

async function sessionRow(db: Db, token: string) {
  let prepared = preparedByDb.get(db);
  if (!prepared) {
    prepared = prepareSessionCaller(db);
    preparedByDb.set(db, prepared);
  }
  const [row] = await prepared.execute({ token });
  return row;
}

/** better-auth's path: it deletes an expired session and slides the expiry of one older than a day. */
async function throughBetterAuth(db: Db, headers: AuthHeaders, requestId: string): Promise<Ctx | null> {
  const auth = await getAuth();
  const session = await auth.api.getSession({ headers });
  if (!session) return null;
  return loadCtx(db, Number(session.user.id), requestId, 'session');
}

/**
 * The ctx of a session cookie. The usual call costs no query (a cached caller) or one (session, user, roles,
 * time zone and features together, a prepared statement); a session that is due its daily refresh or has ended goes
 * through better-auth, which refreshes or deletes it as before. Null when the session or its user cannot act.
 */
export async function sessionCaller(db: Db, headers: AuthHeaders, requestId: string): Promise<Ctx | null> {
  const settingsNow = cookieSettings();
  const config = settingsNow instanceof Promise ? await settingsNow : settingsNow;
  const cookies = headers.get('cookie');
  const token = verifiedToken(cookieValue(cookies, config.sessionCookie), config.secret);
  if (!token) return null;
  const cache = sessionCache();
  const readiness = cache.ready();
  const caching = typeof readiness === 'boolean' ? readiness : await readiness;
  const now = Date.now();
  // A session kept for the browser's lifetime only is never refreshed (better-auth's rule); its cookie says so.
  const refreshes = cookieValue(cookies, config.dontRememberCookie) === null;
  const cached = caching ? cache.get(token, now) : undefined;
  if (cached && cached.session.expires > now && (!refreshes || cached.session.refreshDue > now)) return { ...cached.caller, db, requestId };
  const generation = cache.mark();
  const row = await sessionRow(db, token);
  if (!row) return null;
  const expires = row.expiresAt.getTime();
  const refreshDue = expires - config.expiresInMs + config.updateAgeMs;
  if (expires <= now || (refreshes && refreshDue <= now)) return throughBetterAuth(db, headers, requestId);
  const caller = callerFromRow(row, 'session');
  if (caching) cache.put(token, caller, { expires, refreshDue }, generation);
  return { ...caller, db, requestId };
}

/**
 * Who the session cookie of `headers` is now, and until when (epoch milliseconds), read from the database past the
 * cache and without better-auth's refresh: what an open stream checks again when the user's sessions or roles change.
 * Null when the session is gone or ended, or its user can no longer act.
 */
export async function sessionGrant(db: Db, headers: AuthHeaders): Promise<{ caller: Caller; expires: number } | null> {
  const settingsNow = cookieSettings();
  const config = settingsNow instanceof Promise ? await settingsNow : settingsNow;
  const token = verifiedToken(cookieValue(headers.get('cookie'), config.sessionCookie), config.secret);
  if (!token) return null;
  const row = await sessionRow(db, token);
  if (!row || row.expiresAt.getTime() <= Date.now()) return null;
  return { caller: callerFromRow(row, 'session'), expires: row.expiresAt.getTime() };
}
