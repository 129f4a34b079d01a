import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdColumn, deletedColumn, idColumn, updatedColumn } from './columns';
import { taskStatuses } from './reference';
import { tenantIdColumn } from './tenancy';

export const notificationTypeEnum = pgEnum('notification_type', [
  'BEFORE_APPOINTMENT',
  'ON_TASK_STATUS_CHANGE',
  'ON_TASK_UPDATE',
  'ON_TASK_DELAY',
]);

export const notificationRecipientEnum = pgEnum('notification_recipient', ['CLIENT', 'WORKER']);

export const messageTypeEnum = pgEnum('message_type', ['EMAIL', 'SMS']);

/** A rule: when to send which message to whom. */
export const notifications = pgTable(
  'notifications',
  {
    id: idColumn(),
    tenantId: tenantIdColumn(),
    type: notificationTypeEnum('type').notNull(),
    /** Hours before the appointment; BEFORE_APPOINTMENT only. */
    numberOfHours: integer('number_of_hours'),
    /** The status that triggers it; ON_TASK_STATUS_CHANGE only. */
    statusId: integer('status_id').references(() => taskStatuses.id),
    recipient: notificationRecipientEnum('recipient').notNull(),
    messageType: messageTypeEnum('message_type').notNull(),
    /** E-mail only. */
    subject: text('subject'),
    /** Text with {placeholders}. */
    message: text('message').notNull(),
    isDisabled: boolean('is_disabled').notNull().default(false),
    deleted: deletedColumn(),
    created: createdColumn(),
    updated: updatedColumn(),
  },
  (t) => [
    index('notifications_tenant_type_idx').on(t.tenantId, t.type),
    check('notifications_hours_range', sql`${t.numberOfHours} is null or ${t.numberOfHours} between 1 and 24`),
  ],
);

export const outboxChannelEnum = pgEnum('outbox_channel', ['EMAIL', 'SMS']);

export const outboxStatusEnum = pgEnum('outbox_status', ['PENDING', 'SENT', 'FAILED']);

/** A file a message carries, named by what it is: the task's PDF report in the recipient's language. */
export interface OutboxAttachment {
  kind: 'task-report';
  taskId: number;
  language: string;
}

/**
 * Messages to send, written in the same transaction as the change that causes them; a job delivers them.
 * Without SMTP or an SMS provider they stay pending, and an owner reads them in the settings.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: idColumn(),
    tenantId: tenantIdColumn(),
    channel: outboxChannelEnum('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    /** As the Outbox screen shows it: a first-login password or a reset link's token masked. */
    body: text('body').notNull(),
    /**
     * The body as it is delivered, secret included, for a message that carries one; only the sender reads it (the
     * tenants' database role may not: 0013) and it is cleared once the message is sent or given up.
     */
    secretBody: text('secret_body'),
    status: outboxStatusEnum('status').notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** Earliest time of the next attempt, pushed back after each failure. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set while a delivery round holds the message: a re-plan must not drop (or unlink) a message being sent. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The notification rule and task that caused it, when there are any (a password reset has neither). */
    notificationId: integer('notification_id'),
    taskId: integer('task_id'),
    /**
     * What to attach, by reference: rendered when the message is sent, so the outbox row stays small and the file
     * shows the task as it is then. Null for a message without one.
     */
    attachment: jsonb('attachment').$type<OutboxAttachment>(),
    created: createdColumn(),
  },
  (t) => [
    index('outbox_tenant_created_idx').on(t.tenantId, t.created),
    index('outbox_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'PENDING'`),
  ],
);
