import { describe, expect, it } from 'vitest';
import { flatten, messageFiles } from './support/messages';
import { keyUses, parse, sourceFiles, untranslatedJsxText, type KeyUse } from './support/source-scan';

const sources = sourceFiles(['app', 'components', 'lib']).map((file) => parse(file));
const uses = sources.flatMap(keyUses);

/**
 * Letters in JSX that are no language: the logo's initial (a picture of the product's name, hidden from assistive
 * technology). A new entry here needs a reason as good.
 */
const allowedJsxText = new Set(['F']);

/** Whether the messages have the key: a string, or for t.raw a whole branch; a key's start needs some key under it. */
function isIn(flat: Map<string, unknown>, use: KeyUse): boolean {
  const keys = [...flat.keys()];
  if (use.prefixOnly) return keys.some((key) => key.startsWith(use.key));
  if (use.raw) return flat.has(use.key) || keys.some((key) => key.startsWith(`${use.key}.`));
  return typeof flat.get(use.key) === 'string';
}

describe('translation keys in the source', () => {
  it('finds the translators of the app, not nothing', () => {
    // A broken scan would pass every check below; the app hands well over a thousand keys to its translators.
    expect(uses.length).toBeGreaterThan(1000);
  });

  it.each(Object.keys(messageFiles))('every key the code uses is in messages/%s.json', (language) => {
    const flat = flatten(messageFiles[language]);
    const missing = uses.filter((use) => !isIn(flat, use)).map((use) => `${use.file}:${use.line} ${use.key}${use.prefixOnly ? '…' : ''}`);
    expect(missing, `${language}: keys used in the code but missing:\n${missing.join('\n')}`).toEqual([]);
  });

  it('no JSX text or user-facing attribute is written in one language', () => {
    const literals = sources
      .filter((source) => source.fileName.endsWith('.tsx'))
      .flatMap(untranslatedJsxText)
      .filter((literal) => !allowedJsxText.has(literal.text))
      .map((literal) => `${literal.file}:${literal.line} ${literal.text}`);
    expect(literals, `text not going through next-intl:\n${literals.join('\n')}`).toEqual([]);
  });
});

describe('the source scan', () => {
  it('resolves each translator to its namespace by scope, and reads whole keys, key starts and t.rich/t.raw', () => {
    const source = parse(
      'example.tsx',
      `function A() {
         const t = useTranslations('taskList');
         return t('label') + t.rich('total', {}) + t(\`columns.\${key}\`) + t(dynamicKey) + t.has('nope');
       }
       async function B() {
         const t = await getTranslations({ locale, namespace: 'legal' });
         const all = await getTranslations();
         return t.raw('terms') + all('common.save') + other('not.a.translator');
       }`,
    );
    expect(keyUses(source).map(({ key, prefixOnly, raw, line }) => ({ key, prefixOnly, raw, line }))).toEqual([
      { key: 'taskList.label', prefixOnly: false, raw: false, line: 3 },
      { key: 'taskList.total', prefixOnly: false, raw: false, line: 3 },
      { key: 'taskList.columns.', prefixOnly: true, raw: false, line: 3 },
      { key: 'legal.terms', prefixOnly: false, raw: true, line: 8 },
      { key: 'common.save', prefixOnly: false, raw: false, line: 8 },
    ]);
  });

  it('reports a key missing from the messages', () => {
    const [use] = keyUses(parse('missing.ts', `const t = useTranslations('common'); t('noSuchKeyAnywhere');`));
    expect(isIn(flatten(messageFiles.en), use)).toBe(false);
  });

  it('flags letters in JSX text and in labels, not symbols, numbers or expressions', () => {
    const source = parse(
      'example.tsx',
      `const a = <p title="Hello">Save now <b>{t('x')}</b> · 3 / 4 — <i aria-label={'Close'} />{'Quoted'}</p>;`,
    );
    expect(untranslatedJsxText(source).map((literal) => literal.text)).toEqual(['title="Hello"', 'Save now', 'aria-label="Close"']);
  });
});
