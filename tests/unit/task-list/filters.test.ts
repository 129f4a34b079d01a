import { describe, expect, it } from 'vitest';
import { applyCriteria, countActiveCriteria, optionsOfValue } from '@/lib/client/tasks/filters';
import type { TaskCustomFieldValue } from '@/lib/contract/tasks';
import { makeTask } from './fixtures';

const value = (customFieldId: number, fieldValue: string): TaskCustomFieldValue => ({
  id: customFieldId,
  customFieldId,
  customFieldName: `Field ${customFieldId}`,
  taskId: 0,
  fieldValue,
  fieldType: 'TEXT',
  requiredType: null,
});

const tasks = [
  makeTask({ id: 1, statusId: 1, customFieldValues: [value(5, 'PO-1234'), value(6, 'Filter, Valve')] }),
  makeTask({ id: 2, statusId: 4, typeId: 11, customFieldValues: [value(6, '[{"id":1,"value":"Filter","quantity":2}]')] }),
  makeTask({ id: 3, statusId: 2, assigneeId: null, billingStatusId: 3 }),
];
const noServer = { notes: null, files: null };
const ids = (list: { id: number }[]) => list.map((task) => task.id);

describe('filter drawer criteria', () => {
  it('lets everything through without criteria', () => {
    expect(ids(applyCriteria(tasks, {}, noServer))).toEqual([1, 2, 3]);
    expect(countActiveCriteria({ statusIds: [], customFieldTexts: { 5: ' ' } })).toBe(0);
  });

  it('combines criteria with AND', () => {
    expect(ids(applyCriteria(tasks, { statusIds: [1, 4], typeId: 10 }, noServer))).toEqual([1]);
    expect(ids(applyCriteria(tasks, { assigneeId: 30, billingStatusIds: [1] }, noServer))).toEqual([1, 2]);
  });

  it('matches a text custom field by substring, any case', () => {
    expect(ids(applyCriteria(tasks, { customFieldTexts: { 5: 'po-12' } }, noServer))).toEqual([1]);
  });

  it('needs every chosen option of a multi-select, in comma or quantity form', () => {
    expect(ids(applyCriteria(tasks, { customFieldOptions: { 6: ['Filter'] } }, noServer))).toEqual([1, 2]);
    expect(ids(applyCriteria(tasks, { customFieldOptions: { 6: ['Filter', 'Valve'] } }, noServer))).toEqual([1]);
    expect(optionsOfValue('[{"id":2,"value":"Gasket","quantity":1}]')).toEqual(['gasket']);
  });

  it('keeps only the ids the notes and file searches returned', () => {
    const server = { notes: new Set([1, 2]), files: new Set([2, 3]) };
    expect(ids(applyCriteria(tasks, { notesText: 'keys', filesText: 'photo' }, server))).toEqual([2]);
  });
});
