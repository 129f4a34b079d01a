import { describe, expect, it } from 'vitest';
import { solve, type SolveInput } from '@/lib/server/auto-schedule/engine';
import { checkSolution } from '../../../bench/lib/schedule-check';
import { depotWorker, fixtureRandom, planeInput, type Point } from './fixtures';

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

describe('search behaviour', () => {
  it('gives the same answer for the same seed', () => {
    const input = cluster(5, 60, 8, { seed: 42, maxIterations: 400, timeLimitMs: 20_000 });
    const first = solve(input);
    const second = solve(input);
    expect(second.routes).toEqual(first.routes);
    expect(second.unassigned).toEqual(first.unassigned);
    expect(checkSolution(input, first)).toEqual([]);
  });

  it('improves on its first solution when given time', () => {
    const input = cluster(8, 80, 10, { seed: 3 });
    const quick = solve({ ...input, maxIterations: 1 });
    const longer = solve({ ...input, maxIterations: 3000, timeLimitMs: 20_000 });
    expect(longer.servedCount).toBeGreaterThanOrEqual(quick.servedCount);
    if (longer.servedCount === quick.servedCount) expect(longer.totalDistance).toBeLessThan(quick.totalDistance);
    expect(checkSolution(input, longer)).toEqual([]);
  });
});
