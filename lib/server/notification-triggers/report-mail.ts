import 'server-only';
import { createTranslator } from 'next-intl';
import { messagesFor } from '@/lib/i18n/messages';
import type { DbOrTx } from '@/lib/server/db/client';
import type { QueuedMessage } from '@/lib/server/outbox/enqueue';
import type { TaskFacts } from './facts';
import type { LinkMaker } from './links';

/**
 * Feature 6: the client hears that the task is completed. The outbox carries no attachments and the PDF download
 * needs a signed-in user, so the mail says the report is ready on request and carries the public feedback link.
 */
export async function reportMail(db: DbOrTx, tenantId: number, task: TaskFacts, makeLink: LinkMaker): Promise<QueuedMessage[]> {
  const client = task.client;
  if (!client?.email) return [];
  const t = createTranslator({ locale: client.language, messages: messagesFor(client.language), namespace: 'notificationTriggers.reportMail' });
  const feedbackUrl = await makeLink(db, { tenantId, taskId: task.id, purpose: 'FEEDBACK' });
  const values = { name: client.name, taskId: String(task.referenceNumber), taskType: task.typeName, feedbackUrl };
  return [{ tenantId, channel: 'EMAIL', recipient: client.email, subject: t('subject', values), body: t('body', values), taskId: task.id }];
}
