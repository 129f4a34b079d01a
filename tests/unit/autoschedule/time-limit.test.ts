import { describe, expect, it } from 'vitest';
import type { SolveInput } from '@/lib/server/auto-schedule/engine';
import { solve } from '@/lib/server/auto-schedule/engine/solver';
import { checkSolution } from '../../../bench/lib/schedule-check';
import { depotWorker, fixtureRandom, planeInput, type Point } from './fixtures';

/** Jobs spread over a square with two-hour windows, workers with a split shift and a capacity. */
function cluster(seed: number, jobCount: number, workerCount: number, extra: Partial<SolveInput>): SolveInput {
  const random = fixtureRandom(seed);
  const points: Point[] = [{ x: 50, y: 50 }];
  for (let index = 0; index < jobCount; index++) points.push({ x: random() * 100, y: random() * 100 });
  const jobs = points.slice(1).map((_, index) => {
    const open = random() * 600;
    return { id: `j${index}`, duration: 10, timeWindows: [{ start: open, end: open + 120 }], demand: [1 + Math.floor(random() * 5)] };
  });
  const workers = Array.from({ length: workerCount }, (_, index) => depotWorker(`w${index}`, [{ start: 0, end: 400 }, { start: 430, end: 900 }], { capacity: [40] }));
  return planeInput(points, jobs, workers, { objective: 'distance', ...extra });
}

/**
 * A clock that moves `step` ms at every reading, whatever the machine does: the search sees exactly the same time at
 * the same step on every run. After `busyAfter` readings each reading jumps by `busyStep` instead, as when the machine
 * gets busy halfway through.
 */
function steppingClock(origin: number, step: number, busyAfter = Infinity, busyStep = step): { clock: () => number; readings: () => number } {
  let now = origin;
  let count = 0;
  return {
    clock: () => {
      const reading = now;
      count++;
      now += count > busyAfter ? busyStep : step;
      return reading;
    },
    readings: () => count,
  };
}

describe('time limit and a busy machine', () => {
  it('counts its limit from its own start and stops at the first clock reading past it', () => {
    const input = cluster(6, 250, 25, { timeLimitMs: 400, seed: 4 });
    // The clock is far from zero when solve starts: only the readings from solve's entry count.
    const { clock, readings } = steppingClock(1_000_000, 1);
    const result = solve(input, { clock });
    expect(result.stats.stoppedByTimeLimit).toBe(true);
    // Entry, 400 readings before the deadline, the one that meets it, and the one for the elapsed time: nothing else
    // runs once the deadline is seen.
    expect(result.stats.elapsedMs).toBe(401);
    expect(readings()).toBe(402);
    expect(checkSolution(input, result)).toEqual([]);
    expect(result.servedCount).toBeGreaterThan(200);
  });

  it('on the real clock stops within one step of its limit and returns a valid best solution', () => {
    const input = cluster(6, 250, 25, { timeLimitMs: 400 });
    // The longest gap between two readings is one step of the search plus whatever the machine took from it; the
    // stop may come that late, so the bound scales with it instead of a fixed margin a busy machine breaks.
    let previous = -1;
    let longestGap = 0;
    const clock = (): number => {
      const now = performance.now();
      if (previous >= 0) longestGap = Math.max(longestGap, now - previous);
      previous = now;
      return now;
    };
    const result = solve(input, { clock });
    expect(result.stats.stoppedByTimeLimit).toBe(true);
    expect(result.stats.elapsedMs).toBeGreaterThanOrEqual(400);
    expect(result.stats.elapsedMs).toBeLessThanOrEqual(400 + 2 * longestGap);
    expect(checkSolution(input, result)).toEqual([]);
    expect(result.servedCount).toBeGreaterThan(200);
  });

  it('with no time at all returns its construction, serving every job it can', () => {
    const input = cluster(9, 120, 12, { timeLimitMs: 0, seed: 5 });
    const result = solve(input);
    expect(result.stats.iterations).toBe(0);
    expect(result.stats.stoppedByTimeLimit).toBe(true);
    expect(checkSolution(input, result)).toEqual([]);
    expect(result.servedCount + result.unassigned.length).toBe(120);
    expect(result.servedCount).toBeGreaterThan(100);
  });

  it.each([
    ['a few steps of search', 50, Infinity, 50],
    ['the deadline hitting the first local search', 7, Infinity, 7],
    ['a machine that gets busy while the annealing is still hot', 1, 300, 5000],
    ['many short steps', 1, Infinity, 1],
  ])('under %s the answer is valid and no worse than the construction', (_, step, busyAfter, busyStep) => {
    const input = cluster(9, 120, 12, { timeLimitMs: 2000, seed: 5 });
    const construction = solve({ ...input, timeLimitMs: 0 });
    const { clock } = steppingClock(0, step, busyAfter, busyStep);
    const result = solve(input, { clock });
    expect(checkSolution(input, result)).toEqual([]);
    expect(result.servedCount).toBeGreaterThanOrEqual(construction.servedCount);
    if (result.servedCount === construction.servedCount) expect(result.totalDistance).toBeLessThanOrEqual(construction.totalDistance + 1e-9);
  });

  it('a stepping clock gives the same answer on every run, however busy the machine is', () => {
    const input = cluster(9, 120, 12, { timeLimitMs: 600, seed: 5 });
    const first = solve(input, { clock: steppingClock(0, 1).clock });
    const second = solve(input, { clock: steppingClock(0, 1).clock });
    expect(second.routes).toEqual(first.routes);
    expect(first.stats.iterations).toBeGreaterThan(0);
  });
});
