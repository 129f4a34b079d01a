import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdColumn, deletedColumn, idColumn, updatedColumn } from './columns';
import { tasks } from './tasks';
import { sameTenantReference, tenantIdColumn } from './tenancy';

export type ApiKeyRole = 'owner' | 'tasksManager' | 'usersManager' | 'billingManager';

/**
 * Machine credentials. Only a SHA-256 hash of the key is kept: the key is shown once, at creation. The prefix
 * lets a person tell keys apart in the masked list.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: idColumn(),
    tenantId: tenantIdColumn(),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull(),
    keyPrefix: text('key_prefix').notNull(),
    expiry: timestamp('expiry', { withTimezone: true }),
    roles: jsonb('roles').$type<ApiKeyRole[]>().notNull().default(['tasksManager']),
    /** The manager who made it: the key acts in that user's tenant, with the key's roles that user still holds. */
    createdById: integer('created_by_id'),
    lastUsed: timestamp('last_used', { withTimezone: true }),
    deleted: deletedColumn(),
    created: createdColumn(),
    updated: updatedColumn(),
  },
  (t) => [
    uniqueIndex('api_keys_key_hash_unique').on(t.keyHash),
    index('api_keys_tenant_idx').on(t.tenantId),
    uniqueIndex('api_keys_tenant_name_unique')
      .on(t.tenantId, sql`lower(${t.name})`)
      .where(sql`${t.deleted} is null`),
    sameTenantReference('api_keys_created_by_fk', t.tenantId, t.createdById, users),
  ],
);

export const taskTokenPurposeEnum = pgEnum('task_token_purpose', ['FEEDBACK', 'TRACKING']);

/**
 * The public feedback (/app/f/{token}) and tracking (/app/t/{token}) links. The token in the link is random;
 * only its SHA-256 hash is stored, so a database leak does not hand out working links.
 */
export const taskAccessTokens = pgTable(
  'task_access_tokens',
  {
    id: idColumn(),
    tenantId: tenantIdColumn(),
    taskId: integer('task_id').notNull(),
    purpose: taskTokenPurposeEnum('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    expires: timestamp('expires', { withTimezone: true }).notNull(),
    /** Set when feedback was given, so the link cannot rate twice. */
    used: timestamp('used', { withTimezone: true }),
    created: createdColumn(),
  },
  (t) => [
    uniqueIndex('task_access_tokens_hash_unique').on(t.tokenHash),
    index('task_access_tokens_tenant_task_idx').on(t.tenantId, t.taskId),
    sameTenantReference('task_access_tokens_task_fk', t.tenantId, t.taskId, tasks, 'cascade'),
  ],
);
