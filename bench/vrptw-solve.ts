import { readFileSync } from 'node:fs';
import { solve } from '../lib/server/auto-schedule/engine/solver';
import { euclideanMatrix, parseSolomon, solomonToInput } from './lib/solomon';

/**
 * Solves one Solomon-format file and prints one JSON line with the routes (customer numbers in visit order), the
 * distance, the milliseconds of the solve (from solve's entry, which is where its time limit counts from) and of the
 * whole run, process start included.
 * Usage: npx tsx bench/vrptw-solve.ts FILE [--vehicles N] [--time-ms T] [--seed S] [--count-startup]
 * --count-startup makes T cover the whole process instead (start-up and parsing come out of the solver's budget), which
 * is how a command-line solver such as VROOM is timed.
 */
const OUTPUT_RESERVE_MS = 80;

function readFlag(args: string[], name: string): number | undefined {
  const index = args.indexOf(name);
  if (index < 0) return undefined;
  const value = Number(args[index + 1]);
  if (!Number.isFinite(value)) throw new Error(`${name} needs a number`);
  return value;
}

function main(): void {
  const args = process.argv.slice(2);
  const file = args.find((arg, index) => !arg.startsWith('--') && (index === 0 || !args[index - 1].startsWith('--')));
  if (!file) {
    process.stderr.write('usage: vrptw-solve.ts FILE [--vehicles N] [--time-ms T] [--seed S]\n');
    process.exit(2);
  }
  const instance = parseSolomon(readFileSync(file, 'utf8'));
  const vehicles = readFlag(args, '--vehicles') ?? instance.vehicles;
  const totalMs = readFlag(args, '--time-ms') ?? 2000;
  const seed = readFlag(args, '--seed') ?? 1;
  const matrix = euclideanMatrix(instance);
  // performance.now() counts from process start, so with --count-startup start-up and parsing come out of the budget.
  const timeLimitMs = args.includes('--count-startup') ? Math.max(1, totalMs - performance.now() - OUTPUT_RESERVE_MS) : totalMs;
  const result = solve({ ...solomonToInput(instance, vehicles, matrix), timeLimitMs, seed });
  const routes = result.routes.map((route) => route.visits.map((visit) => Number(visit.jobId)));
  const distance = result.totalDistance;
  const ms = Math.round(performance.now());
  const solveMs = Math.round(result.stats.elapsedMs);
  process.stdout.write(`${JSON.stringify({ instance: instance.name, routes, distance: Math.round(distance * 1e4) / 1e4, ms, solveMs })}\n`);
}

main();
