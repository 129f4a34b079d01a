import { getRequestConfig } from 'next-intl/server';
import { headers } from 'next/headers';
import { defaultLanguage, isLanguage, languageFromAcceptHeader } from '@/lib/contract/languages';
import { currentPageUser } from '@/lib/server/people/auth/page-session';
import { messagesFor } from './messages';

/** The user's preferred language, else the browser's, else English. */
export default getRequestConfig(async () => {
  const user = await currentPageUser();
  const requestHeaders = await headers();
  const locale =
    (isLanguage(user?.preferredLanguage) ? user.preferredLanguage : undefined) ??
    languageFromAcceptHeader(requestHeaders.get('accept-language')) ??
    defaultLanguage;
  return { locale, messages: messagesFor(locale), timeZone: user?.tenantTimeZone ?? 'Europe/Rome' };
});
