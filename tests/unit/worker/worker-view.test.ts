import { describe, expect, it } from 'vitest';
import { groupByDay, missingFieldsOf, withPendingStatus } from '@/lib/client/worker/pending';
import type { QueueItem } from '@/lib/client/worker/queue';
import { canUseWorkerView, landsOnWorkerView } from '@/lib/contract/roles';
import type { TaskView } from '@/lib/contract/tasks';
import { problem } from '@/lib/contract/errors';

const task = (id: number, date: string | null, extra: Partial<TaskView> = {}) =>
  ({
    id,
    statusId: 1,
    scheduleDate: date ? date.slice(0, 10) : null,
    appointment: date ? { date, durationMins: 60 } : null,
    customFieldValues: [],
    ...extra,
  }) as unknown as TaskView;

const statusItem = (id: number, taskId: number, statusId: 2 | 3 | 4): QueueItem => ({
  id,
  kind: 'status',
  body: { statusId },
  taskId,
  key: `k${id}`,
  madeAt: '2026-11-26T10:00:00.000Z',
});

describe('who uses the workers’ view', () => {
  it('a worker without an office role lands there; an office user who is also a worker may open it', () => {
    expect(landsOnWorkerView(['assignee'])).toBe(true);
    expect(landsOnWorkerView(['tasksManager', 'assignee'])).toBe(false);
    expect(canUseWorkerView(['tasksManager', 'assignee'])).toBe(true);
    expect(canUseWorkerView(['owner', 'tasksManager', 'usersManager', 'billingManager'])).toBe(false);
  });
});

describe('the worker’s list', () => {
  it('groups the tasks by day in time order, unscheduled last', () => {
    const groups = groupByDay([
      task(1, '2026-11-27T08:00:00.000Z'),
      task(2, null),
      task(3, '2026-11-26T14:00:00.000Z'),
      task(4, '2026-11-26T07:30:00.000Z'),
    ]);
    expect(groups.map((group) => [group.day, group.tasks.map((entry) => entry.id)])).toEqual([
      ['2026-11-26', [4, 3]],
      ['2026-11-27', [1]],
      [null, [2]],
    ]);
  });

  it('shows the last queued status change of a task on top of the server’s status', () => {
    const queue = [statusItem(1, 7, 2), statusItem(2, 7, 4), statusItem(3, 8, 3)];
    expect(withPendingStatus(task(7, null), queue).statusId).toBe(4);
    expect(withPendingStatus(task(9, null), queue).statusId).toBe(1);
  });
});

describe('a refused completion names the fields to fill', () => {
  it('from details.missingFields', () => {
    expect(missingFieldsOf({ missingFields: [{ id: 3, fieldName: 'Meter reading' }] }, undefined)).toEqual([{ id: 3, fieldName: 'Meter reading' }]);
  });

  it('from the field errors, named from the task’s values', () => {
    const withValue = task(1, null, {
      customFieldValues: [
        { id: 1, customFieldId: 5, customFieldName: 'Serial', taskId: 1, fieldValue: null, fieldType: 'TEXT', requiredType: 'ON_COMPLETION' },
      ],
    });
    expect(missingFieldsOf({ fields: { 'customFieldValues.5': [problem('task.customFieldRequired', 'Field is required')], title: [problem('validation.tooLong', 'x', { max: 200 })] } }, withValue)).toEqual([
      { id: 5, fieldName: 'Serial' },
    ]);
  });

  it('keeps a material field’s name when a missing quantity is refused and the task has no stored value for it', () => {
    const noValues = task(1, null);
    const refused = { fields: { 'customFieldValues.2': [problem('task.valueNotQuantityList', 'Quantity of the item is required')] } };
    const known = [{ id: 2, fieldName: 'Materials used' }];
    expect(missingFieldsOf(refused, noValues, known)).toEqual([{ id: 2, fieldName: 'Materials used' }]);
    // With nothing known of the field, the id is all there is to show.
    expect(missingFieldsOf(refused, noValues)).toEqual([{ id: 2, fieldName: '#2' }]);
  });
});
