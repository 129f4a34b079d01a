import 'server-only';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { clients } from '@/db/schema';
import type { ClientView } from '@/lib/contract/clients';
import type { Ctx } from '@/lib/server/http/ctx';
import { notFound } from '@/lib/server/http/errors';

export const clientNotFound = () => notFound('Client not found.');

export const clientColumns = {
  id: clients.id,
  displayName: clients.displayName,
  defaultContact: clients.defaultContact,
  defaultTaskLocation: clients.defaultTaskLocation,
  billingContact: clients.billingContact,
  disabled: clients.disabled,
  deleted: clients.deleted,
};

/** The live clients, by name. */
export async function listClients(ctx: Ctx): Promise<ClientView[]> {
  return ctx.db
    .select(clientColumns)
    .from(clients)
    .where(and(eq(clients.tenantId, ctx.tenantId), isNull(clients.deleted)))
    .orderBy(sql`lower(${clients.displayName})`, asc(clients.id));
}

/** One client, deleted or not: a task that already has a deleted client still shows it. */
export async function getClient(ctx: Ctx, id: number): Promise<ClientView> {
  const [client] = await ctx.db
    .select(clientColumns)
    .from(clients)
    .where(and(eq(clients.tenantId, ctx.tenantId), eq(clients.id, id)));
  if (!client) throw clientNotFound();
  return client;
}
