export const languages = ['en', 'it', 'es', 'fr'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'en';
export const languageNames: Record<Language, string> = {
  en: 'English',
  it: 'Italiano',
  es: 'Español',
  fr: 'Français',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** Picks the first supported language from an Accept-Language header, ignoring region and weights' order. */
export function languageFromAcceptHeader(header: string | null | undefined): Language | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const quality = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { base: (tag ?? '').toLowerCase().split('-')[0], q: quality ? Number(quality.slice(2)) : 1 };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q);
  return ranked.map((entry) => entry.base).find(isLanguage);
}
