import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdColumn, idColumn, updatedColumn } from './columns';

export interface TenantSettings {
  defaultMapBounds?: { southWest: { lat: number; lng: number }; northEast: { lat: number; lng: number } };
  industry?: string;
  companySize?: string;
  /** Where a worker without a start location of their own sets out from (auto-schedule). */
  officeLocation?: { address: string; latitude: number; longitude: number };
}

export const tenants = pgTable('tenants', {
  id: idColumn(),
  displayName: text('display_name').notNull(),
  timeZone: text('time_zone').notNull().default('Europe/Rome'),
  settings: jsonb('settings').$type<TenantSettings>().notNull().default({}),
  /** True when the demo seed created the tenant: the login page then lists the demo logins. */
  demo: boolean('demo').notNull().default(false),
  /** The last task-change number handed out; see publishTaskChange for why it lives here. */
  lastChangeSeq: integer('last_change_seq').notNull().default(0),
  created: createdColumn(),
  updated: updatedColumn(),
});

/** The catalogue of optional capabilities, ids 1 to 7 as the spec numbers them. */
export const features = pgTable('features', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

export const tenantFeatures = pgTable(
  'tenant_features',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    featureId: integer('feature_id')
      .notNull()
      .references(() => features.id),
    created: createdColumn(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.featureId] })],
);

/** Attempts counted per key (ip or username) inside a short window; shared by every app instance. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true, precision: 3 }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [index('rate_limits_window_idx').on(t.windowStart)],
);
