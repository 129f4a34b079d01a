import { describe, expect, it } from 'vitest';
import { createSearchIndex } from '@/lib/client/tasks/search-index';
import { makeTask } from './fixtures';

const labels = {
  task: (id: number) => ['', 'Pending', 'In progress', 'Paused', 'Completed', 'Cancelled'][id],
  billing: (id: number) => ['', 'Pending', 'Not invoiceable', 'Invoiced', 'Cancelled'][id],
};

describe('free-text filter', () => {
  const tasks = [
    makeTask(),
    makeTask({
      id: 2,
      referenceNumber: 2002,
      type: { id: 11, type: 'Plumbing repair', deleted: false },
      client: null,
      assignee: null,
      statusId: 4,
      billingStatusId: 3,
      description: null,
      location: { address: 'Corso Como 5', latitude: null, longitude: null },
      customFieldValues: [
        {
          id: 1,
          customFieldId: 5,
          customFieldName: 'Customer PO number',
          taskId: 2,
          fieldValue: 'PO-7788',
          fieldType: 'TEXT',
          requiredType: 'ON_SAVE',
        },
      ],
    }),
  ];
  const index = createSearchIndex(labels);
  const ids = (query: string) => index.filter(tasks, query).map((task) => task.id);

  it('finds a task by the reference number users see, not by its database id', () => {
    const task = makeTask({ id: 204, referenceNumber: 201 });
    const single = createSearchIndex(labels);
    expect(single.filter([task], '201')).toEqual([task]);
    expect(single.filter([task], '204')).toEqual([]);
  });

  it('matches every listed field, any case', () => {
    expect(ids('PLUMBING')).toEqual([2]);
    expect(ids('trattoria')).toEqual([1]);
    expect(ids('2002')).toEqual([2]);
    expect(ids('corso como')).toEqual([2]);
    expect(ids('giulia rossi')).toEqual([1]);
    expect(ids('completed')).toEqual([2]);
    expect(ids('invoiced')).toEqual([2]);
    expect(ids('low pressure')).toEqual([1]);
    expect(ids('po-7788')).toEqual([2]);
  });

  it('keeps everything for an empty query and nothing for a miss', () => {
    expect(ids('  ')).toEqual([1, 2]);
    expect(ids('nowhere')).toEqual([]);
  });

  it('reads a replaced row afresh', () => {
    const changed = { ...tasks[0], description: 'Noisy fan' };
    expect(index.filter([changed], 'noisy').map((task) => task.id)).toEqual([1]);
  });
});
