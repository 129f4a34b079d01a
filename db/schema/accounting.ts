import { jsonb, pgEnum, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdColumn, idColumn, updatedColumn } from './columns';
import { tenantIdColumn } from './tenancy';

export const accountingConnectionMethodEnum = pgEnum('accounting_connection_method', ['WEB_APP', 'CUSTOM']);

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
    /** Sent to the provider on every token exchange, so it cannot be hashed. */
    clientSecret: text('client_secret').notNull(),
    /** Null for a custom connection, which exchanges its credentials on each call. */
    token: jsonb('token').$type<AccountingToken>(),
    created: createdColumn(),
    updated: updatedColumn(),
  },
  (t) => [uniqueIndex('accounting_credentials_tenant_unique').on(t.tenantId)],
);
