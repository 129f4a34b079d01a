import { bigint, index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { createdColumn, deletedColumn, idColumn, updatedColumn } from './columns';
import { storedFiles, users } from './auth';
import { taskStatuses } from './reference';
import { tasks } from './tasks';
import { sameTenantReference, tenantIdColumn } from './tenancy';

export const taskFiles = pgTable(
  'task_files',
  {
    id: idColumn(),
    tenantId: tenantIdColumn(),
    taskId: integer('task_id').notNull(),
    storedFileId: integer('stored_file_id').notNull(),
    filename: text('filename').notNull(),
    description: varchar('description', { length: 100 }),
    uploaderId: integer('uploader_id'),
    uploadedDate: createdColumn(),
    updated: updatedColumn(),
    deleted: deletedColumn(),
  },
  (t) => [
    index('task_files_tenant_task_idx').on(t.tenantId, t.taskId),
    sameTenantReference('task_files_task_fk', t.tenantId, t.taskId, tasks, 'cascade'),
    sameTenantReference('task_files_stored_file_fk', t.tenantId, t.storedFileId, storedFiles),
    sameTenantReference('task_files_uploader_fk', t.tenantId, t.uploaderId, users),
  ],
);

export const taskNotes = pgTable(
  'task_notes',
  {
    id: idColumn(),
    tenantId: tenantIdColumn(),
    taskId: integer('task_id').notNull(),
    note: text('note').notNull(),
    authorId: integer('author_id'),
    date: createdColumn(),
    updated: updatedColumn(),
    deleted: deletedColumn(),
  },
  (t) => [
    index('task_notes_tenant_task_idx').on(t.tenantId, t.taskId),
    sameTenantReference('task_notes_task_fk', t.tenantId, t.taskId, tasks, 'cascade'),
    sameTenantReference('task_notes_author_fk', t.tenantId, t.authorId, users),
  ],
);

export const taskSignatures = pgTable(
  'task_signatures',
  {
    id: idColumn(),
    tenantId: tenantIdColumn(),
    taskId: integer('task_id').notNull(),
    storedFileId: integer('stored_file_id').notNull(),
    filename: text('filename').notNull(),
    uploaderId: integer('uploader_id'),
    uploadedDate: createdColumn(),
    deleted: deletedColumn(),
  },
  (t) => [
    index('task_signatures_tenant_task_idx').on(t.tenantId, t.taskId),
    sameTenantReference('task_signatures_task_fk', t.tenantId, t.taskId, tasks, 'cascade'),
    sameTenantReference('task_signatures_stored_file_fk', t.tenantId, t.storedFileId, storedFiles),
    sameTenantReference('task_signatures_uploader_fk', t.tenantId, t.uploaderId, users),
  ],
);

/** Each status a task entered, and who moved it; actual durations are computed from these rows. */
export const taskTimeline = pgTable(
  'task_timeline',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantIdColumn(),
    taskId: integer('task_id').notNull(),
    /** Null when no person made the change (an API key or a job). */
    userId: integer('user_id'),
    statusId: integer('status_id')
      .notNull()
      .references(() => taskStatuses.id),
    created: createdColumn(),
  },
  (t) => [
    index('task_timeline_tenant_task_idx').on(t.tenantId, t.taskId, t.created),
    sameTenantReference('task_timeline_task_fk', t.tenantId, t.taskId, tasks, 'cascade'),
    sameTenantReference('task_timeline_user_fk', t.tenantId, t.userId, users),
  ],
);

/** Every change to a task, with the spec's action names (task_created, change_task_status, ...). */
export const taskLogs = pgTable(
  'task_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantIdColumn(),
    taskId: integer('task_id').notNull(),
    userId: integer('user_id'),
    action: text('action').notNull(),
    oldValue: text('old_value'),
    newValue: text('new_value'),
    created: createdColumn(),
  },
  (t) => [
    index('task_logs_tenant_task_idx').on(t.tenantId, t.taskId, t.created),
    sameTenantReference('task_logs_task_fk', t.tenantId, t.taskId, tasks, 'cascade'),
    sameTenantReference('task_logs_user_fk', t.tenantId, t.userId, users),
  ],
);
