import { and, eq, isNotNull, or, sql } from 'drizzle-orm';
import { accountingCredentials, type AccountingToken } from '@/db/schema';
import type { ConnectionMethod } from '@/lib/contract/accounting';
import { decryptSecret, encryptSecret } from '@/lib/server/core/crypto/secret-box';
import type { DbOrTx } from '@/lib/server/core/db';

/** The tenant's credentials, decrypted, as the server alone handles them. */
export interface StoredCredentials {
  id: number;
  connectionMethod: ConnectionMethod;
  clientId: string;
  clientSecret: string;
  token: AccountingToken | null;
}

/** Bound into each ciphertext: a value copied to another column or tenant does not decrypt. */
const secretContext = (tenantId: number) => `accounting_credentials:${tenantId}:client_secret`;
const tokenContext = (tenantId: number) => `accounting_credentials:${tenantId}:token`;

export const encryptClientSecret = (tenantId: number, secret: string) => encryptSecret(secret, secretContext(tenantId));
export const encryptToken = (tenantId: number, token: AccountingToken | null) =>
  token ? encryptSecret(JSON.stringify(token), tokenContext(tenantId)) : null;

type Row = typeof accountingCredentials.$inferSelect;

/**
 * Rows written before encryption at rest hold the secret and token in plain text: encrypt them and empty the plain
 * columns. Run at start-up (prepareDatabase) and, for safety, whenever such a row is read.
 */
async function encryptLegacyRow(db: DbOrTx, row: Row): Promise<Row> {
  const [updated] = await db
    .update(accountingCredentials)
    .set({
      clientSecretEncrypted:
        row.plainClientSecret !== null ? encryptClientSecret(row.tenantId, row.plainClientSecret) : row.clientSecretEncrypted,
      tokenEncrypted: row.plainToken ? encryptToken(row.tenantId, row.plainToken) : row.tokenEncrypted,
      plainClientSecret: null,
      plainToken: null,
    })
    .where(eq(accountingCredentials.id, row.id))
    .returning();
  return updated;
}

const hasPlainText = (row: Row) => row.plainClientSecret !== null || row.plainToken !== null;

/** Every tenant's left-over plain-text secrets, encrypted; answers how many rows changed. */
export async function encryptLegacySecrets(db: DbOrTx): Promise<number> {
  const rows = await db
    .select()
    .from(accountingCredentials)
    .where(or(isNotNull(accountingCredentials.plainClientSecret), isNotNull(accountingCredentials.plainToken)));
  for (const row of rows) await encryptLegacyRow(db, row);
  return rows.length;
}

/** The tenant's row; `lock` holds it (FOR UPDATE) until the caller's transaction ends, so one refresh runs at a time. */
export async function loadCredentialsRow(db: DbOrTx, tenantId: number, lock = false): Promise<Row | null> {
  const query = db.select().from(accountingCredentials).where(eq(accountingCredentials.tenantId, tenantId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) return null;
  return hasPlainText(row) ? encryptLegacyRow(db, row) : row;
}

/** Decrypts a row; a key other than the one that encrypted it fails with SecretKeyMismatchError. */
export function decryptRow(row: Row): StoredCredentials | null {
  if (row.clientSecretEncrypted === null) return null;
  return {
    id: row.id,
    connectionMethod: row.connectionMethod,
    clientId: row.clientId,
    clientSecret: decryptSecret(row.clientSecretEncrypted, secretContext(row.tenantId)),
    token:
      row.tokenEncrypted === null
        ? null
        : (JSON.parse(decryptSecret(row.tokenEncrypted, tokenContext(row.tenantId))) as AccountingToken),
  };
}

export async function loadCredentials(db: DbOrTx, tenantId: number, lock = false): Promise<StoredCredentials | null> {
  const row = await loadCredentialsRow(db, tenantId, lock);
  return row ? decryptRow(row) : null;
}

export async function storeToken(db: DbOrTx, tenantId: number, token: AccountingToken | null): Promise<void> {
  await db
    .update(accountingCredentials)
    .set({ tokenEncrypted: encryptToken(tenantId, token), updated: new Date() })
    .where(eq(accountingCredentials.tenantId, tenantId));
}

/** Saves the drawer's fields; the token survives only when the credentials did not change. */
export async function upsertCredentials(
  db: DbOrTx,
  tenantId: number,
  fields: { connectionMethod: ConnectionMethod; clientId: string; clientSecret: string },
  extra: Partial<Pick<Row, 'authorisationStateHash' | 'authorisationStateExpires' | 'authorisationUserId'>> = {},
): Promise<void> {
  const current = await loadCredentials(db, tenantId, true).catch(() => null);
  const unchanged =
    current !== null &&
    current.connectionMethod === fields.connectionMethod &&
    current.clientId === fields.clientId &&
    current.clientSecret === fields.clientSecret;
  const values = {
    connectionMethod: fields.connectionMethod,
    clientId: fields.clientId,
    clientSecretEncrypted: encryptClientSecret(tenantId, fields.clientSecret),
    plainClientSecret: null,
    plainToken: null,
    ...(unchanged ? {} : { tokenEncrypted: null }),
    ...extra,
    updated: new Date(),
  };
  await db
    .insert(accountingCredentials)
    .values({ tenantId, ...values })
    .onConflictDoUpdate({ target: accountingCredentials.tenantId, set: values });
}

/** Takes the authorisation's state if it matches, unexpired, for this user: at most one caller ever gets it. */
export async function consumeAuthorisationState(
  db: DbOrTx,
  tenantId: number,
  userId: number,
  stateHash: string,
): Promise<boolean> {
  const taken = await db
    .update(accountingCredentials)
    .set({ authorisationStateHash: null, authorisationStateExpires: null, authorisationUserId: null })
    .where(
      and(
        eq(accountingCredentials.tenantId, tenantId),
        eq(accountingCredentials.authorisationStateHash, stateHash),
        eq(accountingCredentials.authorisationUserId, userId),
        sql`${accountingCredentials.authorisationStateExpires} > now()`,
      ),
    )
    .returning({ id: accountingCredentials.id });
  return taken.length > 0;
}
