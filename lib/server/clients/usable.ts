import 'server-only';
import { and, eq } from 'drizzle-orm';
import { clients } from '@/db/schema';
import type { DbOrTx } from '@/lib/server/core/db';
import { businessRule, fieldProblem, invalidField } from '@/lib/server/core/errors';
import { clientColumns } from './read';

/**
 * The client a task may be given, for the task calls: a live client, or the deleted client the task already
 * has (`keptClientId`), so editing an old task does not force a new client on it. Field errors name `clientId`.
 */
export async function usableClient(db: DbOrTx, tenantId: number, clientId: number, keptClientId?: number | null) {
  const [client] = await db
    .select(clientColumns)
    .from(clients)
    .where(and(eq(clients.tenantId, tenantId), eq(clients.id, clientId)));
  if (!client) throw invalidField('clientId', 'client.notFound', 'Client not found.');
  if (client.deleted && client.id !== keptClientId) {
    throw businessRule('client.deleted', 'This client has been deleted.', fieldProblem('clientId', 'client.deleted', 'This client has been deleted.'));
  }
  return client;
}
