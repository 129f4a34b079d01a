import 'server-only';
import { cache } from 'react';
import { randomUUID } from 'node:crypto';
import { headers } from 'next/headers';
import { getDb } from '@/lib/server/db/client';
import { loadCtx } from '@/lib/server/http/ctx';
import { currentUser, type CurrentUserView } from '@/lib/server/users/me';
import { getAuth } from './auth';

/** The signed-in user of the page being rendered, looked up once per request; null when signed out. */
export const currentPageUser = cache(async (): Promise<CurrentUserView | null> => {
  const auth = await getAuth();
  const session = await auth.api.getSession({ headers: await headers() });
  if (!session) return null;
  const ctx = await loadCtx(await getDb(), Number(session.user.id), randomUUID(), 'session');
  return ctx ? currentUser(ctx) : null;
});
