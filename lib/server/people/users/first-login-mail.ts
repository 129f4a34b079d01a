import 'server-only';
import { randomInt } from 'node:crypto';
import { createTranslator } from 'next-intl';
import type { Language } from '@/lib/contract/languages';
import type { Tx } from '@/lib/server/core/db';
import { env } from '@/lib/server/core/env';
import { messagesFor } from '@/lib/i18n/messages';
import { queueMessages, secretMask } from '@/lib/server/messaging/outbox/enqueue';

/** Letters and digits that cannot be misread for one another when typed from an e-mail (no 0/O, 1/l/I). */
const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
/** 16 characters of 56: about 93 bits, and inside the 8-30 length every password must keep. */
const firstLoginPasswordLength = 16;

/** A random password for a new user's first sign-in; they must change it at once (users.first_login). */
export function firstLoginPassword(): string {
  return Array.from({ length: firstLoginPasswordLength }, () => alphabet[randomInt(alphabet.length)]).join('');
}

/**
 * Queues the new user's welcome e-mail with their first-login password, in their own language. Written in the
 * transaction that creates the user, so there is never a user without their mail or a mail without its user;
 * delivery is the outbox job's. The outbox shows the password masked: an owner reading it could otherwise sign in
 * as the new user.
 */
export async function queueFirstLoginMail(
  tx: Tx,
  mail: { tenantId: number; company: string; username: string; name: string; language: Language; password: string },
): Promise<void> {
  const t = createTranslator({ locale: mail.language, messages: messagesFor(mail.language), namespace: 'usersAdmin.firstLoginMail' });
  const loginUrl = new URL('/app/login', env.appUrl).toString();
  const body = (password: string) => t('body', { name: mail.name, company: mail.company, username: mail.username, password, loginUrl });
  await queueMessages(tx, [
    {
      tenantId: mail.tenantId,
      channel: 'EMAIL',
      recipient: mail.username,
      subject: t('subject', { company: mail.company }),
      body: body(secretMask),
      secretBody: body(mail.password),
    },
  ]);
}
