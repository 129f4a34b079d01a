import { index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdColumn } from './columns';
import { sameTenantReference, tenantIdColumn } from './tenancy';

/**
 * The answers to writes sent with an Idempotency-Key (a worker's offline queue): a replay of the key answers the
 * stored answer instead of applying the write again. A row without a status is a request still running; only
 * successful answers stay, so a retry after an error runs again. A key may be used again after 24 hours.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    tenantId: tenantIdColumn(),
    userId: integer('user_id').notNull(),
    key: text('key').notNull(),
    /** "METHOD /path": the same key sent to another call is refused, not answered with this answer. */
    request: text('request').notNull(),
    status: smallint('status'),
    response: jsonb('response'),
    created: createdColumn(),
    completed: timestamp('completed', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'idempotency_keys_pk', columns: [t.tenantId, t.userId, t.key] }),
    index('idempotency_keys_created_idx').on(t.created),
    sameTenantReference('idempotency_keys_user_fk', t.tenantId, t.userId, users, 'cascade'),
  ],
);
