import { describe, expect, it } from 'vitest';
import { anchorOf, quickDate, rangeOf, shiftDate, startOfWeek } from '@/lib/client/schedule/range';

describe('board ranges', () => {
  it('takes a day, its Monday-to-Sunday week or its calendar month', () => {
    expect(rangeOf('day', '2026-11-26')).toEqual({ from: '2026-11-26', to: '2026-11-26' });
    expect(rangeOf('week', '2026-11-26')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(rangeOf('week', '2026-11-29')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(rangeOf('week', '2026-11-23')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(rangeOf('month', '2026-02-14')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(rangeOf('month', '2028-02-14')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(rangeOf('month', '2026-12-31')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });

  it('starts weeks on Monday across a year end', () => {
    expect(startOfWeek('2027-01-01')).toBe('2026-12-28');
    expect(anchorOf('week', '2027-01-03')).toBe('2026-12-28');
  });

  it('steps by the unit', () => {
    expect(shiftDate('day', '2026-12-31', 1)).toBe('2027-01-01');
    expect(shiftDate('week', '2026-11-26', -1)).toBe('2026-11-16');
    expect(shiftDate('month', '2026-01-31', 1)).toBe('2026-02-01');
    expect(shiftDate('month', '2026-01-15', -1)).toBe('2025-12-01');
  });

  it('gives the quick buttons their dates: yesterday/today/tomorrow, last/this/next week and month', () => {
    const today = '2026-11-26';
    expect(['previous', 'current', 'next'].map((key) => quickDate('day', today, key as 'previous'))).toEqual([
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
    ]);
    expect(['previous', 'current', 'next'].map((key) => quickDate('week', today, key as 'previous'))).toEqual([
      '2026-11-16',
      '2026-11-23',
      '2026-11-30',
    ]);
    expect(['previous', 'current', 'next'].map((key) => quickDate('month', today, key as 'previous'))).toEqual([
      '2026-10-01',
      '2026-11-01',
      '2026-12-01',
    ]);
  });
});
