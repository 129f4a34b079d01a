import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { createTranslator } from 'next-intl';
import { passwordResetTokens, users } from '@/db/schema';
import { ErrorCode } from '@/lib/contract/errors';
import { defaultLanguage, isLanguage } from '@/lib/contract/languages';
import { emailSentAnswer, passwordResetMessages, type ForgotPasswordBody } from '@/lib/contract/password-reset';
import { messagesFor } from '@/lib/i18n/messages';
import { takeAttempt } from '@/lib/server/core/rate-limit';
import { getDb } from '@/lib/server/core/db';
import { env } from '@/lib/server/core/env';
import { HttpError, notFound } from '@/lib/server/core/errors';
import { bodyAnswer, type BodyAnswer } from '@/lib/server/core/answer';
import { queueMessages, secretMask } from '@/lib/server/messaging/outbox/enqueue';
import { hashResetToken, newResetToken, resetTokenLifetimeMs } from './tokens';

/**
 * The answer names unknown usernames (the spec wants 'Username does not exist'), so the per-address limit is what
 * keeps anyone from listing accounts: a handful of tries per quarter hour. The per-username limit keeps one
 * person's mailbox from being flooded with reset mails.
 */
export const forgotPasswordLimits = {
  perIp: { limit: 10, windowMs: 15 * 60 * 1000 },
  perUsername: { limit: 3, windowMs: 15 * 60 * 1000 },
} as const;

export const tooManyResetRequests = () =>
  new HttpError(429, ErrorCode.rateLimited, 'Too many password reset requests. Please try again in a few minutes.');

/** The per-address limit of POST forgot-password, taken before its body is read (its route's beforeBody). */
export async function takeResetRequestAddressAttempt(clientAddress: string): Promise<void> {
  const { perIp } = forgotPasswordLimits;
  const allowed = await takeAttempt(await getDb(), `forgot:ip:${clientAddress}`, perIp.limit, perIp.windowMs);
  if (!allowed) throw tooManyResetRequests();
}

/**
 * POST forgot-password: a fresh reset token and its mail in the user's language, written in one transaction.
 * Usernames are unique across tenants, so the lookup needs no tenant. Answers the text EMAIL_SENT.
 */
export async function requestPasswordReset(body: ForgotPasswordBody): Promise<BodyAnswer> {
  const db = await getDb();
  const { perUsername } = forgotPasswordLimits;
  const userAllowed = await takeAttempt(db, `forgot:user:${body.username}`, perUsername.limit, perUsername.windowMs);
  if (!userAllowed) throw tooManyResetRequests();

  const [user] = await db
    .select({ id: users.id, tenantId: users.tenantId, name: users.name, language: users.preferredLanguage })
    .from(users)
    .where(and(eq(users.username, body.username), isNull(users.deleted), eq(users.active, true)));
  if (!user) throw notFound('passwordReset.unknownUsername', passwordResetMessages.unknownUsername);

  const token = newResetToken();
  const language = isLanguage(user.language) ? user.language : defaultLanguage;
  const t = createTranslator({ locale: language, messages: messagesFor(language), namespace: 'passwordReset.mail' });
  // The token is base64url: it needs no escaping, and the masked link reads the same way.
  const link = (shownToken: string) => `${new URL('/app/change-password', env.appUrl).toString()}?token=${shownToken}`;
  await db.transaction(async (tx) => {
    await tx.insert(passwordResetTokens).values({
      tenantId: user.tenantId,
      userId: user.id,
      tokenHash: hashResetToken(token),
      expires: new Date(Date.now() + resetTokenLifetimeMs),
    });
    await queueMessages(tx, [
      {
        tenantId: user.tenantId,
        channel: 'EMAIL',
        recipient: body.username,
        subject: t('subject'),
        // An owner reading the outbox must not be able to follow the link into this user's account.
        body: t('body', { name: user.name, link: link(secretMask) }),
        secretBody: t('body', { name: user.name, link: link(token) }),
      },
    ]);
  });
  return bodyAnswer({ body: emailSentAnswer, contentType: 'text/plain; charset=utf-8' });
}
