import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  type PgTableExtraConfigValue,
} from 'drizzle-orm/pg-core';
import { storedFiles } from './files';
import { sameTenantReference } from './tenancy';
import { tenants } from './tenants';
import { workingHoursTemplates } from './working-hours';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
};

/**
 * The product's users. better-auth reads and writes this table as its `user` model: its `email` field is the
 * product's username (always an e-mail), and the product's own columns sit beside better-auth's.
 */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    name: text('name').notNull(),
    surname: text('surname').notNull().default(''),
    image: text('image'),
    phone: text('phone'),
    phoneCountryCode: text('phone_country_code'),
    owner: boolean('owner').notNull().default(false),
    tasksManager: boolean('tasks_manager').notNull().default(false),
    usersManager: boolean('users_manager').notNull().default(false),
    billingManager: boolean('billing_manager').notNull().default(false),
    assignee: boolean('assignee').notNull().default(false),
    active: boolean('active').notNull().default(true),
    preferredLanguage: text('preferred_language'),
    /** true = 24-hour clock, as the spec's boolean. */
    preferredTimeFormat: boolean('preferred_time_format').notNull().default(true),
    preferredTaskColumns: text('preferred_task_columns'),
    timeZone: text('time_zone'),
    profilePictureId: integer('profile_picture_id'),
    workingHoursTemplateId: integer('working_hours_template_id'),
    firstLogin: boolean('first_login').notNull().default(false),
    lat: text('lat'),
    lng: text('lng'),
    latLngTimestamp: timestamp('lat_lng_timestamp', { withTimezone: true }),
    /** Where auto-schedule starts and ends the worker's day; none = the tenant's office location. */
    startAddress: text('start_address'),
    startLatitude: doublePrecision('start_latitude'),
    startLongitude: doublePrecision('start_longitude'),
    /** Auto-schedule's limit of tasks a day for this worker, booked ones included; none = as many as fit. */
    maxTasksPerDay: integer('max_tasks_per_day'),
    lastSeen: timestamp('last_seen', { withTimezone: true }),
    deleted: timestamp('deleted', { withTimezone: true }),
    ...timestamps,
  },
  // The other tables are read only when this callback runs, after every module has loaded: auth.ts and
  // working-hours.ts / files.ts import each other. The return type is spelled out because stored_files refers back
  // to users, and TypeScript cannot infer two table types that each depend on the other.
  (t): PgTableExtraConfigValue[] => [
    unique('users_tenant_id_id_unique').on(t.tenantId, t.id),
    uniqueIndex('users_username_unique').on(t.username),
    index('users_tenant_idx').on(t.tenantId),
    index('users_tenant_assignee_idx').on(t.tenantId, t.assignee, t.active),
    sameTenantReference('users_profile_picture_fk', t.tenantId, t.profilePictureId, storedFiles),
    sameTenantReference('users_working_hours_template_fk', t.tenantId, t.workingHoursTemplateId, workingHoursTemplates),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    ...timestamps,
  },
  (t) => [uniqueIndex('sessions_token_unique').on(t.token), index('sessions_user_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (t) => [index('accounts_user_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);
