import type { Job, SolveInput, Worker } from '@/lib/server/auto-schedule/engine';

export interface Point {
  x: number;
  y: number;
}

export function euclidean(points: Point[]): number[][] {
  return points.map((from) => points.map((to) => Math.hypot(from.x - to.x, from.y - to.y)));
}

/** Deterministic pseudo-random numbers for fixtures, independent of the engine's generator. */
export function fixtureRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
}

/** Location 0 is the depot; job i sits at location i + 1. */
export function planeInput(points: Point[], jobs: Omit<Job, 'location'>[], workers: Worker[], extra: Partial<SolveInput> = {}): SolveInput {
  const matrix = euclidean(points);
  return {
    jobs: jobs.map((job, index) => ({ ...job, location: index + 1 })),
    workers,
    durations: matrix,
    distances: matrix,
    timeLimitMs: 300,
    seed: 7,
    ...extra,
  };
}

export function depotWorker(id: string, shifts = [{ start: 0, end: 1000 }], extra: Partial<Worker> = {}): Worker {
  return { id, startLocation: 0, endLocation: 0, shifts, ...extra };
}
