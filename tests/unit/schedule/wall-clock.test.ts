import { describe, expect, it } from 'vitest';
import { fromWallClock, toWallClock, wallClockDay, wallClockTime } from '@/lib/client/schedule/wall-clock';

const rome = 'Europe/Rome';

describe('the grid wall clock', () => {
  it("writes the tenant's local time as UTC, both ways", () => {
    const grid = toWallClock('2026-11-26T08:30:00.000Z', rome);
    expect(grid.toISOString()).toBe('2026-11-26T09:30:00.000Z');
    expect(wallClockDay(grid)).toBe('2026-11-26');
    expect(wallClockTime(grid)).toBe('09:30');
    expect(fromWallClock(grid, rome).toISOString()).toBe('2026-11-26T08:30:00.000Z');
  });

  it('keeps the local day for late evening tasks and across summer time', () => {
    expect(toWallClock('2026-11-26T23:30:00Z', rome).toISOString()).toBe('2026-11-27T00:30:00.000Z');
    expect(toWallClock('2026-07-01T06:00:00Z', rome).toISOString()).toBe('2026-07-01T08:00:00.000Z');
    expect(fromWallClock(new Date('2026-07-01T08:00:00Z'), rome).toISOString()).toBe('2026-07-01T06:00:00.000Z');
    // 29 March 2026: 02:00 jumps to 03:00 in Rome; 03:30 local is 01:30 UTC.
    expect(fromWallClock(new Date('2026-03-29T03:30:00Z'), rome).toISOString()).toBe('2026-03-29T01:30:00.000Z');
  });
});

describe('mergeSpans', () => {
  it("joins a worker's evening to the next morning, and nobody else's", async () => {
    const { mergeSpans } = await import('@/lib/client/schedule/unavailable');
    const span = (workerId: number, start: string, end: string) => ({ workerId, date: start.slice(0, 10), start, end });
    expect(
      mergeSpans([
        span(1, '2026-11-27T00:00:00+01:00', '2026-11-27T08:00:00+01:00'),
        span(1, '2026-11-26T18:00:00+01:00', '2026-11-27T00:00:00+01:00'),
        span(2, '2026-11-27T00:00:00+01:00', '2026-11-27T08:00:00+01:00'),
        span(1, '2026-11-27T12:00:00+01:00', '2026-11-27T13:00:00+01:00'),
      ]),
    ).toEqual([
      span(1, '2026-11-26T18:00:00+01:00', '2026-11-27T08:00:00+01:00'),
      span(1, '2026-11-27T12:00:00+01:00', '2026-11-27T13:00:00+01:00'),
      span(2, '2026-11-27T00:00:00+01:00', '2026-11-27T08:00:00+01:00'),
    ]);
  });
});
