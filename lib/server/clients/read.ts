import 'server-only';
import { and, asc, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { clients } from '@/db/schema';
import type { ClientListQuery, ClientPage } from '@/lib/contract/client-csv';
import type { ClientView } from '@/lib/contract/clients';
import type { Ctx } from '@/lib/server/core/ctx';
import { notFound } from '@/lib/server/core/errors';
import { containsPattern } from '@/lib/server/core/contains-pattern';

export const clientNotFound = () => notFound('client.notFound', 'Client not found.');

export const clientColumns = {
  id: clients.id,
  displayName: clients.displayName,
  defaultContact: clients.defaultContact,
  defaultTaskLocation: clients.defaultTaskLocation,
  billingContact: clients.billingContact,
  disabled: clients.disabled,
  deleted: clients.deleted,
};

/** The details the filter box searches: the name and every detail the clients screen shows. */
const searchedText = sql`concat_ws(' ', ${clients.displayName},
  ${clients.defaultContact}->>'name', ${clients.defaultContact}->>'surname', ${clients.defaultContact}->>'phone',
  ${clients.defaultTaskLocation}->>'address',
  ${clients.billingContact}->>'name', ${clients.billingContact}->>'surname', ${clients.billingContact}->>'phone',
  ${clients.billingContact}->>'email', ${clients.billingContact}->>'address')`;

function liveClientsWhere(ctx: Ctx, filter: string | undefined): SQL | undefined {
  const live = and(eq(clients.tenantId, ctx.tenantId), isNull(clients.deleted));
  return filter ? and(live, sql`${searchedText} ilike ${containsPattern(filter)}`) : live;
}

const byName = [sql`lower(${clients.displayName})`, asc(clients.id)];

/** The live clients, by name. */
export async function listClients(ctx: Ctx, filter?: string): Promise<ClientView[]> {
  return ctx.db
    .select(clientColumns)
    .from(clients)
    .where(liveClientsWhere(ctx, filter))
    .orderBy(...byName);
}

/** GET clients: every live client (narrowed by the filter), or one page of them when a page or size is asked. */
export async function readClients(ctx: Ctx, query: ClientListQuery): Promise<ClientView[] | ClientPage> {
  if (query.page === undefined && query.size === undefined) return listClients(ctx, query.filter);
  const page = query.page ?? 1;
  const size = query.size ?? 10;
  const where = liveClientsWhere(ctx, query.filter);
  const [items, [{ total }]] = await Promise.all([
    ctx.db
      .select(clientColumns)
      .from(clients)
      .where(where)
      .orderBy(...byName)
      .limit(size)
      .offset((page - 1) * size),
    ctx.db.select({ total: count() }).from(clients).where(where),
  ]);
  return { items, total, page, size };
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
