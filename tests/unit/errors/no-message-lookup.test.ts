import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../support/source-scan';

/**
 * Ways of reading meaning out of an English refusal text. A refusal is told apart and translated by its code
 * (lib/contract/error-catalogue.ts); its message is only the spec's wording, free to change.
 */
const lookups: { name: string; pattern: RegExp }[] = [
  { name: 'compares a message', pattern: /(?<!typeof [\w.?]*)\.message\s*[!=]==|[!=]==\s*[\w.?]*\.message\b/ },
  { name: 'compares with a message constant', pattern: /[!=]==\s*[a-z]\w*Messages?\.\w+|\b[a-z]\w*Messages\.\w+\s*[!=]==/ },
  { name: 'keys a map by a message', pattern: /\[\s*[a-z]\w*Messages?\.\w+(\([^)]*\))?\s*\]\s*:/ },
  { name: 'keys a map by an English sentence', pattern: /^\s*'[A-Z][^']*\s[^']*'\s*:\s*t\(/ },
  { name: 'searches for a message', pattern: /\.(includes|startsWith|endsWith|indexOf)\(\s*[\w.?]*(\.message|[Mm]essage|[Mm]essages\.\w+)\s*\)/ },
  { name: 'parses a message', pattern: /\.message\??\.(includes|startsWith|endsWith|match|replace|split)\(|\.(exec|test)\(\s*[\w.?]*[mM]essage\s*\)/ },
  { name: 'names a text lookup', pattern: /\b(problemOfMessage|localizeContractMessage|serverDateInPast|ofMessage)\b/ },
];

/**
 * node-postgres reports a lost connection by text alone (no code): telling it from other errors is not reading a
 * refusal of ours, and nothing is translated from it.
 */
const allowed = new Set(['lib/server/core/db-errors.ts']);

/** The lines of the product's source (browser and server) that read a refusal by its English text. */
export function messageLookups(file: string, text: string): string[] {
  return text.split('\n').flatMap((line, index) =>
    lookups.filter(({ pattern }) => pattern.test(line)).map(({ name }) => `${file}:${index + 1} ${name}: ${line.trim()}`),
  );
}

describe('no refusal is read by its English text', () => {
  const files = sourceFiles(['app', 'components', 'lib']);

  it('scans the whole product source', () => {
    expect(files.length).toBeGreaterThan(500);
  });

  it('finds no lookup by message text in app/, components/ or lib/', () => {
    const found = files.filter((file) => !allowed.has(file)).flatMap((file) => messageLookups(file, readFileSync(file, 'utf8')));
    expect(found, found.join('\n')).toEqual([]);
  });

  it('recognises each kind of lookup it forbids', () => {
    const samples = [
      "if (error.message === 'Task not found.') return;",
      'if (issue?.message === passwordResetMessages.emailRequired) return;',
      "messages: { [zoneMessages.pointsTooFew]: t('tooFew') },",
      "  'Display name is required': t('messages.displayNameRequired'),",
      'if (fields.date?.includes(serverDateInPast)) return;',
      'const limit = /^Must be at most (\\d+)/.exec(message);',
      'return problemOfMessage(error.message);',
    ];
    expect(samples.filter((line) => messageLookups('sample.ts', line).length === 0)).toEqual([]);
  });

  it('lets code that reads codes, or a field named message, pass', () => {
    const samples = [
      "if (error.code === 'task.appointmentInPast') return;",
      "<Field label={t('fields.message')} error={errors.message?.message}>",
      "if (typeof body.message === 'string') return body.message;",
      'if (messages.length === 0) return;',
      "'NavigationControl.ZoomIn': t('NavigationControl_ZoomIn'),",
      'const text = errorText(problem);',
    ];
    expect(samples.flatMap((line) => messageLookups('sample.ts', line))).toEqual([]);
  });
});
