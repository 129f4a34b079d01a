import 'server-only';
import { createTranslator } from 'use-intl/core';
import { messagesFor } from '@/lib/i18n/messages';
import type { DbOrTx } from '@/lib/server/core/db';
import type { QueuedMessage } from '@/lib/server/messaging/outbox/enqueue';
import type { TaskFacts } from './facts';
import type { LinkMaker } from './links';

/**
 * Feature 6: the client hears that the task is completed, with the PDF report attached and the public feedback link.
 * The outbox row names the report only; it is rendered in the client's language when the mail is sent.
 */
export async function reportMail(db: DbOrTx, tenantId: number, task: TaskFacts, makeLink: LinkMaker): Promise<QueuedMessage[]> {
  const client = task.client;
  if (!client?.email) return [];
  const t = createTranslator({ locale: client.language, messages: messagesFor(client.language), namespace: 'notificationTriggers.reportMail' });
  const feedbackUrl = await makeLink(db, { tenantId, taskId: task.id, purpose: 'FEEDBACK' });
  const values = { name: client.name, taskId: String(task.referenceNumber), taskType: task.typeName, feedbackUrl };
  return [
    {
      tenantId,
      channel: 'EMAIL',
      recipient: client.email,
      subject: t('subject', values),
      body: t('body', values),
      taskId: task.id,
      attachment: { kind: 'task-report', taskId: task.id, language: client.language },
    },
  ];
}
