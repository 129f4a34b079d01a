import { describe, expect, it } from 'vitest';
import { compareByName, compareText, initialsOf, sortedByName } from '@/lib/contract/person-name';

const person = (id: number, name: string, surname: string) => ({ id, name, surname });

describe('natural order of names', () => {
  it('puts Worker 2 before Worker 10 and Worker 10 before Worker 11, where text order gives 1, 10, 11, 2', () => {
    const bench = [1, 10, 11, 2, 20, 3, 100].map((number) => person(number, 'Worker', String(number)));
    expect(sortedByName(bench).map((worker) => worker.surname)).toEqual(['1', '2', '3', '10', '11', '20', '100']);
  });

  it('orders by name, then surname, then id, ignoring case and accents', () => {
    const people = [person(3, 'luca', 'Ferrari'), person(1, 'Andrea', 'Greco'), person(2, 'Luca', 'Bianchi'), person(4, 'Lúca', 'Bianchi')];
    expect(sortedByName(people).map((entry) => entry.id)).toEqual([1, 2, 4, 3]);
    expect(compareByName(person(5, 'Anna', 'Neri'), person(6, 'anna', 'neri'))).toBeLessThan(0);
  });

  it('counts numbers inside a name (Squad 9 before Squad 12)', () => {
    expect(compareText('Squad 9', 'Squad 12')).toBeLessThan(0);
    expect(['Worker 10', 'Worker 9', 'Worker 1'].sort(compareText)).toEqual(['Worker 1', 'Worker 9', 'Worker 10']);
  });

  it('leaves the array it sorts as it was', () => {
    const people = [person(2, 'B', 'B'), person(1, 'A', 'A')];
    sortedByName(people);
    expect(people.map((entry) => entry.id)).toEqual([2, 1]);
  });
});

describe('initials', () => {
  it('takes the first letter of the first name and of the surname', () => {
    expect(initialsOf('Marco', 'Bianchi')).toBe('MB');
    expect(initialsOf('giulia', 'rossi')).toBe('GR');
    expect(initialsOf('Anna Maria', 'De Luca')).toBe('AD');
  });

  it('keeps a numeric surname whole, so the bench workers read W1, W10, W11 rather than W1 for all', () => {
    expect(initialsOf('Worker', '1')).toBe('W1');
    expect(initialsOf('Worker', '10')).toBe('W10');
    expect(initialsOf('Worker', '11')).toBe('W11');
  });

  it('uses the name alone when there is no surname, and copes with spaces, accents and letters outside the BMP', () => {
    expect(initialsOf('Anna Maria', '')).toBe('AM');
    expect(initialsOf('  Élodie ', '  ')).toBe('É');
    expect(initialsOf('', '')).toBe('');
    expect(initialsOf('𝒜lice', 'Ørsted')).toBe('𝒜Ø');
  });
});
