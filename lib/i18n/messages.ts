import { defaultLanguage, type Language } from '@/lib/contract/languages';
import en from '@/messages/en.json';
import es from '@/messages/es.json';
import fr from '@/messages/fr.json';
import it from '@/messages/it.json';

export type Messages = typeof en;

const catalogue: Record<Language, Messages> = { en, it, es, fr };

export function messagesFor(language: Language): Messages {
  return catalogue[language] ?? catalogue[defaultLanguage];
}
