import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSolomon } from './lib/solomon';
import { checkSolomonRoutes } from './lib/vrptw-check';

/**
 * Runs bench/vrptw-solve.ts on every instance of a folder, one process each, checks every answer independently and
 * prints a table with the averages.
 * Usage: npx tsx bench/vrptw.ts FOLDER [--bks CSV] [--time-ms T] [--seed S] [--vehicles N] [--fleet-csv CSV]
 *          [--only SUBSTRING] [--json OUT] [--count-startup]
 * T is the solver's time limit, counted from solve's entry; --count-startup makes it cover each whole process instead.
 * Columns: solve = ms from solve's entry to its answer, ms = the whole process, start-up included.
 * --fleet-csv fixes each instance's fleet to the vehicles column of that CSV (the SINTEF counts, for instance).
 * When a CSV lists an instance twice, its first row counts.
 */
interface Row {
  instance: string;
  customers: number;
  served: number;
  missing: number;
  vehicles: number;
  fleet: number;
  distance: number;
  bks: number | null;
  gap: number | null;
  ms: number;
  solveMs: number;
  valid: boolean;
  errors: string[];
}

function flag(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
}

function readCsvColumn(file: string, column: string): Map<string, number> {
  const [header, ...lines] = readFileSync(file, 'utf8').split(/\r?\n/).filter((line) => line.trim().length > 0);
  const names = header.split(',');
  const index = names.indexOf(column);
  if (index < 0) throw new Error(`${file} has no ${column} column`);
  const values = new Map<string, number>();
  for (const line of lines) {
    const fields = line.split(',');
    const key = fields[0].trim().toLowerCase();
    if (!values.has(key)) values.set(key, Number(fields[index]));
  }
  return values;
}

function pad(text: string | number, width: number): string {
  return String(text).padStart(width);
}

function main(): void {
  const args = process.argv.slice(2);
  const folder = args[0];
  if (!folder || folder.startsWith('--')) {
    process.stderr.write('usage: vrptw.ts FOLDER [--bks CSV] [--time-ms T] [--seed S] [--vehicles N] [--fleet-csv CSV] [--only S] [--json OUT] [--count-startup]\n');
    process.exit(2);
  }
  const bksFile = flag(args, '--bks');
  const bks = bksFile ? readCsvColumn(bksFile, 'distance') : new Map<string, number>();
  const fleetFile = flag(args, '--fleet-csv');
  const fleets = fleetFile ? readCsvColumn(fleetFile, 'vehicles') : null;
  const timeMs = flag(args, '--time-ms') ?? '2000';
  const seed = flag(args, '--seed') ?? '1';
  const vehiclesOverride = flag(args, '--vehicles');
  const only = flag(args, '--only');
  const jsonOut = flag(args, '--json');
  const countStartup = args.includes('--count-startup') ? ['--count-startup'] : [];
  const solveScript = path.join(path.dirname(fileURLToPath(import.meta.url)), 'vrptw-solve.ts');

  const files = readdirSync(folder).filter((name) => name.toLowerCase().endsWith('.txt') && (!only || name.includes(only)));
  files.sort((x, y) => x.localeCompare(y, 'en', { numeric: true }));
  const rows: Row[] = [];
  process.stdout.write(`${'instance'.padEnd(10)} ${pad('served', 8)} ${pad('veh', 4)} ${pad('fleet', 5)} ${pad('distance', 10)} ${pad('best', 10)} ${pad('gap%', 7)} ${pad('solve', 6)} ${pad('ms', 6)}  check\n`);
  for (const file of files) {
    const full = path.join(folder, file);
    const instance = parseSolomon(readFileSync(full, 'utf8'));
    const key = instance.name.toLowerCase();
    const fleet = Number(vehiclesOverride ?? fleets?.get(key) ?? instance.vehicles);
    // The child runs under the same TypeScript loader as this script.
    const child = spawnSync(process.execPath, [...process.execArgv, solveScript, full, '--vehicles', String(fleet), '--time-ms', timeMs, '--seed', seed, ...countStartup], { encoding: 'utf8' });
    if (child.status !== 0) throw new Error(`${file}: solver failed\n${child.stderr}`);
    const answer = JSON.parse(child.stdout.trim().split('\n').pop() ?? '{}') as { routes: number[][]; ms: number; solveMs: number };
    const check = checkSolomonRoutes(instance, answer.routes, fleet);
    const best = bks.get(key) ?? null;
    // A gap means something only when every customer is served.
    const gap = best !== null && check.missing === 0 ? ((check.distance - best) / best) * 100 : null;
    const row: Row = {
      instance: instance.name,
      customers: instance.sites.length - 1,
      served: check.served,
      missing: check.missing,
      vehicles: check.vehicles,
      fleet,
      distance: check.distance,
      bks: best,
      gap,
      ms: answer.ms,
      solveMs: answer.solveMs,
      valid: check.valid,
      errors: check.errors,
    };
    rows.push(row);
    const served = row.missing === 0 ? 'all' : `-${row.missing}`;
    process.stdout.write(
      `${row.instance.padEnd(10)} ${pad(served, 8)} ${pad(row.vehicles, 4)} ${pad(fleet, 5)} ${pad(row.distance.toFixed(2), 10)} ${pad(best?.toFixed(2) ?? '-', 10)} ${pad(gap?.toFixed(2) ?? '-', 7)} ${pad(row.solveMs, 6)} ${pad(row.ms, 6)}  ${row.valid ? 'ok' : `INVALID ${row.errors.slice(0, 3).join('; ')}`}\n`,
    );
  }

  const complete = rows.filter((row) => row.missing === 0);
  const gaps = complete.map((row) => row.gap).filter((gap): gap is number => gap !== null);
  const average = (values: number[]): number => (values.length > 0 ? values.reduce((sum, value) => sum + value, 0) / values.length : NaN);
  const worst = rows.reduce<Row | null>((found, row) => (row.missing === 0 && row.gap !== null && (found === null || (found.gap ?? 0) < row.gap) ? row : found), null);
  process.stdout.write('\n');
  process.stdout.write(`instances ${rows.length}, all served ${complete.length}, invalid ${rows.filter((row) => !row.valid).length}\n`);
  process.stdout.write(`average gap ${average(gaps).toFixed(2)} % over ${gaps.length} fully served, worst ${worst ? `${worst.gap?.toFixed(2)} % (${worst.instance})` : '-'}, above 10 %: ${gaps.filter((gap) => gap > 10).length}\n`);
  process.stdout.write(`solve per instance: average ${average(rows.map((row) => row.solveMs)).toFixed(0)} ms, max ${Math.max(...rows.map((row) => row.solveMs))} ms\n`);
  process.stdout.write(`process per instance: average ${average(rows.map((row) => row.ms)).toFixed(0)} ms, max ${Math.max(...rows.map((row) => row.ms))} ms; average vehicles ${average(rows.map((row) => row.vehicles)).toFixed(2)}\n`);
  if (jsonOut) writeFileSync(jsonOut, JSON.stringify(rows, null, 1));
}

main();
