import { sql } from 'drizzle-orm';
import { boolean, jsonb, pgEnum, pgTable, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdColumn, deletedColumn, idColumn, updatedColumn } from './columns';
import { tenantIdColumn } from './tenancy';

export const customFieldTypeEnum = pgEnum('custom_field_type', [
  'TEXT',
  'NUMBER',
  'DATE',
  'BOOLEAN',
  'SINGLE_SELECT',
  'MULTI_SELECT',
  'MULTI_SELECT_QUANTITY',
]);

export const customFieldRequiredTypeEnum = pgEnum('custom_field_required_type', ['ON_SAVE', 'ON_COMPLETION']);

export const customFieldDisplayTypeEnum = pgEnum('custom_field_display_type', ['HIDDEN', 'READ_ONLY', 'EDITABLE']);

export const customFields = pgTable(
  'custom_fields',
  {
    id: idColumn(),
    tenantId: tenantIdColumn(),
    fieldName: text('field_name').notNull(),
    fieldType: customFieldTypeEnum('field_type').notNull(),
    /** The choices of the select types; empty for the others. */
    options: jsonb('options').$type<string[]>().notNull().default([]),
    required: boolean('required').notNull().default(false),
    /** Set only when required is true. */
    requiredType: customFieldRequiredTypeEnum('required_type'),
    displayType: customFieldDisplayTypeEnum('display_type').notNull().default('EDITABLE'),
    deleted: deletedColumn(),
    created: createdColumn(),
    updated: updatedColumn(),
  },
  (t) => [
    unique('custom_fields_tenant_id_id_unique').on(t.tenantId, t.id),
    uniqueIndex('custom_fields_tenant_name_unique')
      .on(t.tenantId, sql`lower(${t.fieldName})`)
      .where(sql`${t.deleted} is null`),
  ],
);
