import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import itMessages from '@/messages/it.json';
import es from '@/messages/es.json';
import fr from '@/messages/fr.json';

type Messages = { [key: string]: unknown };

/** Every translated text with its dotted key. */
function texts(messages: Messages, prefix = ''): Array<[string, string]> {
  return Object.entries(messages).flatMap(([key, value]): Array<[string, string]> => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') return [[path, value]];
    if (value !== null && typeof value === 'object') return texts(value as Messages, path);
    return [];
  });
}

/**
 * One word for a task per language (it "intervento", fr "intervention", es "tarea", en "task"); each pattern is a
 * synonym a translator reached for, which would show the same thing under two names on different screens.
 */
const otherTerms = {
  it: { messages: itMessages, banned: [/attivit/i, /\bcompit[oi]\b/i] },
  fr: { messages: fr, banned: [/tâche/i, /\btravaux\b/i] },
  es: { messages: es, banned: [/intervenci[oó]n/i, /\bactividad(es)?\b/i] },
  en: { messages: en, banned: [/\bjobs?\b/i, /\binterventions?\b/i] },
} as const;

describe('the word for a task', () => {
  for (const [language, { messages, banned }] of Object.entries(otherTerms)) {
    it(`is the same single term in every ${language} message`, () => {
      const offending = texts(messages).filter(([, text]) => banned.some((pattern) => pattern.test(text)));
      expect(offending).toEqual([]);
    });
  }

  it('names a task by its reference number with the chosen term and its gender', () => {
    expect(itMessages.taskDrawer.taskTitle).toBe('Intervento n. {referenceNumber}');
    expect(itMessages.taskDrawer.created).toBe('Intervento n. {referenceNumber} creato.');
    expect(itMessages.taskDrawer.updated).toBe('Intervento salvato.');
    expect(fr.taskDrawer.taskTitle).toBe('Intervention n° {referenceNumber}');
    expect(fr.taskDrawer.created).toBe('Intervention n° {referenceNumber} créée.');
    expect(itMessages.menu.tasks).toBe('Interventi');
    expect(fr.menu.tasks).toBe('Interventions');
  });
});
