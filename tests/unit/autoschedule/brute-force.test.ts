import { describe, expect, it } from 'vitest';
import { solve, type SolveInput } from '@/lib/server/auto-schedule/engine';
import { checkSolution, routeCost } from '../../../bench/lib/schedule-check';
import { depotWorker, fixtureRandom, planeInput, type Point } from './fixtures';

/** Earliest start at or after `arrival` inside one of the job's windows and fully inside one shift, or null. */
function earliestFeasibleStart(arrival: number, duration: number, windows: { start: number; end: number }[], shifts: { start: number; end: number }[]): number | null {
  const candidates = [arrival, ...windows.map((window) => window.start), ...shifts.map((shift) => shift.start)].filter((time) => time >= arrival).sort((a, b) => a - b);
  for (const start of candidates) {
    const inWindow = windows.length === 0 || windows.some((window) => start >= window.start && start <= window.end);
    const inShift = shifts.some((shift) => start >= shift.start && start + duration <= shift.end);
    if (inWindow && inShift) return start;
  }
  return null;
}

/** Exhaustive search: most jobs served, then least travel cost, over every assignment and order. */
function bruteForce(input: SolveInput): { served: number; cost: number } {
  const matrix = input.distances ?? input.durations;
  let bestServed = -1;
  let bestCost = Infinity;
  const jobCount = input.jobs.length;
  const visitWorker = (workerIndex: number, used: number, served: number, cost: number): void => {
    if (workerIndex === input.workers.length) {
      if (served > bestServed || (served === bestServed && cost < bestCost - 1e-9)) {
        bestServed = served;
        bestCost = cost;
      }
      return;
    }
    const worker = input.workers[workerIndex];
    const shifts = worker.shifts;
    const end = shifts[shifts.length - 1].end;
    const extend = (location: number, time: number, load: number, routeUsed: number, routeServed: number, routeCostSoFar: number): void => {
      if (time + input.durations[location][worker.endLocation] <= end) {
        visitWorker(workerIndex + 1, routeUsed, routeServed, routeCostSoFar + (routeServed === served ? 0 : matrix[location][worker.endLocation]));
      }
      for (let job = 0; job < jobCount; job++) {
        if (routeUsed & (1 << job)) continue;
        const spec = input.jobs[job];
        const demand = spec.demand?.[0] ?? 0;
        if (load + demand > (worker.capacity?.[0] ?? Infinity)) continue;
        const start = earliestFeasibleStart(time + input.durations[location][spec.location], spec.duration, spec.timeWindows ?? [], shifts);
        if (start === null) continue;
        extend(spec.location, start + spec.duration, load + demand, routeUsed | (1 << job), routeServed + 1, routeCostSoFar + matrix[location][spec.location]);
      }
    };
    extend(worker.startLocation, shifts[0].start, 0, used, served, cost);
  };
  visitWorker(0, 0, 0, 0);
  return { served: bestServed, cost: bestCost };
}

function randomCase(seed: number, jobCount: number, workerCount: number): SolveInput {
  const random = fixtureRandom(seed);
  const points: Point[] = [{ x: 50, y: 50 }];
  for (let index = 0; index < jobCount; index++) points.push({ x: Math.round(random() * 100), y: Math.round(random() * 100) });
  const jobs = points.slice(1).map((_, index) => {
    const open = Math.round(random() * 250);
    return {
      id: `job-${index}`,
      duration: 10,
      timeWindows: random() < 0.8 ? [{ start: open, end: open + 30 + Math.round(random() * 120) }] : [],
      demand: [1 + Math.floor(random() * 4)],
    };
  });
  const workers = Array.from({ length: workerCount }, (_, index) => depotWorker(`w${index}`, [{ start: 0, end: 400 }], { capacity: [9] }));
  return planeInput(points, jobs, workers, { objective: 'distance', maxIterations: 3000, timeLimitMs: 5000 });
}

describe('known optima by brute force', () => {
  const cases: [number, number, number][] = [
    [11, 8, 1],
    [12, 8, 1],
    [13, 7, 1],
    [21, 6, 2],
    [22, 6, 2],
    [23, 7, 2],
  ];
  it.each(cases)('seed %i with %i jobs and %i workers reaches the optimum', (seed, jobs, workers) => {
    const input = randomCase(seed, jobs, workers);
    const optimum = bruteForce(input);
    const result = solve(input);
    expect(checkSolution(input, result)).toEqual([]);
    expect(result.servedCount).toBe(optimum.served);
    expect(routeCost(input, result)).toBeCloseTo(optimum.cost, 6);
  });
});
