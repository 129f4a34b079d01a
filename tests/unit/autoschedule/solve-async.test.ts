import { describe, expect, it } from 'vitest';
import type { SolveInput } from '@/lib/server/auto-schedule/engine';
import { solve, solveAsync } from '@/lib/server/auto-schedule/engine/solver';
import { checkSolution } from '../../../bench/lib/schedule-check';
import { depotWorker, fixtureRandom, planeInput, type Point } from './fixtures';

function scattered(seed: number, jobCount: number, workerCount: number, extra: Partial<SolveInput>): SolveInput {
  const random = fixtureRandom(seed);
  const points: Point[] = [{ x: 50, y: 50 }];
  for (let index = 0; index < jobCount; index++) points.push({ x: random() * 100, y: random() * 100 });
  const jobs = points.slice(1).map((_, index) => ({ id: `j${index}`, duration: 10 }));
  const workers = Array.from({ length: workerCount }, (_, index) => depotWorker(`w${index}`, [{ start: 0, end: 600 }]));
  return planeInput(points, jobs, workers, extra);
}

/** A clock that moves 1 ms at every reading: the same readings on every run, whatever the machine does. */
function steppingClock(): () => number {
  let now = 0;
  return () => now++;
}

describe('solveAsync', () => {
  it('finds the same plan as solve for the same input and clock', async () => {
    const input = scattered(3, 60, 6, { timeLimitMs: 60_000, maxIterations: 400, seed: 9 });
    const sync = solve(input, { clock: steppingClock() });
    const async = await solveAsync(input, { clock: steppingClock() });
    expect(async.routes).toEqual(sync.routes);
    expect(async.unassigned).toEqual(sync.unassigned);
    expect(async.stats.iterations).toBe(sync.stats.iterations);
    expect(checkSolution(input, async)).toEqual([]);
  });

  it('lets other work run while it searches instead of holding the event loop until the end', async () => {
    const input = scattered(5, 60, 6, { timeLimitMs: 60_000, maxIterations: 400, seed: 2 });
    let otherWorkRan = 0;
    let solving = true;
    const other = () => {
      if (!solving) return;
      otherWorkRan++;
      setImmediate(other);
    };
    setImmediate(other);
    const result = await solveAsync(input, { clock: steppingClock() });
    solving = false;
    // Every reading moves the clock 1 ms, so 400 iterations span far more than one 20 ms slice.
    expect(result.stats.iterations).toBe(400);
    expect(otherWorkRan).toBeGreaterThanOrEqual(5);
  });
});
