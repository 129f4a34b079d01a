import { integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdColumn, idColumn, updatedColumn } from './columns';
import { tenantIdColumn } from './tenancy';

export const accountingConnectionMethodEnum = pgEnum('accounting_connection_method', ['WEB_APP', 'CUSTOM']);

/** The provider's token as the app keeps it (encrypted, in tokenEncrypted). */
export interface AccountingToken {
  accessToken: string;
  refreshToken?: string;
  expiresAt?: string;
  providerTenantId?: string;
}

/** The tenant's credentials at the accounting provider (Xero); one row per tenant. */
export const accountingCredentials = pgTable(
  'accounting_credentials',
  {
    id: idColumn(),
    tenantId: tenantIdColumn(),
    connectionMethod: accountingConnectionMethodEnum('connection_method').notNull().default('WEB_APP'),
    clientId: text('client_id').notNull(),
    /**
     * The client secret before encryption at rest existed. Sent to the provider on every token exchange, so it
     * cannot be hashed; prepareDatabase moves any left here into clientSecretEncrypted and empties it.
     */
    plainClientSecret: text('client_secret'),
    /** The token before encryption at rest existed; emptied the same way. */
    plainToken: jsonb('token').$type<AccountingToken>(),
    /** AES-256-GCM with ENCRYPTION_KEY (lib/server/core/crypto/secret-box.ts). */
    clientSecretEncrypted: text('client_secret_encrypted'),
    /** The JSON of an AccountingToken, encrypted likewise; null until authorised (or for a fresh custom connection). */
    tokenEncrypted: text('token_encrypted'),
    /** SHA-256 of the web-app authorisation's CSRF `state`, its expiry and who started it; single use. */
    authorisationStateHash: text('authorisation_state_hash'),
    authorisationStateExpires: timestamp('authorisation_state_expires', { withTimezone: true }),
    authorisationUserId: integer('authorisation_user_id'),
    created: createdColumn(),
    updated: updatedColumn(),
  },
  (t) => [uniqueIndex('accounting_credentials_tenant_unique').on(t.tenantId)],
);
