import { describe, expect, it } from 'vitest';
import { defaultTaskColumns, inGroupsOf, parsePreferredColumns, serializeColumns } from '@/lib/client/tasks/columns';
import { taskColumnKeys } from '@/lib/contract/task-columns';

const known = [...taskColumnKeys, 'customField7'];

describe('column preferences', () => {
  it('uses the default set when nothing is saved', () => {
    expect(parsePreferredColumns(null, known)).toEqual(defaultTaskColumns);
    expect(parsePreferredColumns('', known)).toEqual(defaultTaskColumns);
  });

  it('always shows id and type, drops unknown keys and keeps the chooser order', () => {
    expect(parsePreferredColumns('status, customField7,nonsense,client', known)).toEqual([
      'id',
      'type',
      'client',
      'status',
      'customField7',
    ]);
  });

  it('falls back to the default when only unknown keys were saved', () => {
    expect(parsePreferredColumns('customField99', known)).toEqual(defaultTaskColumns);
  });

  it('serializes as a comma list that includes id and type', () => {
    expect(serializeColumns(['client', 'status'])).toBe('id,type,client,status');
  });

  it('splits into groups of the given size', () => {
    const keys = Array.from({ length: 23 }, (_, index) => index);
    expect(inGroupsOf(keys, 10).map((group) => group.length)).toEqual([10, 10, 3]);
    expect(inGroupsOf(keys.slice(0, 12), 6).map((group) => group.length)).toEqual([6, 6]);
  });
});
