/** How people are named and ordered wherever a list of users or workers is shown, in the browser and on the server. */

/**
 * Numeric collation: "Worker 2" before "Worker 10", as a person reads them, where plain text order puts every
 * "Worker 1x" before "Worker 2". Base sensitivity: case and accents do not split otherwise equal names.
 */
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

export const compareText = (a: string, b: string): number => collator.compare(a, b);

interface Named {
  id: number;
  name: string;
  surname: string;
}

/** Name, then surname, then id so that two people named alike keep one order on every screen. */
export function compareByName(a: Named, b: Named): number {
  return compareText(a.name, b.name) || compareText(a.surname, b.surname) || a.id - b.id;
}

/** A copy sorted by name: the database's text order cannot count. */
export const sortedByName = <T extends Named>(people: readonly T[]): T[] => [...people].sort(compareByName);

const firstLetter = (word: string) => Array.from(word)[0] ?? '';

/** A number stands whole ("Worker 12" is W12, not W1): its first digit alone would read the same for ten people. */
const initialOf = (word: string) => (/^\d+$/.test(word) ? word : firstLetter(word));

/**
 * The avatar's letters: the first letter of the first name and of the surname. With no surname, the first letters
 * of the name's first two words ("Anna Maria" → AM); with neither, nothing.
 */
export function initialsOf(name: string, surname: string): string {
  const names = name.trim().split(/\s+/).filter(Boolean);
  const surnames = surname.trim().split(/\s+/).filter(Boolean);
  const words = surnames.length > 0 ? [names[0], surnames[0]] : names.slice(0, 2);
  return words
    .filter((word): word is string => word !== undefined)
    .map(initialOf)
    .join('')
    .toLocaleUpperCase();
}
