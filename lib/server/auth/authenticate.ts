import 'server-only';
import { getDb } from '@/lib/server/db/client';
import { loadCtx, type Ctx } from '@/lib/server/http/ctx';
import { getAuth } from './auth';

/** The caller's ctx from the session cookie, or null when there is no valid session for an active user. */
export async function authenticate(request: Request, requestId: string): Promise<Ctx | null> {
  const auth = await getAuth();
  const session = await auth.api.getSession({ headers: request.headers });
  if (!session) return null;
  return loadCtx(await getDb(), Number(session.user.id), requestId, 'session');
}
