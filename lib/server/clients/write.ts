import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { clients } from '@/db/schema';
import type { ClientBody, ClientView } from '@/lib/contract/clients';
import type { Ctx } from '@/lib/server/core/ctx';
import { assertNameFree } from '@/lib/server/reference/data/names';
import { clientColumns, clientNotFound } from './read';

export const clientConflictMessage = 'A client with this name already exists.';

/** A live client's display name, ignoring case as the unique index does; the 409 names displayName too. */
const clientNames = { table: clients, name: clients.displayName };
const clientNameTaken = { code: 'client.nameTaken', message: clientConflictMessage, path: 'displayName' } as const;

export async function createClient(ctx: Ctx, body: ClientBody): Promise<ClientView> {
  await assertNameFree(ctx.db, ctx.tenantId, clientNames, body.displayName, clientNameTaken);
  const [client] = await ctx.db
    .insert(clients)
    .values({ tenantId: ctx.tenantId, ...body, disabled: body.disabled ?? false })
    .returning(clientColumns);
  return client;
}

/** Contacts and location are replaced whole, as the drawer edits them whole. A deleted client answers 404. */
export async function updateClient(ctx: Ctx, id: number, body: ClientBody): Promise<ClientView> {
  await assertNameFree(ctx.db, ctx.tenantId, clientNames, body.displayName, clientNameTaken, id);
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
