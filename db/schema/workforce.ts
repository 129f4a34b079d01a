import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdColumn, deletedColumn, idColumn, updatedColumn } from './columns';
import { skills } from './reference';
import { features } from './tenants';
import { noHours } from './working-hours';
import { sameTenantReference, tenantIdColumn } from './tenancy';

export const userSkills = pgTable(
  'user_skills',
  {
    tenantId: tenantIdColumn(),
    userId: integer('user_id').notNull(),
    skillId: integer('skill_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'user_skills_pk', columns: [t.userId, t.skillId] }),
    sameTenantReference('user_skills_user_fk', t.tenantId, t.userId, users, 'cascade'),
    index('user_skills_tenant_skill_idx').on(t.tenantId, t.skillId),
    sameTenantReference('user_skills_skill_fk', t.tenantId, t.skillId, skills, 'cascade'),
  ],
);

/** Features switched on for one user, beside the tenant's own. */
export const userFeatures = pgTable(
  'user_features',
  {
    tenantId: tenantIdColumn(),
    userId: integer('user_id').notNull(),
    featureId: integer('feature_id')
      .notNull()
      .references(() => features.id),
  },
  (t) => [
    primaryKey({ name: 'user_features_pk', columns: [t.userId, t.featureId] }),
    index('user_features_tenant_idx').on(t.tenantId),
    sameTenantReference('user_features_user_fk', t.tenantId, t.userId, users, 'cascade'),
  ],
);

export const zones = pgTable(
  'zones',
  {
    id: idColumn(),
    tenantId: tenantIdColumn(),
    name: text('name').notNull(),
    color: text('color').notNull().default('#3db389'),
    deleted: deletedColumn(),
    created: createdColumn(),
    updated: updatedColumn(),
  },
  (t) => [
    unique('zones_tenant_id_id_unique').on(t.tenantId, t.id),
    uniqueIndex('zones_tenant_name_unique')
      .on(t.tenantId, sql`lower(${t.name})`)
      .where(sql`${t.deleted} is null`),
  ],
);

/** The polygon's vertices in drawing order. */
export const zonePoints = pgTable(
  'zone_points',
  {
    id: idColumn(),
    tenantId: tenantIdColumn(),
    zoneId: integer('zone_id').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    pointOrder: integer('point_order').notNull(),
  },
  (t) => [
    uniqueIndex('zone_points_zone_order_unique').on(t.tenantId, t.zoneId, t.pointOrder),
    sameTenantReference('zone_points_zone_fk', t.tenantId, t.zoneId, zones, 'cascade'),
  ],
);

export const userZones = pgTable(
  'user_zones',
  {
    tenantId: tenantIdColumn(),
    userId: integer('user_id').notNull(),
    zoneId: integer('zone_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'user_zones_pk', columns: [t.userId, t.zoneId] }),
    sameTenantReference('user_zones_user_fk', t.tenantId, t.userId, users, 'cascade'),
    index('user_zones_tenant_zone_idx').on(t.tenantId, t.zoneId),
    sameTenantReference('user_zones_zone_fk', t.tenantId, t.zoneId, zones, 'cascade'),
  ],
);

/** The history of positions a worker's device reported; users.lat/lng keep only the latest. */
export const workerPositions = pgTable(
  'worker_positions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantIdColumn(),
    userId: integer('user_id').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    /** When the device took the reading, as it reported it. */
    recorded: timestamp('recorded', { withTimezone: true }).notNull(),
    created: createdColumn(),
  },
  (t) => [
    index('worker_positions_tenant_user_recorded_idx').on(t.tenantId, t.userId, t.recorded),
    sameTenantReference('worker_positions_user_fk', t.tenantId, t.userId, users, 'cascade'),
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
