import 'server-only';
import { readyDb } from '@/lib/server/db/client';
import type { Ctx } from '@/lib/server/http/ctx';
import { authenticateApiKey } from './api-keys';
import { sessionCaller } from './session-caller';

/**
 * The caller's ctx: from `Authorization: Bearer <api key>` when present, else from the session cookie.
 * Null when neither identifies an active user.
 */
export async function authenticate(request: Request, requestId: string): Promise<Ctx | null> {
  const ready = readyDb();
  const db = ready instanceof Promise ? await ready : ready;
  const authorization = request.headers.get('authorization');
  if (authorization?.toLowerCase().startsWith('bearer ')) {
    return authenticateApiKey(db, authorization.slice('bearer '.length).trim(), requestId);
  }
  return sessionCaller(db, request.headers, requestId);
}
