import 'server-only';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { clients } from '@/db/schema';
import type {
  AccountingImportAnswer,
  DuplicatedContact,
  OverrideDuplicatesAnswer,
  OverrideDuplicatesBody,
} from '@/lib/contract/accounting';
import type { ClientBody } from '@/lib/contract/clients';
import { clientNotFound } from '@/lib/server/clients/read';
import { clientConflictMessage } from '@/lib/server/clients/write';
import { inChunks } from '@/lib/server/core/bulk-insert';
import type { Ctx } from '@/lib/server/core/ctx';
import { conflict } from '@/lib/server/core/errors';
import { contactsPage, xeroContactsPageSize, type XeroContact } from '@/lib/server/integrations/xero/accounting-api';
import { XeroError } from '@/lib/server/integrations/xero/errors';
import { clientOfContact, sameClientData } from './contact-mapping';
import { forgetAuthorisation, xeroAccess } from './connection';
import { asAccountingCall } from './errors';

/** A safety stop: 1,000 pages of 100 is far beyond any organisation this product serves. */
const maxPages = 1000;
const insertChunk = 500;

/** Every page of the organisation's contacts. A token the API refuses is renewed once; refused again, it is forgotten. */
async function allContacts(ctx: Ctx): Promise<XeroContact[]> {
  let access = await xeroAccess(ctx);
  let renewed = false;
  const contacts: XeroContact[] = [];
  for (let page = 1; page <= maxPages; ) {
    let answer: Awaited<ReturnType<typeof contactsPage>>;
    try {
      answer = await contactsPage(access.accessToken, access.providerTenantId, page);
    } catch (error) {
      if (!(error instanceof XeroError) || error.failure !== 'unauthorized') throw error;
      if (renewed) {
        await forgetAuthorisation(ctx);
        throw error;
      }
      access = await xeroAccess(ctx, true);
      renewed = true;
      continue;
    }
    contacts.push(...answer.contacts);
    if (answer.count < xeroContactsPageSize) break;
    page += 1;
  }
  return contacts;
}

const nameKey = (name: string) => name.trim().toLowerCase();

/**
 * GET xero: reads every contact and saves the new ones as clients, in one transaction. A contact that matches a
 * live client (by its Xero id from an earlier import, else by name) is a duplicate, offered for override, unless
 * the client already holds the same data.
 */
export function importContacts(ctx: Ctx): Promise<AccountingImportAnswer> {
  return asAccountingCall(async () => {
    const contacts = await allContacts(ctx);
    return ctx.db.transaction(async (tx) => {
      const live = await tx
        .select({
          id: clients.id,
          displayName: clients.displayName,
          defaultContact: clients.defaultContact,
          defaultTaskLocation: clients.defaultTaskLocation,
          billingContact: clients.billingContact,
          accountingContactId: clients.accountingContactId,
        })
        .from(clients)
        .where(and(eq(clients.tenantId, ctx.tenantId), isNull(clients.deleted)));
      const byContactId = new Map(live.filter((c) => c.accountingContactId).map((c) => [c.accountingContactId, c]));
      const byName = new Map(live.map((c) => [nameKey(c.displayName), c]));
      const seenNames = new Set<string>();
      const newClients: (ClientBody & { accountingContactId: string })[] = [];
      const duplicatedContacts: DuplicatedContact[] = [];
      for (const contact of contacts) {
        const client = clientOfContact(contact);
        if (!client) continue;
        const key = nameKey(client.displayName);
        const existing = byContactId.get(contact.ContactID) ?? byName.get(key);
        if (!existing) {
          if (seenNames.has(key)) continue;
          seenNames.add(key);
          newClients.push({ ...client, disabled: false, accountingContactId: contact.ContactID });
          continue;
        }
        // The client's coordinates stay when Xero has the same address (Xero keeps none).
        const location = client.defaultTaskLocation.address === existing.defaultTaskLocation.address
          ? existing.defaultTaskLocation
          : client.defaultTaskLocation;
        const proposed = { ...client, defaultTaskLocation: location };
        if (sameClientData(proposed, existing)) continue;
        duplicatedContacts.push({
          contactId: contact.ContactID,
          clientId: existing.id,
          name: client.displayName,
          email: client.billingContact.email ?? null,
          client: proposed,
        });
      }
      await inChunks(newClients, insertChunk, (chunk) => tx.insert(clients).values(chunk.map((client) => ({ tenantId: ctx.tenantId, ...client }))));
      duplicatedContacts.sort((a, b) => a.name.localeCompare(b.name));
      return { duplicatedContacts, savedContacts: newClients.length };
    });
  });
}

/**
 * PUT xero/override-duplicated-clients: the chosen contacts' data replaces their clients', all or nothing. A client
 * of another tenant, or deleted since, answers 404; a name another client holds, 409.
 */
export async function overrideDuplicatedClients(
  ctx: Ctx,
  body: OverrideDuplicatesBody,
): Promise<OverrideDuplicatesAnswer> {
  return ctx.db.transaction(async (tx) => {
    const ids = [...new Set(body.map((entry) => entry.clientId))];
    if (ids.length !== body.length) throw conflict('accounting.clientChosenTwice', 'The same client is chosen twice.');
    const found = await tx
      .select({ id: clients.id })
      .from(clients)
      .where(and(eq(clients.tenantId, ctx.tenantId), inArray(clients.id, ids), isNull(clients.deleted)));
    if (found.length !== ids.length) throw clientNotFound();
    const names = new Set<string>();
    for (const entry of body) {
      const key = nameKey(entry.client.displayName);
      if (names.has(key)) throw conflict('client.nameTaken', clientConflictMessage);
      names.add(key);
    }
    // Names are checked against the other clients by the unique index; a row is renamed one at a time, so two
    // chosen clients that swap names would collide: a temporary name for each clears the way.
    for (const entry of body) {
      await tx
        .update(clients)
        .set({ displayName: `override ${entry.clientId} ${ctx.requestId}` })
        .where(and(eq(clients.tenantId, ctx.tenantId), eq(clients.id, entry.clientId)));
    }
    for (const entry of body) {
      const { displayName, defaultContact, defaultTaskLocation, billingContact } = entry.client;
      await tx
        .update(clients)
        .set({ displayName, defaultContact, defaultTaskLocation, billingContact, accountingContactId: entry.contactId, updated: new Date() })
        .where(and(eq(clients.tenantId, ctx.tenantId), eq(clients.id, entry.clientId)));
    }
    return { updatedClients: body.length };
  });
}
