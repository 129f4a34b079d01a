import { describe, expect, it } from 'vitest';
import { createTranslator } from 'next-intl';
import { quantityMessages, valueMessages as formatMessages } from '@/lib/contract/custom-fields';
import { lineProblemCodes, lineProblemTexts, problemOfMessage } from '@/lib/server/tasks/import/line-codes';
import { valueMessages } from '@/lib/server/tasks/custom-field-values';
import { ruleMessages } from '@/lib/server/tasks/rules';
import en from '@/messages/en.json';
import itMessages from '@/messages/it.json';
import es from '@/messages/es.json';
import fr from '@/messages/fr.json';

const languages = { en, it: itMessages, es, fr } as const;

const placeholdersOf = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);

/** A value for every parameter the English text names, so each translation can be formatted. */
const sampleParams = (text: string) => Object.fromEntries(placeholdersOf(text).map((name) => [name, `<${name}>`]));

describe('the CSV import line problem codes', () => {
  for (const [language, messages] of Object.entries(languages)) {
    it(`has a ${language} message for every code the server can emit, using only that code's parameters`, () => {
      const lineErrors: Record<string, unknown> = messages.taskImport.lineErrors;
      const missing = lineProblemCodes.filter((code) => typeof lineErrors[code] !== 'string');
      expect(missing).toEqual([]);
      const t = createTranslator({ locale: language, messages, namespace: 'taskImport.lineErrors' });
      for (const code of lineProblemCodes) {
        const english = lineProblemTexts[code];
        const unknownParams = placeholdersOf(String(lineErrors[code])).filter((name) => !placeholdersOf(english).includes(name));
        expect(unknownParams, `${language} ${code}`).toEqual([]);
        expect(t(code, sampleParams(english)), `${language} ${code}`).not.toMatch(/taskImport\.lineErrors/);
      }
      expect(t('entry', { column: 'taskType', message: 'x' })).toMatch(/^taskType ?: x$/);
    });
  }

  it('gives each code its own English text, so a message maps back to one code', () => {
    const texts = Object.values(lineProblemTexts);
    expect(new Set(texts).size).toBe(texts.length);
  });

  it("maps every English message of the shared task rules a new task can break to its own code, anything else to 'other'", () => {
    const shared = [
      ruleMessages.typeRequired,
      ruleMessages.typeUnknown,
      ruleMessages.typeDeleted,
      ruleMessages.clientUnknown,
      ruleMessages.clientDeleted,
      ruleMessages.workerNotActive,
      ruleMessages.workerNeedsDate,
      ruleMessages.dateInPast,
      ruleMessages.timeSlotUnknown,
      ...Object.values(valueMessages),
      ...Object.values(formatMessages),
      ...Object.values(quantityMessages),
    ];
    for (const message of shared) {
      const problem = problemOfMessage(message);
      expect(problem.code, message).not.toBe('other');
      expect(problem).toMatchObject({ params: {}, message });
    }
    expect(problemOfMessage('Something new.')).toEqual({ code: 'other', params: { message: 'Something new.' }, message: 'Something new.' });
  });
});
