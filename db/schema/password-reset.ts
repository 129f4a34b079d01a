import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdColumn, idColumn } from './columns';
import { sameTenantReference, tenantIdColumn } from './tenancy';

/**
 * The links of "forgot password" mails (/app/change-password?token=…). The token in the link is random; only its
 * SHA-256 hash is stored, so a database leak hands out no working link. A token works once and for one hour.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: idColumn(),
    tenantId: tenantIdColumn(),
    userId: integer('user_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expires: timestamp('expires', { withTimezone: true }).notNull(),
    /** Set when the password was reset with it: a link works once. */
    used: timestamp('used', { withTimezone: true }),
    created: createdColumn(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_unique').on(t.tokenHash),
    index('password_reset_tokens_tenant_user_idx').on(t.tenantId, t.userId),
    sameTenantReference('password_reset_tokens_user_fk', t.tenantId, t.userId, users, 'cascade'),
  ],
);
