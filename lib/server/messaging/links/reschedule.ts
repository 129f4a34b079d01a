import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { createTranslator } from 'next-intl';
import { taskNotes, users } from '@/db/schema';
import { isLanguage } from '@/lib/contract/languages';
import {
  preferredTimeIsPast,
  preferredTimePastMessage,
  publicLinkMessages,
  type RescheduleBody,
} from '@/lib/contract/public-links';
import { messagesFor } from '@/lib/i18n/messages';
import { takeAttempt } from '@/lib/server/core/rate-limit';
import { getDb } from '@/lib/server/core/db';
import { env } from '@/lib/server/core/env';
import { invalidField, notFound, tooManyRequests } from '@/lib/server/core/errors';
import { queueMessages } from '@/lib/server/messaging/outbox/enqueue';
import { companyTimeZone, trackedTask } from './public';
import { hashToken, resolveTaskLink } from './tokens';

/** A client may ask a few times an hour; more is someone hammering a leaked link. */
const requestsPerHour = 3;

/**
 * "Request another time" on the tracking page: a note on the task (no author: it comes from the client, who has
 * no user) and an e-mail to each owner of the tenant, written in one transaction so neither exists without the other.
 */
export async function requestAnotherTime(body: RescheduleBody): Promise<{ ok: true }> {
  const db = await getDb();
  if (!(await takeAttempt(db, `reschedule:${hashToken(body.token)}`, requestsPerHour, 3_600_000))) throw tooManyRequests();
  const task = await trackedTask(body.token);
  if (preferredTimeIsPast(body.preferredTime, await companyTimeZone(task.tenantId))) {
    throw invalidField('preferredTime', 'publicLink.preferredTimePast', preferredTimePastMessage);
  }
  const link = await resolveTaskLink(db, body.token, 'TRACKING');
  if (!link) throw notFound('publicLink.trackingUnavailable', publicLinkMessages.trackingFailed);
  return db.transaction(async (tx) => {
    const owners = await tx
      .select({ username: users.username, language: users.preferredLanguage })
      .from(users)
      .where(and(eq(users.tenantId, link.tenantId), eq(users.owner, true), eq(users.active, true), isNull(users.deleted)))
      .orderBy(users.id);
    const message = body.message?.trim() ?? '';
    // The tenant has no language of its own: the note is written in its first owner's.
    const firstLanguage = owners.map((owner) => owner.language).find(isLanguage);
    const noteLanguage = firstLanguage ?? 'en';
    const noteText = createTranslator({ locale: noteLanguage, messages: messagesFor(noteLanguage), namespace: 'publicPages.rescheduleMail' });
    const preferred = body.preferredTime;
    await tx.insert(taskNotes).values({
      tenantId: link.tenantId,
      taskId: link.taskId,
      authorId: null,
      note: noteText('note', { preferred, message }),
    });
    await queueMessages(
      tx,
      owners.map((owner) => {
        const language = isLanguage(owner.language) ? owner.language : noteLanguage;
        const t = createTranslator({ locale: language, messages: messagesFor(language), namespace: 'publicPages.rescheduleMail' });
        return {
          tenantId: link.tenantId,
          channel: 'EMAIL' as const,
          recipient: owner.username,
          subject: t('subject', { title: task.taskTitle }),
          body: t('body', { title: task.taskTitle, preferred, message, appUrl: env.appUrl }),
          taskId: link.taskId,
        };
      }),
    );
    return { ok: true as const };
  });
}
