import { describe, expect, it } from 'vitest';
import { belongsToScope, mergeTaskChange, sortTasks } from '@/lib/client/tasks/merge';
import { dateRangeOf } from '@/lib/contract/task-list';
import { todayIn } from '@/lib/contract/zoned-time';
import { makeTask } from './fixtures';

const scope = { kind: 'scheduled', from: '2026-11-23', to: '2026-11-23' } as const;
const held = makeTask({ id: 1, updated: '2026-11-23T10:00:00.000Z', description: 'held' });

describe('live updates', () => {
  it('replaces a row with a newer one', () => {
    const newer = { ...held, updated: '2026-11-23T10:05:00.000Z', description: 'newer' };
    const rows = mergeTaskChange([held], { taskId: 1, kind: 'updated', task: newer }, scope);
    expect(rows[0].description).toBe('newer');
  });

  it('never lets a stale update replace a newer row', () => {
    const stale = { ...held, updated: '2026-11-23T09:00:00.000Z', description: 'stale' };
    const rows = [held];
    expect(mergeTaskChange(rows, { taskId: 1, kind: 'updated', task: stale }, scope)).toBe(rows);
  });

  it('adds a new task in range and ignores one outside it', () => {
    const inRange = makeTask({ id: 2, scheduleDate: '2026-11-23' });
    const outside = makeTask({ id: 3, scheduleDate: '2026-11-24' });
    expect(mergeTaskChange([held], { taskId: 2, kind: 'created', task: inRange }, scope).map((row) => row.id)).toEqual([2, 1]);
    expect(mergeTaskChange([held], { taskId: 3, kind: 'created', task: outside }, scope)).toEqual([held]);
  });

  it('removes deleted tasks and tasks moved out of range', () => {
    expect(mergeTaskChange([held], { taskId: 1, kind: 'deleted', task: {} }, scope)).toEqual([]);
    const moved = { ...held, updated: '2026-11-23T11:00:00.000Z', scheduleDate: '2026-11-30' };
    expect(mergeTaskChange([held], { taskId: 1, kind: 'updated', task: moved }, scope)).toEqual([]);
  });

  it('keeps the unscheduled list to tasks without a date that are not cancelled', () => {
    expect(belongsToScope(makeTask({ scheduleDate: null }), { kind: 'unscheduled' })).toBe(true);
    expect(belongsToScope(makeTask({ scheduleDate: '2026-11-23' }), { kind: 'unscheduled' })).toBe(false);
  });
});

describe('sorting and dates', () => {
  it('sorts by reference or by creation, newest first', () => {
    const a = makeTask({ id: 1, referenceNumber: 5, created: '2026-11-01T00:00:00Z' });
    const b = makeTask({ id: 2, referenceNumber: 3, created: '2026-11-02T00:00:00Z' });
    expect(sortTasks([b, a], 'referenceDesc').map((row) => row.id)).toEqual([1, 2]);
    expect(sortTasks([a, b], 'createdDesc').map((row) => row.id)).toEqual([2, 1]);
  });

  it('takes today in the tenant zone and orders a range', () => {
    expect(todayIn('Europe/Rome', new Date('2026-11-23T23:30:00Z'))).toBe('2026-11-24');
    expect(dateRangeOf(null, null, '2026-11-23')).toEqual({ from: '2026-11-23', to: '2026-11-23' });
    expect(dateRangeOf('2026-11-25', '2026-11-20', '2026-11-23')).toEqual({ from: '2026-11-20', to: '2026-11-25' });
  });
});
