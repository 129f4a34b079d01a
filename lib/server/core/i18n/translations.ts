import type { Language } from '@/lib/contract/languages';
import { messagesFor } from '@/lib/i18n/messages';

/**
 * The language's texts. Never cached by the browser or a proxy, so a release's new texts show at once: every API
 * answer is no-store unless it says otherwise (lib/server/http/route.ts).
 */
export function translationDownload(language: Language): ReturnType<typeof messagesFor> {
  return messagesFor(language);
}
