import { solve } from '../lib/server/auto-schedule/engine/solver';
import type { UnassignedReason } from '../lib/server/auto-schedule/engine/types';
import { DEFAULT_CITY, generateCity } from './city';
import { checkSolution } from './lib/schedule-check';

/**
 * Generates the seeded city day and solves it, printing the figures.
 * Usage: npx tsx bench/city-solve.ts [--seed S] [--jobs N] [--workers N] [--time-ms T]
 * The time limit covers generation and solving, like the VRPTW bench.
 */
function flag(args: string[], name: string, fallback: number): number {
  const index = args.indexOf(name);
  const value = index >= 0 ? Number(args[index + 1]) : fallback;
  if (!Number.isFinite(value)) throw new Error(`${name} needs a number`);
  return value;
}

function main(): void {
  const args = process.argv.slice(2);
  const started = performance.now();
  const options = {
    ...DEFAULT_CITY,
    seed: flag(args, '--seed', DEFAULT_CITY.seed),
    jobs: flag(args, '--jobs', DEFAULT_CITY.jobs),
    workers: flag(args, '--workers', DEFAULT_CITY.workers),
  };
  const totalMs = flag(args, '--time-ms', 5000);
  const city = generateCity(options);
  const generatedMs = performance.now() - started;
  const result = solve({ ...city.input, timeLimitMs: Math.max(1, totalMs - generatedMs - 50), seed: options.seed });
  const elapsed = performance.now() - started;
  const errors = checkSolution(city.input, result);
  const reasons = new Map<UnassignedReason, number>();
  for (const entry of result.unassigned) reasons.set(entry.reason, (reasons.get(entry.reason) ?? 0) + 1);
  const fixedCount = city.input.workers.reduce((sum, worker) => sum + (worker.fixedJobs?.length ?? 0), 0);
  const visits = result.routes.reduce((sum, route) => sum + route.visits.length, 0);
  const lines = [
    `city seed ${options.seed}: ${city.input.jobs.length} jobs, ${city.input.workers.length} workers (${fixedCount} fixed bookings), ${city.locations.length} locations`,
    `served ${result.servedCount} / ${city.input.jobs.length}; unassigned ${result.unassigned.length}${[...reasons].map(([reason, count]) => ` ${reason}=${count}`).join('')}`,
    `workers used ${result.routes.length}, visits ${visits}, travel ${(result.totalDuration / 3600).toFixed(2)} h, ${(result.totalDistance / 1000).toFixed(1)} km`,
    `time ${elapsed.toFixed(0)} ms (generation ${generatedMs.toFixed(0)} ms, search iterations ${result.stats.iterations}); check ${errors.length === 0 ? 'ok' : `INVALID: ${errors.slice(0, 5).join('; ')}`}`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  if (errors.length > 0) process.exitCode = 1;
}

main();
