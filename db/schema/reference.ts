import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, time, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdColumn, deletedColumn, idColumn, updatedColumn } from './columns';
import { tenantIdColumn } from './tenancy';

/** Shared by every tenant: the ids 1-5 carry meaning in the code and the contract. */
export const taskStatuses = pgTable('task_statuses', {
  id: integer('id').primaryKey(),
  status: text('status').notNull(),
  /** A colour name the UI maps to its palette (blue, orange, ...), as the spec's tags use. */
  color: text('color').notNull(),
  deleted: deletedColumn(),
});

/** Shared by every tenant: ids 1-4. */
export const billingStatuses = pgTable('billing_statuses', {
  id: integer('id').primaryKey(),
  status: text('status').notNull(),
  color: text('color').notNull(),
  deleted: deletedColumn(),
});

export const cancellationReasons = pgTable(
  'cancellation_reasons',
  {
    id: idColumn(),
    tenantId: tenantIdColumn(),
    name: text('name').notNull(),
    deleted: deletedColumn(),
    created: createdColumn(),
    updated: updatedColumn(),
  },
  (t) => [
    unique('cancellation_reasons_tenant_id_id_unique').on(t.tenantId, t.id),
    uniqueIndex('cancellation_reasons_tenant_name_unique')
      .on(t.tenantId, sql`lower(${t.name})`)
      .where(sql`${t.deleted} is null`),
  ],
);

export const timeSlots = pgTable(
  'time_slots',
  {
    id: idColumn(),
    tenantId: tenantIdColumn(),
    name: text('name').notNull(),
    /** Wall-clock times in the tenant's time zone. */
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    deleted: deletedColumn(),
    created: createdColumn(),
    updated: updatedColumn(),
  },
  (t) => [
    unique('time_slots_tenant_id_id_unique').on(t.tenantId, t.id),
    uniqueIndex('time_slots_tenant_name_unique')
      .on(t.tenantId, sql`lower(${t.name})`)
      .where(sql`${t.deleted} is null`),
    check('time_slots_end_after_start', sql`${t.endTime} > ${t.startTime}`),
  ],
);

export const skills = pgTable(
  'skills',
  {
    id: idColumn(),
    tenantId: tenantIdColumn(),
    name: text('name').notNull(),
    /** One of the fixed list of icon names the UI offers. */
    icon: text('icon').notNull(),
    deleted: deletedColumn(),
    created: createdColumn(),
    updated: updatedColumn(),
  },
  (t) => [
    unique('skills_tenant_id_id_unique').on(t.tenantId, t.id),
    uniqueIndex('skills_tenant_name_unique')
      .on(t.tenantId, sql`lower(${t.name})`)
      .where(sql`${t.deleted} is null`),
  ],
);
