import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdColumn, deletedColumn, idColumn, updatedColumn } from './columns';
import { customFields } from './custom-fields';
import { skills } from './reference';
import { sameTenantReference, tenantIdColumn } from './tenancy';

export const taskTypes = pgTable(
  'task_types',
  {
    id: idColumn(),
    tenantId: tenantIdColumn(),
    /** The spec calls the task type's name `type`. */
    name: text('name').notNull(),
    durationMins: integer('duration_mins').notNull().default(60),
    deleted: deletedColumn(),
    created: createdColumn(),
    updated: updatedColumn(),
  },
  (t) => [
    unique('task_types_tenant_id_id_unique').on(t.tenantId, t.id),
    uniqueIndex('task_types_tenant_name_unique')
      .on(t.tenantId, sql`lower(${t.name})`)
      .where(sql`${t.deleted} is null`),
    check('task_types_duration_range', sql`${t.durationMins} between 1 and 9999`),
  ],
);

/** Skills a worker needs for tasks of this type. */
export const taskTypeSkills = pgTable(
  'task_type_skills',
  {
    tenantId: tenantIdColumn(),
    taskTypeId: integer('task_type_id').notNull(),
    skillId: integer('skill_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'task_type_skills_pk', columns: [t.tenantId, t.taskTypeId, t.skillId] }),
    sameTenantReference('task_type_skills_task_type_fk', t.tenantId, t.taskTypeId, taskTypes, 'cascade'),
    sameTenantReference('task_type_skills_skill_fk', t.tenantId, t.skillId, skills, 'cascade'),
  ],
);

/** Custom fields shown on tasks of this type. */
export const taskTypeCustomFields = pgTable(
  'task_type_custom_fields',
  {
    tenantId: tenantIdColumn(),
    taskTypeId: integer('task_type_id').notNull(),
    customFieldId: integer('custom_field_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'task_type_custom_fields_pk', columns: [t.tenantId, t.taskTypeId, t.customFieldId] }),
    sameTenantReference('task_type_custom_fields_task_type_fk', t.tenantId, t.taskTypeId, taskTypes, 'cascade'),
    sameTenantReference('task_type_custom_fields_field_fk', t.tenantId, t.customFieldId, customFields, 'cascade'),
  ],
);
