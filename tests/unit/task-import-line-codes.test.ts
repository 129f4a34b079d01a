import { describe, expect, it } from 'vitest';
import { createTranslator } from 'next-intl';
import { errorCatalogue, type CatalogueEntry } from '@/lib/contract/error-catalogue';
import { isCatalogued } from '@/lib/contract/problems';
import { clientLineProblemTexts } from '@/lib/server/clients/import/line-codes';
import { fieldProblem, HttpError } from '@/lib/server/core/errors';
import { problemsOfRefusal, sharedLineProblem } from '@/lib/server/core/csv-import/problems';
import { lineProblemTexts, ownProblem } from '@/lib/server/tasks/import/line-codes';
import en from '@/messages/en.json';
import itMessages from '@/messages/it.json';
import es from '@/messages/es.json';
import fr from '@/messages/fr.json';

const languages = { en, it: itMessages, es, fr } as const;

const placeholdersOf = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);

const sharedTexts = {
  'import.lineLength': sharedLineProblem('import.lineLength', { values: '{values}', columns: '{columns}' }).message,
  'import.unreadable': sharedLineProblem('import.unreadable', { reason: '{reason}' }).message,
  'import.notANumber': sharedLineProblem('import.notANumber').message,
};

/** Every line problem code an import answers of its own, with its English text. */
const ownTexts: Record<string, string> = { ...lineProblemTexts, ...clientLineProblemTexts, ...sharedTexts };

describe('the CSV import line problem codes', () => {
  it('are codes of the error catalogue, sent with the params the catalogue names', () => {
    for (const [code, text] of Object.entries(ownTexts)) {
      expect(isCatalogued(code), code).toBe(true);
      const [, name] = code.split('.');
      const entries: Record<string, CatalogueEntry> = errorCatalogue.import;
      const entry = entries[name];
      expect([...(entry.params ?? [])].sort(), code).toEqual(placeholdersOf(text).sort());
    }
  });

  for (const [language, messages] of Object.entries(languages)) {
    it(`have a ${language} text under errors.<code>, using only the code's params`, () => {
      const t = createTranslator({ locale: language, messages, namespace: 'errors' });
      const texts: Record<string, unknown> = messages.errors.import;
      for (const [code, english] of Object.entries(ownTexts)) {
        const [, name] = code.split('.');
        expect(typeof texts[name], `${language} ${code}`).toBe('string');
        const unknownParams = placeholdersOf(String(texts[name])).filter((param) => !placeholdersOf(english).includes(param));
        expect(unknownParams, `${language} ${code}`).toEqual([]);
        const params = Object.fromEntries(placeholdersOf(english).map((param) => [param, `<${param}>`]));
        expect(t(code as 'import.notANumber', params), `${language} ${code}`).not.toContain('errors.');
      }
      const entry = createTranslator({ locale: language, messages, namespace: 'taskImport.lineErrors' });
      expect(entry('entry', { column: 'taskType', message: 'x' })).toMatch(/^taskType ?: x$/);
    });
  }

  it('fills the English text from the params', () => {
    expect(ownProblem('import.referenceRepeated', { reference: 'R-1', line: 4 })).toEqual({
      code: 'import.referenceRepeated',
      params: { reference: 'R-1', line: 4 },
      message: 'The external reference "R-1" is already on line 4 of this file.',
    });
  });

  it("takes a shared rule's refusal by its codes, never by its text", () => {
    const refusal = new HttpError(400, 'request.invalid', 'The request is not valid.', {
      ...fieldProblem('assigneeId', 'schedule.invalidWorker', 'Any English wording at all.'),
      ...fieldProblem('appointment.date', 'validation.dateTime', 'Some other wording.'),
    });
    expect(problemsOfRefusal(refusal)).toEqual([
      ['assigneeId', { code: 'schedule.invalidWorker', params: {}, message: 'Any English wording at all.' }],
      ['appointment.date', { code: 'validation.dateTime', params: {}, message: 'Some other wording.' }],
    ]);
    const whole = new HttpError(422, 'task.cancelled', 'Whatever it says.', undefined, undefined, undefined, { id: 3 });
    expect(problemsOfRefusal(whole)).toEqual([['_', { code: 'task.cancelled', params: { id: 3 }, message: 'Whatever it says.' }]]);
  });
});
