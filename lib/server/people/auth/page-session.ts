import 'server-only';
import { cache } from 'react';
import { randomUUID } from 'node:crypto';
import { headers } from 'next/headers';
import { getDb, getTenantDb } from '@/lib/server/core/db';
import type { Ctx } from '@/lib/server/core/ctx';
import { currentUser, type CurrentUserView } from '@/lib/server/people/auth/me';
import { sessionCaller } from './session-caller';

/** The ctx of the page being rendered, built once per request; null when signed out or unable to act. */
export const currentPageCtx = cache(async (): Promise<Ctx | null> => {
  // Headers first: while the build prerenders a page they end the render before the database is opened (with the
  // embedded database, the build's two page workers opening one data folder at once could abort the build).
  const requestHeaders = await headers();
  const caller = await sessionCaller(await getDb(), requestHeaders, randomUUID());
  // The page's reads see only its tenant's rows: row-level security under the application's role.
  return caller && { ...caller, db: await getTenantDb(caller.tenantId) };
});

/** The signed-in user of the page being rendered, looked up once per request; null when signed out. */
export const currentPageUser = cache(async (): Promise<CurrentUserView | null> => {
  const ctx = await currentPageCtx();
  return ctx ? currentUser(ctx) : null;
});
