import { defaultLanguage, isLanguage, type Language } from './languages';

/**
 * Spec 02 §9 and 03 §9: desktop dates read in the en-GB order. The UI language 'en' alone would make Intl write
 * US dates (11/23/26), so English formats dates as en-GB (23/11/2026); the other languages already put the day
 * first and keep their own locale. Isomorphic, so server-rendered dates (reports) can follow the same rule.
 */
const dateLocales: Record<Language, string> = { en: 'en-GB', it: 'it', es: 'es', fr: 'fr' };

/** The locale dates and times are formatted with for a UI language ('en', or a tag such as 'en-US'). */
export function dateLocaleOf(language: string): string {
  const base = language.toLowerCase().split('-')[0];
  return dateLocales[isLanguage(base) ? base : defaultLanguage];
}
