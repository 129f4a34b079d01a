import { sql } from 'drizzle-orm';
import { date, index, integer, pgEnum, pgTable, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdColumn, deletedColumn, idColumn, updatedColumn } from './columns';
import { sameTenantReference, tenantIdColumn } from './tenancy';

export const dayKeyEnum = pgEnum('day_key', ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']);

/** A single space: the spec's text for a day without working hours. */
export const noHours = ' ';

export const workingHoursTemplates = pgTable(
  'working_hours_templates',
  {
    id: idColumn(),
    tenantId: tenantIdColumn(),
    name: text('name').notNull(),
    deleted: deletedColumn(),
    created: createdColumn(),
    updated: updatedColumn(),
  },
  (t) => [
    unique('working_hours_templates_tenant_id_id_unique').on(t.tenantId, t.id),
    uniqueIndex('working_hours_templates_tenant_name_unique')
      .on(t.tenantId, sql`lower(${t.name})`)
      .where(sql`${t.deleted} is null`),
  ],
);

export const workingHoursTemplateDays = pgTable(
  'working_hours_template_days',
  {
    id: idColumn(),
    tenantId: tenantIdColumn(),
    templateId: integer('template_id').notNull(),
    day: dayKeyEnum('day').notNull(),
    /** 'HH:mm|HH:mm' ranges on the half-hour grid, comma-separated; a single space for none. */
    hours: text('hours').notNull().default(noHours),
  },
  (t) => [
    uniqueIndex('working_hours_template_days_template_day_unique').on(t.tenantId, t.templateId, t.day),
    sameTenantReference('working_hours_template_days_template_fk', t.tenantId, t.templateId, workingHoursTemplates, 'cascade'),
  ],
);

/** A worker's hours for one local date, replacing the template's hours for that weekday. */
export const workerUnavailability = pgTable(
  'worker_unavailability',
  {
    id: idColumn(),
    tenantId: tenantIdColumn(),
    userId: integer('user_id').notNull(),
    /** A calendar date in the tenant's time zone; no time part, so no offset can shift it. */
    dateUnavailability: date('date_unavailability', { mode: 'string' }).notNull(),
    hours: text('hours').notNull().default(noHours),
    deleted: deletedColumn(),
    created: createdColumn(),
    updated: updatedColumn(),
  },
  (t) => [
    index('worker_unavailability_tenant_date_idx').on(t.tenantId, t.dateUnavailability),
    uniqueIndex('worker_unavailability_user_date_unique')
      .on(t.tenantId, t.userId, t.dateUnavailability)
      .where(sql`${t.deleted} is null`),
    sameTenantReference('worker_unavailability_user_fk', t.tenantId, t.userId, users, 'cascade'),
  ],
);
