import { describe, expect, it } from 'vitest';
import { catalogueEntries } from '@/lib/contract/error-catalogue';
import { ErrorCode } from '@/lib/contract/errors';
import { isCatalogued } from '@/lib/contract/problems';
import { flatten, messageFiles } from '../support/messages';

const entries = catalogueEntries();
/** The global notices that live beside the codes in the errors namespace (lib/client/api.ts). */
const notices = new Set(['connectivity', 'generic', 'forbidden', 'passwordChangeRequired', 'tooLarge']);

/** The ICU arguments a text uses: `{max}`, `{count, plural, …}`. */
function argumentsOf(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((match) => match[1] as string))].sort();
}

describe('the error catalogue', () => {
  it('holds the generic codes and every domain namespace, each code once', () => {
    const codes = entries.map(([code]) => code);
    expect(codes.length).toBeGreaterThan(60);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of Object.values(ErrorCode)) expect(codes).toContain(code);
  });

  it('names codes as namespace.name in camelCase', () => {
    for (const [code] of entries) expect(code).toMatch(/^[a-z][a-zA-Z]*\.[a-z][a-zA-Z0-9]*$/);
  });

  it('tells a catalogued code from anything else', () => {
    expect(isCatalogued('validation.tooLong')).toBe(true);
    expect(isCatalogued('validation.nope')).toBe(false);
    expect(isCatalogued('VALIDATION_FAILED')).toBe(false);
    expect(isCatalogued('constructor.name')).toBe(false);
    expect(isCatalogued('validation.tooLong.extra')).toBe(false);
  });

  it.each(Object.keys(messageFiles))('has a text for every code in messages/%s.json, using only its params', (language) => {
    const flat = flatten(messageFiles[language] ?? {});
    const problems: string[] = [];
    for (const [code, entry] of entries) {
      const text = flat.get(`errors.${code}`);
      if (typeof text !== 'string' || text.trim() === '') {
        problems.push(`${code}: no text`);
        continue;
      }
      const extra = argumentsOf(text).filter((name) => !(entry.params ?? []).includes(name));
      if (extra.length > 0) problems.push(`${code}: uses ${extra.join(', ')}, which the code is not sent with`);
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it.each(['it', 'es', 'fr'])('messages/%s.json fills each code with the same params as English', (language) => {
    const english = flatten(messageFiles.en ?? {});
    const translated = flatten(messageFiles[language] ?? {});
    const differing = entries
      .map(([code]) => code)
      .filter((code) => {
        const [source, target] = [english.get(`errors.${code}`), translated.get(`errors.${code}`)];
        return typeof source === 'string' && typeof target === 'string' && argumentsOf(source).join() !== argumentsOf(target).join();
      });
    expect(differing).toEqual([]);
  });

  it.each(Object.keys(messageFiles))('messages/%s.json has no error text for a code the catalogue lacks', (language) => {
    const flat = flatten(messageFiles[language] ?? {});
    const orphans = [...flat.keys()]
      .filter((key) => key.startsWith('errors.'))
      .map((key) => key.slice('errors.'.length))
      .filter((code) => !notices.has(code) && !isCatalogued(code));
    expect(orphans).toEqual([]);
  });
});
