import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { clients } from './clients';
import { createdColumn, deletedColumn, idColumn, updatedColumn } from './columns';
import { customFields } from './custom-fields';
import { billingStatuses, cancellationReasons, taskStatuses, timeSlots } from './reference';
import { taskTypes } from './task-types';
import { sameTenantReference, tenantIdColumn } from './tenancy';
import { tenants } from './tenants';

/**
 * Each tenant's next task reference number. It has a row of its own, not a column of tenants: a creation holds this
 * row's lock until it commits (numbers stay consecutive and in commit order), and every task write of the tenant
 * locks the tenants row to publish its live change (last_change_seq); on one row, each write would queue behind any
 * open creation, CSV import batch or recurrence. A tenant gets its row with its first allocation (an upsert).
 */
export const taskReferenceCounters = pgTable('task_reference_counters', {
  tenantId: integer('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  nextReferenceNumber: integer('next_reference_number').notNull().default(1),
});

export const tasks = pgTable(
  'tasks',
  {
    id: idColumn(),
    tenantId: tenantIdColumn(),
    /** The public number, from task_reference_counters; never reused. */
    referenceNumber: integer('reference_number').notNull(),
    title: text('title').notNull(),
    typeId: integer('type_id').notNull(),
    clientId: integer('client_id'),
    description: varchar('description', { length: 100 }),
    assigneeId: integer('assignee_id'),
    statusId: integer('status_id')
      .notNull()
      .default(1)
      .references(() => taskStatuses.id),
    billingStatusId: integer('billing_status_id')
      .notNull()
      .default(1)
      .references(() => billingStatuses.id),
    cancelled: timestamp('cancelled', { withTimezone: true }),
    cancellationReasonId: integer('cancellation_reason_id'),
    /** Free text given with the cancellation, beside or instead of a listed reason. */
    cancellationReasonText: text('cancellation_reason_text'),
    /** Start of the appointment; null while the task is unscheduled. */
    appointmentDate: timestamp('appointment_date', { withTimezone: true }),
    durationMins: integer('duration_mins').notNull().default(60),
    timeSlotId: integer('time_slot_id'),
    locationAddress: text('location_address'),
    locationLatitude: doublePrecision('location_latitude'),
    locationLongitude: doublePrecision('location_longitude'),
    contactName: text('contact_name'),
    contactSurname: text('contact_surname'),
    contactPhoneCountryCode: text('contact_phone_country_code'),
    contactPhone: text('contact_phone'),
    externalReference: text('external_reference'),
    /** When the task last entered status completed; the efficiency report filters on it. */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /**
     * Seconds spent in status "in progress" over closed spans, and the start of the open one: kept by a trigger on
     * task_timeline, so lists read a task's actual duration without going through its timeline.
     */
    inProgressSeconds: doublePrecision('in_progress_seconds'),
    inProgressSince: timestamp('in_progress_since', { withTimezone: true }),
    rating: numeric('rating', { precision: 2, scale: 1, mode: 'number' }),
    feedbackComment: text('feedback_comment'),
    /** True on a recurrence parent. */
    recurring: boolean('recurring').notNull().default(false),
    /** The parent of a recurrence; on the parent itself it equals its own id. */
    recurringTaskId: integer('recurring_task_id'),
    recurringRule: text('recurring_rule'),
    recurringCount: integer('recurring_count'),
    repeatEveryOption: text('repeat_every_option'),
    /** Comma-separated day names (mon,tue,...). */
    repeatOn: text('repeat_on'),
    endRecurrence: date('end_recurrence', { mode: 'string' }),
    created: createdColumn(),
    /** Millisecond precision: writers send back the value they saw and get a conflict when it moved. */
    updated: updatedColumn(),
    deleted: deletedColumn(),
  },
  (t) => [
    unique('tasks_tenant_id_id_unique').on(t.tenantId, t.id),
    uniqueIndex('tasks_tenant_reference_unique').on(t.tenantId, t.referenceNumber),
    index('tasks_tenant_appointment_idx').on(t.tenantId, t.appointmentDate),
    index('tasks_tenant_assignee_appointment_idx').on(t.tenantId, t.assigneeId, t.appointmentDate),
    index('tasks_tenant_unscheduled_idx')
      .on(t.tenantId, t.created)
      .where(sql`${t.appointmentDate} is null and ${t.deleted} is null`),
    index('tasks_tenant_completed_idx')
      .on(t.tenantId, t.completedAt)
      .where(sql`${t.completedAt} is not null`),
    index('tasks_tenant_recurring_parent_idx')
      .on(t.tenantId, t.recurringTaskId)
      .where(sql`${t.recurringTaskId} is not null`),
    index('tasks_tenant_client_idx').on(t.tenantId, t.clientId),
    // The dashboard's aggregates (lib/server/reporting/dashboard) read these alone, as index-only scans, not the task rows.
    index('tasks_dashboard_status_idx').on(t.tenantId, t.statusId, t.created).where(sql`${t.deleted} is null`),
    index('tasks_dashboard_place_idx')
      .on(t.tenantId, t.appointmentDate, t.locationLatitude, t.locationLongitude, t.typeId)
      .where(sql`${t.deleted} is null`),
    index('tasks_dashboard_done_idx')
      .on(t.tenantId, t.completedAt, t.statusId, t.durationMins, t.inProgressSeconds, t.assigneeId, t.clientId)
      .where(sql`${t.deleted} is null and ${t.completedAt} is not null`),
    sameTenantReference('tasks_type_fk', t.tenantId, t.typeId, taskTypes),
    sameTenantReference('tasks_client_fk', t.tenantId, t.clientId, clients),
    sameTenantReference('tasks_cancellation_reason_fk', t.tenantId, t.cancellationReasonId, cancellationReasons),
    sameTenantReference('tasks_time_slot_fk', t.tenantId, t.timeSlotId, timeSlots),
    sameTenantReference('tasks_assignee_fk', t.tenantId, t.assigneeId, users),
    foreignKey({
      name: 'tasks_recurring_parent_fk',
      columns: [t.tenantId, t.recurringTaskId],
      foreignColumns: [t.tenantId, t.id],
    }),
    check('tasks_rating_range', sql`${t.rating} between 0 and 5`),
    check('tasks_duration_positive', sql`${t.durationMins} > 0`),
  ],
);

/** A task's value for one custom field, in the stored text formats of spec 01 §3. */
export const customFieldValues = pgTable(
  'custom_field_values',
  {
    id: idColumn(),
    tenantId: tenantIdColumn(),
    taskId: integer('task_id').notNull(),
    customFieldId: integer('custom_field_id').notNull(),
    fieldValue: text('field_value'),
    created: createdColumn(),
    updated: updatedColumn(),
  },
  (t) => [
    uniqueIndex('custom_field_values_task_field_unique').on(t.tenantId, t.taskId, t.customFieldId),
    sameTenantReference('custom_field_values_task_fk', t.tenantId, t.taskId, tasks, 'cascade'),
    sameTenantReference('custom_field_values_field_fk', t.tenantId, t.customFieldId, customFields),
  ],
);
