import 'server-only';
import { readyDb } from '@/lib/server/core/db';
import type { Ctx } from '@/lib/server/core/ctx';
import { apiKeyGrant, authenticateApiKey } from '@/lib/server/people/auth/api-keys';
import type { Caller } from '@/lib/server/people/auth/session-cache';
import { sessionCaller, sessionGrant } from '@/lib/server/people/auth/session-caller';

/**
 * The caller's ctx: from `Authorization: Bearer <api key>` when present, else from the session cookie.
 * Null when neither identifies an active user.
 */
export async function authenticate(request: Request, requestId: string): Promise<Ctx | null> {
  const ready = readyDb();
  const db = ready instanceof Promise ? await ready : ready;
  const key = bearerKey(request.headers);
  if (key !== null) return authenticateApiKey(db, key, requestId);
  return sessionCaller(db, request.headers, requestId);
}

function bearerKey(headers: Headers): string | null {
  const authorization = headers.get('authorization');
  return authorization?.toLowerCase().startsWith('bearer ') ? authorization.slice('bearer '.length).trim() : null;
}

/** A request's credential as it stands now: who it acts as, and when it ends (epoch ms; null: not by itself). */
export interface Grant {
  caller: Caller;
  expires: number | null;
}

/**
 * The same credentials authenticate() reads, checked again against the database (no cache, nothing refreshed or
 * marked used): for a request that stays open, such as the live stream. Null once the session or key is gone.
 */
export async function currentGrant(request: Request, requestId: string): Promise<Grant | null> {
  const db = await readyDb();
  const key = bearerKey(request.headers);
  if (key === null) return sessionGrant(db, request.headers);
  const grant = await apiKeyGrant(db, key, requestId);
  return grant && { caller: grant.ctx, expires: grant.expires };
}
