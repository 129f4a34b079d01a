import type { Language } from '@/lib/contract/languages';
import { messagesFor } from '@/lib/i18n/messages';

/** The language's texts, never cached by the browser or a proxy, so a release's new texts show at once. */
export function translationDownload(language: Language): Response {
  return Response.json(messagesFor(language), { headers: { 'cache-control': 'no-store' } });
}
