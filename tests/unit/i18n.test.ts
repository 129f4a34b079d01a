import { describe, it, expect } from 'vitest';
import { languageFromAcceptHeader } from '@/lib/contract/languages';
import { flatten, messageFiles } from './support/messages';

/**
 * The argument names ({name}, {count, plural, …}) and tag names (<tag>…</tag>) an ICU message uses.
 * Follows ICU quoting (an apostrophe before {, }, < or > starts literal text) and looks inside
 * plural/select options, so option bodies are not mistaken for arguments.
 */
function icuTokens(message: string): { placeholders: string[]; tags: string[] } {
  const placeholders = new Set<string>();
  const tags = new Set<string>();
  let i = 0;

  const readUntil = (stops: string): string => {
    const start = i;
    while (i < message.length && !stops.includes(message[i])) i++;
    return message.slice(start, i).trim();
  };

  // Parses text until an unmatched '}' (or the end), consuming neither.
  const parseText = (): void => {
    while (i < message.length) {
      const ch = message[i];
      if (ch === "'") {
        if (message[i + 1] === "'") {
          i += 2;
        } else if ('{}<>#|'.includes(message[i + 1] ?? '')) {
          const close = message.indexOf("'", i + 1);
          i = close === -1 ? message.length : close + 1;
        } else {
          i++;
        }
      } else if (ch === '{') {
        i++;
        parseArgument();
      } else if (ch === '}') {
        return;
      } else if (ch === '<') {
        const match = /^<\/?([A-Za-z][\w-]*)\s*>/.exec(message.slice(i));
        if (match) {
          tags.add(match[1]);
          i += match[0].length;
        } else {
          i++;
        }
      } else {
        i++;
      }
    }
  };

  // After '{': reads "name", "name, type" or "name, type, options" through the closing '}'.
  const parseArgument = (): void => {
    placeholders.add(readUntil(',}'));
    if (message[i] === '}') {
      i++;
      return;
    }
    i++; // ','
    const type = readUntil(',}');
    if (message[i] === '}') {
      i++;
      return;
    }
    i++; // ','
    if (type === 'plural' || type === 'select' || type === 'selectordinal') {
      while (i < message.length) {
        readUntil('{}'); // option selector such as "one", "=0" or "offset:1 other"
        if (message[i] !== '{') break;
        i++;
        parseText();
        i++; // '}' closing the option
      }
      i++; // '}' closing the argument
    } else {
      // number/date/time style: skip to the matching brace.
      let depth = 1;
      while (i < message.length && depth > 0) {
        if (message[i] === '{') depth++;
        else if (message[i] === '}') depth--;
        i++;
      }
    }
  };

  parseText();
  return { placeholders: [...placeholders].sort(), tags: [...tags].sort() };
}

const { en, ...translations } = messageFiles;
const english = flatten(en);

describe('icuTokens', () => {
  it('finds arguments and tags, skipping quoted text and plural bodies', () => {
    expect(icuTokens('Accept the <terms>terms</terms>, {name}')).toEqual({ placeholders: ['name'], tags: ['terms'] });
    expect(icuTokens("l'<privacy>x</privacy>")).toEqual({ placeholders: [], tags: [] });
    expect(icuTokens('{count, plural, one {# task for {worker}} other {# tasks}}')).toEqual({
      placeholders: ['count', 'worker'],
      tags: [],
    });
  });
});

describe.each(Object.keys(translations))('messages/%s.json', (language) => {
  const translated = flatten(translations[language]);

  it('has exactly the keys of English', () => {
    const missing = [...english.keys()].filter((key) => !translated.has(key));
    const extra = [...translated.keys()].filter((key) => !english.has(key));
    expect({ missing, extra }, `${language}: missing keys [${missing.join(', ')}], extra keys [${extra.join(', ')}]`).toEqual({
      missing: [],
      extra: [],
    });
  });

  it('has a non-empty string for every key', () => {
    const bad = [...translated].filter(([, value]) => typeof value !== 'string' || value.trim() === '').map(([key]) => key);
    expect(bad, `${language}: empty or non-string values at [${bad.join(', ')}]`).toEqual([]);
  });

  it('uses the same placeholders and tags as English in every message', () => {
    const mismatches: string[] = [];
    for (const [key, source] of english) {
      const value = translated.get(key);
      if (typeof source !== 'string' || typeof value !== 'string') continue;
      const expected = icuTokens(source);
      const actual = icuTokens(value);
      if (JSON.stringify(expected) !== JSON.stringify(actual)) {
        mismatches.push(`${key}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
      }
    }
    expect(mismatches, `${language}:\n${mismatches.join('\n')}`).toEqual([]);
  });
});

describe('languageFromAcceptHeader', () => {
  it('picks the first supported language, ignoring region', () => {
    expect(languageFromAcceptHeader('it-IT,it;q=0.9,en;q=0.8')).toBe('it');
    expect(languageFromAcceptHeader('de-DE,fr;q=0.7')).toBe('fr');
  });

  it('returns undefined when no supported language is offered', () => {
    expect(languageFromAcceptHeader('de-DE')).toBeUndefined();
    expect(languageFromAcceptHeader(null)).toBeUndefined();
  });

  it('respects q-weights over header order', () => {
    expect(languageFromAcceptHeader('en;q=0.5,es;q=0.9')).toBe('es');
  });
});
