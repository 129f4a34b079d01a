import pg from 'pg';
import { addDays, localToday } from '../db/seed/calendar';
import type { AutoScheduleResult, AutoScheduleSummary, AutoScheduleUndoResult } from '../lib/contract/auto-schedule';
import { DEFAULT_SPEED_KMH } from '../lib/server/integrations/router/haversine';
import { DEFAULT_CITY } from './city';
import { startApp, type AppServer } from './lib/app-server';
import { signIn } from './lib/bench-http';
import { checkAppliedDay, checkRestored, tasksToPlace, type CheckReport } from './lib/city-db-check';
import { readDayState } from './lib/city-db-check-read';
import { cityDatabaseName, cityDispatcher, cityTimeZone, freshMigratedDatabase, seedCity, type SeededCity } from './lib/city-seed';
import { formatMs, summarise } from './lib/stats';

/**
 * Issue 12's product case: the seeded city (300 tasks, 30 workers with split shifts, skills, zones, slots, fixed
 * bookings) in a fresh PostgreSQL database, the app started on it as `npm start` serves it (no ROUTER_URL:
 * straight-line travel), and, as a dispatcher over HTTP, GET tasks/auto-schedule/summary then PUT tasks/auto-schedule
 * for tomorrow (tenant zone), timed end to end; after each run an independent check reads the tasks back from the
 * database with plain SQL, then POST tasks/auto-schedule/{id}/undo puts them back for the next run (and is checked).
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/auto-schedule-apply.ts \
 *     [--runs 5] [--port 3600] [--seed 2024] [--base-url http://localhost:3600 (an app already on the bench database)]
 *     [--seed-only (seed, read the day back and stop)]
 * DATABASE_URL names the server (any database on it): the bench drops and creates fieldops_bench_autoschedule there.
 * Target: ≤ 5 s end to end, every placement valid. Exit code 1 when a placement is invalid or a call fails.
 */
const flag = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const runs = Number(flag('runs', '5'));
const port = Number(flag('port', '3600'));
const seed = Number(flag('seed', String(DEFAULT_CITY.seed)));
const givenBaseUrl = flag('base-url', '');
const seedOnly = process.argv.includes('--seed-only');

interface Timed<T> {
  status: number;
  ms: number;
  body: T;
}

async function call<T>(baseUrl: string, method: string, path: string, cookie: string): Promise<Timed<T>> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/web/${path}`, { method, headers: { cookie, origin: baseUrl } });
  const body = (await response.json()) as T;
  return { status: response.status, ms: performance.now() - started, body };
}

interface RunFigures {
  summaryMs: number;
  applyMs: number;
  placed: number;
  reasons: Map<string, number>;
  apiTravelMinutes: number;
  checkedTravelMinutes: number;
  workersUsed: number;
  /** Not an invalid placement, but an answer that does not add up: printed, not failed. */
  travelMismatches: string[];
  errors: string[];
}

function describeRun(index: number, figures: RunFigures, summary: AutoScheduleSummary): string {
  const reasons = [...figures.reasons].map(([reason, count]) => `${reason} ${count}`).join(', ') || 'none';
  return [
    `run ${index + 1}: summary ${formatMs(figures.summaryMs)} (${summary.tasks.length} tasks, ${summary.workers.length} workers with free time); ` +
      `apply ${formatMs(figures.applyMs)}`,
    `  placed ${figures.placed} on ${figures.workersUsed} workers; not placed: ${reasons}`,
    `  travel ${figures.apiTravelMinutes} min as answered, ${figures.checkedTravelMinutes.toFixed(1)} min recomputed by the check; ` +
      `per-worker travel ${figures.travelMismatches.length === 0 ? 'matches within a minute' : `differs for ${figures.travelMismatches.length} workers (${figures.travelMismatches.slice(0, 3).join('; ')})`}; ` +
      `check ${figures.errors.length === 0 ? 'ok' : `INVALID (${figures.errors.length})`}`,
    ...figures.errors.slice(0, 20).map((error) => `    ${error}`),
  ].join('\n');
}

/** Placed count and ids as answered against what the database holds. */
function crossCheck(result: AutoScheduleResult, summary: AutoScheduleSummary, report: CheckReport): string[] {
  const errors: string[] = [];
  if (result.placedCount !== report.placedIds.length) errors.push(`answered placedCount ${result.placedCount}, the database holds ${report.placedIds.length} placed`);
  const answered = new Set([...report.placedIds, ...result.notPlaced.map((task) => task.id)]);
  const missing = summary.tasks.filter((task) => !answered.has(task.id));
  if (missing.length > 0) errors.push(`${missing.length} summary task(s) neither placed nor answered as not placed, e.g. #${missing[0].referenceNumber}`);
  const placedNotPlaced = result.notPlaced.filter((task) => report.placedIds.includes(task.id));
  if (placedNotPlaced.length > 0) errors.push(`${placedNotPlaced.length} task(s) answered as not placed but placed in the database`);
  if (result.travelSource !== 'haversine') errors.push(`travel source ${result.travelSource}, expected haversine (no ROUTER_URL)`);
  for (const worker of result.workers) {
    if (worker.tasksPlaced !== report.perWorker.get(worker.id)?.placed) errors.push(`worker ${worker.id}: answered ${worker.tasksPlaced} placed, the database holds ${report.perWorker.get(worker.id)?.placed ?? 0}`);
  }
  return errors;
}

/** Workers whose answered travel differs by more than a minute from the check's, on the tasks' order in the database. */
function travelMismatches(result: AutoScheduleResult, report: CheckReport): string[] {
  return result.workers.flatMap((worker) => {
    const checked = (report.perWorker.get(worker.id)?.travelSeconds ?? 0) / 60;
    return Math.abs(checked - worker.travelMinutes) > 1 ? [`worker ${worker.id}: ${worker.travelMinutes} min answered, ${checked.toFixed(1)} recomputed`] : [];
  });
}

async function runOnce(baseUrl: string, cookie: string, db: pg.Client, city: SeededCity, index: number): Promise<{ figures: RunFigures; runId: number | null }> {
  const before = await readDayState(db, city.tenantId, city.day);
  const summary = await call<AutoScheduleSummary>(baseUrl, 'GET', `tasks/auto-schedule/summary?currentDate=${city.day}`, cookie);
  if (summary.status !== 200) throw new Error(`GET summary answered ${summary.status}: ${JSON.stringify(summary.body)}`);
  const apply = await call<AutoScheduleResult>(baseUrl, 'PUT', `tasks/auto-schedule?currentDate=${city.day}`, cookie);
  if (apply.status !== 200) throw new Error(`PUT tasks/auto-schedule answered ${apply.status}: ${JSON.stringify(apply.body)}`);
  const after = await readDayState(db, city.tenantId, city.day);
  const report = checkAppliedDay(before, after, DEFAULT_SPEED_KMH);
  const selection = tasksToPlace(before).length;
  const errors = [...report.errors, ...crossCheck(apply.body, summary.body, report)];
  if (summary.body.tasks.length !== selection) errors.push(`summary lists ${summary.body.tasks.length} tasks, the check selects ${selection}`);
  const reasons = new Map<string, number>();
  for (const task of apply.body.notPlaced) reasons.set(task.reason, (reasons.get(task.reason) ?? 0) + 1);
  const figures: RunFigures = {
    summaryMs: summary.ms,
    applyMs: apply.ms,
    placed: apply.body.placedCount,
    reasons,
    apiTravelMinutes: apply.body.workers.reduce((sum, worker) => sum + worker.travelMinutes, 0),
    checkedTravelMinutes: report.travelSeconds / 60,
    workersUsed: apply.body.workers.length,
    travelMismatches: travelMismatches(apply.body, report),
    errors,
  };
  console.log(describeRun(index, figures, summary.body));
  return { figures, runId: apply.body.runId };
}

async function undo(baseUrl: string, cookie: string, db: pg.Client, city: SeededCity, runId: number, before: Awaited<ReturnType<typeof readDayState>>): Promise<string[]> {
  const answer = await call<AutoScheduleUndoResult>(baseUrl, 'POST', `tasks/auto-schedule/${runId}/undo`, cookie);
  if (answer.status !== 200) return [`undo answered ${answer.status}: ${JSON.stringify(answer.body)}`];
  const errors = checkRestored(before, await readDayState(db, city.tenantId, city.day));
  console.log(`  undo ${formatMs(answer.ms)}: ${answer.body.restoredCount} restored; ${errors.length === 0 ? 'every task back as it was' : `NOT RESTORED (${errors.length})`}`);
  return errors;
}

async function main(): Promise<void> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('Set DATABASE_URL to the PostgreSQL server (e.g. postgres://postgres@127.0.0.1:5432/postgres).');
  const day = addDays(localToday(cityTimeZone), 1);
  const started = performance.now();
  const databaseUrl = await freshMigratedDatabase(adminUrl);
  process.env.DATABASE_URL = databaseUrl;
  const { connection, closeConnection } = await import('../lib/server/core/db');
  const city = await seedCity((await connection()).db, day, { ...DEFAULT_CITY, seed });
  await closeConnection();
  const bookings = city.plan.others.filter((task) => task.worker !== null && task.state === 'open').length;
  console.log(
    `City Bench (seed ${seed}) in ${cityDatabaseName}: ${city.plan.workers.filter((worker) => worker.active).length} workers, ` +
      `${city.plan.toPlace.length} tasks to place (${city.plan.toPlace.filter((task) => task.slot !== null).length} with a slot, ` +
      `${city.plan.toPlace.filter((task) => task.startMins !== null).length} dated that day), ${bookings} fixed bookings, day ${day}; ` +
      `seeded in ${formatMs(performance.now() - started)}`,
  );

  let server: AppServer | null = null;
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  let failures = 0;
  try {
    const seeded = await readDayState(db, city.tenantId, city.day);
    const idle = checkAppliedDay(seeded, seeded, DEFAULT_SPEED_KMH);
    console.log(`read back: ${seeded.workers.size} users, ${seeded.tasks.size} tasks, ${tasksToPlace(seeded).length} to place; check of the untouched day: ${idle.errors.length === 0 ? 'ok' : idle.errors.join('; ')}`);
    if (seedOnly) return;
    if (!givenBaseUrl) {
      console.log(`starting the app on port ${port} (building first when the sources changed)…`);
      // No router: travel is straight lines at the speed the check uses; the solver's own time limit applies.
      server = await startApp({ port, databaseUrl, env: { ROUTER_URL: null } });
      console.log(`app ready (log: ${server.logFile})`);
    }
    const baseUrl = server?.baseUrl ?? givenBaseUrl;
    const cookie = await signIn(baseUrl, cityDispatcher.username, cityDispatcher.password);
    const all: RunFigures[] = [];
    for (let index = 0; index < runs; index++) {
      const before = await readDayState(db, city.tenantId, city.day);
      const { figures, runId } = await runOnce(baseUrl, cookie, db, city, index);
      all.push(figures);
      failures += figures.errors.length;
      if (index < runs - 1 && runId !== null) failures += (await undo(baseUrl, cookie, db, city, runId, before)).length;
    }
    const apply = summarise(all.map((run) => run.applyMs));
    const summaryTimes = summarise(all.map((run) => run.summaryMs));
    const placed = all.map((run) => run.placed);
    console.log(
      `\nPUT tasks/auto-schedule end to end over ${runs} runs: p50 ${formatMs(apply.median)}, max ${formatMs(apply.max)} (target ≤ 5000 ms); ` +
        `GET summary p50 ${formatMs(summaryTimes.median)}; placed ${Math.min(...placed)}-${Math.max(...placed)} of ${city.plan.toPlace.length}; ` +
        `check ${failures === 0 ? 'ok on every run' : `FAILED (${failures} errors)`}`,
    );
  } finally {
    await db.end();
    await server?.stop();
  }
  if (failures > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
