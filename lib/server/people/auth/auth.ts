import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { accounts, sessions, users, verifications } from '@/db/schema';
import { getDb } from '@/lib/server/core/db';
import { env } from '@/lib/server/core/env';
import { errorFields, log } from '@/lib/server/core/log';
import { hashPassword, verifyPassword } from './password';

export const sessionCookiePrefix = 'fieldops';
const thirtyDays = 60 * 60 * 24 * 30;

async function createAuth() {
  const db = await getDb();
  return betterAuth({
    appName: 'FieldOps',
    secret: env.authSecret,
    baseURL: env.appUrl,
    trustedOrigins: (request) => [request ? new URL(request.url).origin : env.appUrl],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    user: { fields: { email: 'username' } },
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      password: { hash: hashPassword, verify: ({ hash, password }) => verifyPassword(hash, password) },
    },
    session: { expiresIn: thirtyDays, updateAge: 60 * 60 * 24 },
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    // A wrong password is an answer, not an event to log; our own handler reports real failures.
    // Through our JSON log, keeping only errors (redacted): its own printout put a failed query's session token in it.
    logger: {
      level: 'error',
      log: (level, message, ...args: unknown[]) =>
        log[level](`better-auth: ${message}`, { errors: args.filter((arg) => arg instanceof Error).map(errorFields) }),
    },
    advanced: {
      cookiePrefix: sessionCookiePrefix,
      useSecureCookies: env.secureCookies,
      disableCSRFCheck: true,
      // Users are created by the product (sign-up, user management), never by better-auth, which would not
      // fill tenant_id; its check for that column is therefore moot.
      database: { generateId: 'serial', validateSchema: false },
    },
  });
}

type Auth = Awaited<ReturnType<typeof createAuth>>;

/**
 * The caller's request headers, handed over by the HTTP edge as they came: better-auth takes them (HeadersInit) to
 * find the session and set its cookies, and the session check reads the cookie from them itself.
 */
export type AuthHeaders = HeadersInit & { get(name: string): string | null };
const globalKey = Symbol.for('fieldops.auth');
type GlobalWithAuth = typeof globalThis & { [globalKey]?: Promise<Auth> };

/** One better-auth instance per process, built on the shared database connection. */
export function getAuth(): Promise<Auth> {
  const holder = globalThis as GlobalWithAuth;
  holder[globalKey] ??= createAuth();
  return holder[globalKey];
}
