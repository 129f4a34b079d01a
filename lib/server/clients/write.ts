import 'server-only';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { clients } from '@/db/schema';
import type { ClientBody, ClientView } from '@/lib/contract/clients';
import type { Ctx } from '@/lib/server/core/ctx';
import type { DbOrTx } from '@/lib/server/core/db';
import { fieldProblem, HttpError } from '@/lib/server/core/errors';
import { clientColumns, clientNotFound } from './read';

export const clientConflictMessage = 'A client with this name already exists.';

/** The 409 of a display name a live client has: its code also on displayName, so the drawer shows it there. */
export const clientNameTaken = () =>
  new HttpError(409, 'client.nameTaken', clientConflictMessage, fieldProblem('displayName', 'client.nameTaken', clientConflictMessage));

/**
 * Answers 409 when a live client of the tenant already has this name, ignoring case, as the unique index does. A
 * deleted client's name is free again. The index still guards the race between two saves.
 */
async function assertClientNameFree(db: DbOrTx, tenantId: number, name: string, exceptId?: number): Promise<void> {
  const [clash] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(
      and(
        eq(clients.tenantId, tenantId),
        isNull(clients.deleted),
        sql`lower(${clients.displayName}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(clients.id, exceptId),
      ),
    )
    .limit(1);
  if (clash) throw clientNameTaken();
}

export async function createClient(ctx: Ctx, body: ClientBody): Promise<ClientView> {
  await assertClientNameFree(ctx.db, ctx.tenantId, body.displayName);
  const [client] = await ctx.db
    .insert(clients)
    .values({ tenantId: ctx.tenantId, ...body, disabled: body.disabled ?? false })
    .returning(clientColumns);
  return client;
}

/** Contacts and location are replaced whole, as the drawer edits them whole. A deleted client answers 404. */
export async function updateClient(ctx: Ctx, id: number, body: ClientBody): Promise<ClientView> {
  await assertClientNameFree(ctx.db, ctx.tenantId, body.displayName, id);
  const [client] = await ctx.db
    .update(clients)
    .set({ ...body, updated: new Date() })
    .where(and(eq(clients.tenantId, ctx.tenantId), eq(clients.id, id), isNull(clients.deleted)))
    .returning(clientColumns);
  if (!client) throw clientNotFound();
  return client;
}

/** Soft delete: tasks that already have the client keep it; lists and new tasks no longer offer it. */
export async function deleteClient(ctx: Ctx, id: number): Promise<ClientView> {
  const [client] = await ctx.db
    .update(clients)
    .set({ deleted: new Date(), updated: new Date() })
    .where(and(eq(clients.tenantId, ctx.tenantId), eq(clients.id, id), isNull(clients.deleted)))
    .returning(clientColumns);
  if (!client) throw clientNotFound();
  return client;
}
