import { sql } from 'drizzle-orm';
import { boolean, jsonb, pgTable, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdColumn, deletedColumn, idColumn, updatedColumn } from './columns';
import { tenantIdColumn } from './tenancy';

export interface ContactDetails {
  name?: string;
  surname?: string;
  phoneCountryCode?: string;
  phone?: string;
}

export interface BillingContact extends ContactDetails {
  email?: string;
  address?: string;
}

export interface TaskLocation {
  address?: string;
  latitude?: number;
  longitude?: number;
}

export const clients = pgTable(
  'clients',
  {
    id: idColumn(),
    tenantId: tenantIdColumn(),
    displayName: text('display_name').notNull(),
    /** Kept as documents because the API reads and writes them whole, and nothing queries inside them. */
    defaultContact: jsonb('default_contact').$type<ContactDetails>().notNull().default({}),
    defaultTaskLocation: jsonb('default_task_location').$type<TaskLocation>().notNull().default({}),
    billingContact: jsonb('billing_contact').$type<BillingContact>().notNull().default({}),
    disabled: boolean('disabled').notNull().default(false),
    /** The contact's id at the accounting provider, so a second import recognises it. */
    accountingContactId: text('accounting_contact_id'),
    deleted: deletedColumn(),
    created: createdColumn(),
    updated: updatedColumn(),
  },
  (t) => [
    unique('clients_tenant_id_id_unique').on(t.tenantId, t.id),
    uniqueIndex('clients_tenant_name_unique')
      .on(t.tenantId, sql`lower(${t.displayName})`)
      .where(sql`${t.deleted} is null`),
  ],
);
