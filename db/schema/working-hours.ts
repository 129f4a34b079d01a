import { sql } from 'drizzle-orm';
import { integer, pgEnum, pgTable, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
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
