import autocannon, { type Instance, type RequestSpec, type Result } from 'autocannon';
import type { Kind } from './load-mix';

/**
 * Runs a weighted mix at a fixed overall rate with autocannon, spread evenly over each second. autocannon's
 * overallRate lets each connection send its share of a second back to back as the second starts, and all
 * connections of one instance start together, so one instance at 60 req/s would fire 60 requests at once every
 * second. Here the rate is split over "lanes" (one autocannon instance of one connection each, a few requests a
 * second) whose seconds start at staggered moments, which approaches the steady arrival of a real office.
 * Every answer is recorded with its kind, status and time, so the figures are exact over the whole mix.
 */
export interface Sample {
  kind: string;
  status: number;
  ms: number;
}

export interface MixRun {
  rate: number;
  seconds: number;
  samples: Sample[];
  socketErrors: number;
  timeouts: number;
}

const requestsPerLane = 3;
const maxLanes = 100;

/** The kinds repeated by weight, in an order that spreads each kind over the cycle. */
function weightedCycle(kinds: Kind[]): Kind[] {
  const total = kinds.reduce((sum, kind) => sum + kind.weight, 0);
  const slots = kinds.flatMap((kind) => Array.from({ length: kind.weight }, (_, index) => ({ kind, at: (index + 0.5) / kind.weight })));
  return slots.sort((a, b) => a.at - b.at).map((slot) => slot.kind).slice(0, total);
}

function runLane(baseUrl: string, cycle: Kind[], rate: number, seconds: number, run: MixRun, counter: { next: number }): Promise<Result> {
  let pending = '';
  // A lane has one connection without pipelining: the answer that arrives is always to the request built last.
  const requests: RequestSpec[] = cycle.map((kind) => ({
    setupRequest: (request) => {
      pending = kind.name;
      return { ...request, ...kind.build(counter.next++) };
    },
  }));
  return new Promise((resolve, reject) => {
    const instance: Instance = autocannon({ url: baseUrl, connections: 1, overallRate: rate, duration: seconds, requests, timeout: 10 }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
    instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => run.samples.push({ kind: pending, status, ms }));
    instance.on('reqError', () => run.socketErrors++);
  });
}

export async function runMix(baseUrl: string, kinds: Kind[], rate: number, seconds: number): Promise<MixRun> {
  const lanes = Math.min(maxLanes, Math.max(1, Math.ceil(rate / requestsPerLane)));
  const run: MixRun = { rate, seconds, samples: [], socketErrors: 0, timeouts: 0 };
  const cycle = weightedCycle(kinds);
  const counter = { next: Date.now() % 1_000_000 };
  const lanesDone = Array.from({ length: lanes }, async (_, lane) => {
    const laneRate = Math.floor(rate / lanes) + (lane < rate % lanes ? 1 : 0);
    if (laneRate === 0) return;
    // Each lane starts its seconds at its own moment, and at its own place in the cycle.
    await new Promise((resolve) => setTimeout(resolve, (lane * 1000) / lanes));
    const offset = Math.floor((lane * cycle.length) / lanes);
    const result = await runLane(baseUrl, [...cycle.slice(offset), ...cycle.slice(0, offset)], laneRate, seconds, run, counter);
    run.timeouts += result.timeouts;
  });
  await Promise.all(lanesDone);
  return run;
}

export function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))];
}

export interface MixFigures {
  answered: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
  /** Non-2xx answers by "kind status", socket errors and timeouts. */
  failures: Map<string, number>;
  failureCount: number;
}

export function mixFigures(run: MixRun, kind?: string): MixFigures {
  const samples = kind ? run.samples.filter((sample) => sample.kind === kind) : run.samples;
  const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  const failures = new Map<string, number>();
  for (const sample of samples) {
    if (sample.status >= 200 && sample.status < 300) continue;
    const key = `${sample.kind} → ${sample.status}`;
    failures.set(key, (failures.get(key) ?? 0) + 1);
  }
  // autocannon reports a timeout as a request error too.
  const socketErrors = run.socketErrors - run.timeouts;
  if (!kind && socketErrors > 0) failures.set('socket errors', socketErrors);
  if (!kind && run.timeouts > 0) failures.set('timeouts', run.timeouts);
  const failureCount = [...failures.values()].reduce((sum, value) => sum + value, 0);
  return {
    answered: samples.length,
    perSecond: samples.length / run.seconds,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
    failures,
    failureCount,
  };
}
