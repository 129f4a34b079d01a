import { describe, expect, it } from 'vitest';
import { filterOptions, foldForSearch } from '@/lib/client/option-filter';

const clients = [{ label: 'Trattoria Da Gino' }, { label: 'Caffè Nero' }, { label: 'Élise Dupont' }, { label: 'Rossi & Figli' }];

describe('the combobox filter', () => {
  it('keeps every option for an empty or blank query', () => {
    expect(filterOptions(clients, '')).toHaveLength(4);
    expect(filterOptions(clients, '   ')).toHaveLength(4);
  });

  it('matches a substring anywhere in the label, whatever the case', () => {
    expect(filterOptions(clients, 'gino').map((option) => option.label)).toEqual(['Trattoria Da Gino']);
    expect(filterOptions(clients, 'ROSSI').map((option) => option.label)).toEqual(['Rossi & Figli']);
  });

  it('ignores accents on either side', () => {
    expect(filterOptions(clients, 'caffe').map((option) => option.label)).toEqual(['Caffè Nero']);
    expect(filterOptions(clients, 'elise').map((option) => option.label)).toEqual(['Élise Dupont']);
    expect(filterOptions([{ label: 'Cafe' }], 'café')).toHaveLength(1);
  });

  it('finds nothing for a query no label holds', () => {
    expect(filterOptions(clients, 'xyz')).toEqual([]);
  });

  it('folds text to lower case without diacritics', () => {
    expect(foldForSearch('Ñandú Çà')).toBe('nandu ca');
  });
});
