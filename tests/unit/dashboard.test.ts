import { describe, expect, it } from 'vitest';
import { groupSmallSlices, hoursOf, listState, objectState } from '@/lib/client/dashboard/slices';
import { DashboardPeriodQuery, periodRange } from '@/lib/contract/dashboard';

describe('dashboard periods', () => {
  it('cuts 1W and 1M into the last 7 and 30 days, today last', () => {
    expect(periodRange('1W', '2026-03-31')).toEqual({
      from: '2026-03-25',
      to: '2026-03-31',
      unit: 'day',
      buckets: ['2026-03-25', '2026-03-26', '2026-03-27', '2026-03-28', '2026-03-29', '2026-03-30', '2026-03-31'],
    });
    const month = periodRange('1M', '2026-03-01');
    expect(month.buckets).toHaveLength(30);
    expect(month.from).toBe('2026-01-31');
  });

  it('cuts 3M into this Monday week and the 12 before, 1Y into this month and the 11 before', () => {
    // 2026-11-26 is a Thursday: its week starts Monday 2026-11-23.
    const quarter = periodRange('3M', '2026-11-26');
    expect(quarter.unit).toBe('week');
    expect(quarter.buckets).toHaveLength(13);
    expect(quarter.buckets.at(-1)).toBe('2026-11-23');
    expect(quarter.from).toBe('2026-08-31');
    const year = periodRange('1Y', '2026-01-15');
    expect(year.buckets).toEqual([
      '2025-02-01', '2025-03-01', '2025-04-01', '2025-05-01', '2025-06-01', '2025-07-01',
      '2025-08-01', '2025-09-01', '2025-10-01', '2025-11-01', '2025-12-01', '2026-01-01',
    ]);
  });

  it('takes 1W when the period is left out and refuses any other value', () => {
    expect(DashboardPeriodQuery.parse({})).toEqual({ period: '1W' });
    expect(DashboardPeriodQuery.safeParse({ period: '6M' }).success).toBe(false);
  });
});

describe('task type donut', () => {
  const row = (typeId: number, count: number) => ({ typeId, type: `Type ${typeId}`, count });

  it('groups slices under 5 % into Others, placed last', () => {
    // 100 tasks: 4 % and 3 % are small, 5 % exactly is not.
    const slices = groupSmallSlices([row(1, 60), row(2, 28), row(3, 5), row(4, 4), row(5, 3)], 'Others');
    expect(slices.map(({ typeId, name, count }) => ({ typeId, name, count }))).toEqual([
      { typeId: 1, name: 'Type 1', count: 60 },
      { typeId: 2, name: 'Type 2', count: 28 },
      { typeId: 3, name: 'Type 3', count: 5 },
      { typeId: null, name: 'Others', count: 7 },
    ]);
    expect(slices.at(-1)?.share).toBeCloseTo(0.07);
  });

  it('keeps a lone small slice under its own name, and answers nothing for no tasks', () => {
    expect(groupSmallSlices([row(1, 97), row(2, 3)], 'Others').map((slice) => slice.name)).toEqual(['Type 1', 'Type 2']);
    expect(groupSmallSlices([], 'Others')).toEqual([]);
  });
});

describe('widget states', () => {
  it('reads a non-array as unavailable and an empty array as no data', () => {
    expect(listState(undefined)).toEqual({ kind: 'unavailable' });
    expect(listState({ rows: [] })).toEqual({ kind: 'unavailable' });
    expect(listState([])).toEqual({ kind: 'empty' });
    expect(listState([1])).toEqual({ kind: 'ready', data: [1] });
  });

  it('reads an object widget as unavailable unless its figures are numbers', () => {
    expect(objectState<{ a: number }>({ a: 1 }, ['a'])).toEqual({ kind: 'ready', data: { a: 1 } });
    expect(objectState<{ a: number }>({ a: '1' }, ['a'])).toEqual({ kind: 'unavailable' });
    expect(objectState<{ a: number }>([], ['a'])).toEqual({ kind: 'unavailable' });
  });

  it('shows minutes as hours with one decimal', () => {
    expect(hoursOf(90)).toBe(1.5);
    expect(hoursOf(119)).toBe(2);
    expect(hoursOf(100)).toBe(1.7);
  });
});
