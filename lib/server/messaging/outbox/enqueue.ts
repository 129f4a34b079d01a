import 'server-only';
import { outbox, type OutboxAttachment } from '@/db/schema';
import type { DbOrTx } from '@/lib/server/core/db';

/** What stands for a secret in the body an owner reads in the outbox. */
export const secretMask = '••••••••';

export interface QueuedMessage {
  tenantId: number;
  channel: 'EMAIL' | 'SMS';
  /** An e-mail address, or a phone number with its country code for SMS. */
  recipient: string;
  /** E-mail only. */
  subject?: string | null;
  /** As the Outbox screen shows it: any secret the message carries is masked here (`secretMask`). */
  body: string;
  /**
   * The body as delivered, for a message carrying a secret (a first-login password, a reset link): stored where
   * only the sender reads it, and cleared once the message is sent or given up.
   */
  secretBody?: string | null;
  /** The notification rule and task that caused it, when there are any. */
  notificationId?: number | null;
  taskId?: number | null;
  /** Not before this instant (a reminder some hours before an appointment); now when absent. */
  notBefore?: Date;
  /** E-mail only: a file rendered when the message is sent (lib/server/messaging/outbox/attachments.ts). */
  attachment?: OutboxAttachment | null;
}

/**
 * Puts messages in the outbox. Call it inside the transaction of the change that causes them: they commit or roll
 * back together with it, so no change loses its message and no message goes out for a change that did not happen.
 * Delivery is the outbox job's, with retries.
 */
export async function queueMessages(db: DbOrTx, messages: readonly QueuedMessage[]): Promise<void> {
  if (messages.length === 0) return;
  await db.insert(outbox).values(
    messages.map((message) => ({
      tenantId: message.tenantId,
      channel: message.channel,
      recipient: message.recipient,
      subject: message.subject ?? null,
      body: message.body,
      secretBody: message.secretBody ?? null,
      notificationId: message.notificationId ?? null,
      taskId: message.taskId ?? null,
      attachment: message.attachment ?? null,
      ...(message.notBefore ? { nextAttemptAt: message.notBefore } : {}),
    })),
  );
}
