import { bigint, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenants } from './tenants';

/**
 * Every task change, numbered per tenant in commit order (`seq`, the stream's event id). The live stream sends
 * rows from here, so a client that reconnects with Last-Event-ID gets exactly what it missed.
 */
export const taskChanges = pgTable(
  'task_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    taskId: integer('task_id').notNull(),
    kind: text('kind').$type<'created' | 'updated' | 'deleted'>().notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('task_changes_tenant_seq_unique').on(t.tenantId, t.seq)],
);
