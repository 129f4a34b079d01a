import pg from 'pg';
import { addDays, localToday } from '../db/seed/calendar';
import { DEFAULT_CITY } from './city';
import { startApp } from './lib/app-server';
import { cityTimeZone, freshMigratedDatabase, seedCity, type SeededCity } from './lib/city-seed';
import { autoScheduleCase } from './lib/restart-auto-schedule';
import { clientImportCase } from './lib/restart-client-import';
import type { CaseTally } from './lib/restart-kill';
import { taskImportCase } from './lib/restart-task-import';
import type { RunningApp } from './lib/restart-upload';
import { formatMs, summarise } from './lib/stats';

/**
 * Issue 18, "Load and faults": the server is killed (SIGKILL to `npm start`'s whole process group, a crash rather
 * than a shutdown) in the middle of a task CSV import, a client CSV import and an auto-schedule apply; each time the
 * bench waits until PostgreSQL has ended the dead server's backends, checks what the database holds with plain SQL,
 * restarts the app and checks it works again (the same file re-imported, the run undone or applied again).
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/restart-faults.ts \
 *     [--attempts 10] [--write-kills 3] [--port 5100] [--task-lines 5000] [--client-lines 20000] [--cases task,client,schedule]
 * DATABASE_URL names the server: the bench drops and creates h_restart_faults there, migrates it, seeds the demo
 * tenants (task files as dispatcher@demo.test, client files as owner@other.test) and the City Bench (auto-schedule
 * of tomorrow, 300 tasks, 30 workers, straight-line travel). Each case first times one unkilled request, then kills
 * at delays spread from 5 % to 95 % of that time (--attempts), then --write-kills more times the instant a write
 * statement of the request's transaction runs (pg_stat_activity, backend_xid set): between first write and commit. Prints per case: attempts, kills that landed mid-request,
 * outcomes (none / partial batches / complete), invariant violations; exit code 1 on any violation.
 * The machine's cores are shared with other work: request times, and so where a kill lands, vary from run to run.
 */
const flag = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const attempts = Number(flag('attempts', '10'));
const writeKills = Number(flag('write-kills', '3'));
const port = Number(flag('port', '5100'));
const taskLines = Number(flag('task-lines', '5000'));
const clientLines = Number(flag('client-lines', '20000'));
const cases = new Set(flag('cases', 'task,client,schedule').split(','));
const databaseName = 'h_restart_faults';

/** A fresh database with the demo tenants and the City Bench; answers its URL and the seeded city. */
async function prepare(adminUrl: string, day: string): Promise<{ databaseUrl: string; city: SeededCity }> {
  const databaseUrl = await freshMigratedDatabase(adminUrl, databaseName);
  process.env.DATABASE_URL = databaseUrl;
  const { connection, closeConnection } = await import('../lib/server/core/db');
  const { seedIfEmpty } = await import('../db/seed');
  try {
    const db = (await connection()).db;
    await seedIfEmpty(db);
    return { databaseUrl, city: await seedCity(db, day, DEFAULT_CITY) };
  } finally {
    await closeConnection();
  }
}

async function tenantOf(admin: pg.Client, username: string): Promise<number> {
  const { rows } = await admin.query<{ tenantId: number }>('select tenant_id as "tenantId" from users where username = $1', [username]);
  if (!rows[0]) throw new Error(`no user ${username}`);
  return rows[0].tenantId;
}

function report(tally: CaseTally): void {
  const outcomes = [...tally.outcomes].map(([outcome, count]) => `${outcome} ×${count}`).join(', ');
  const restarts = summarise(tally.restartMs.length > 0 ? tally.restartMs : [0]);
  console.log(`\n${tally.name}: unkilled request ${formatMs(tally.durationMs)}`);
  console.log(`  attempts ${tally.attempts}, killed mid-request ${tally.killedMidRequest}; outcomes: ${outcomes}`);
  console.log(`  restart until the app serves: median ${formatMs(restarts.median)}, max ${formatMs(restarts.max)}`);
  console.log(`  invariant violations: ${tally.violations.length}`);
  for (const violation of tally.violations.slice(0, 10)) console.log(`    VIOLATION ${violation}`);
  for (const note of tally.notes) console.log(`  note: ${note}`);
}

async function main(): Promise<void> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('Set DATABASE_URL to the PostgreSQL server (e.g. postgres://postgres@127.0.0.1:5432/postgres).');
  const day = addDays(localToday(cityTimeZone), 1);
  const { databaseUrl, city } = await prepare(adminUrl, day);
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  const options = { port, databaseUrl, env: { ROUTER_URL: null, LOG_LEVEL: 'warn' } };
  console.log(`database ${databaseName} seeded; starting the app on port ${port} (building first when the sources changed)…`);
  const app: RunningApp = { server: await startApp(options), options, admin };
  console.log(`app ready (log: ${app.server.logFile}); ${attempts} kills per case`);
  const run = Date.now().toString(36);
  const tallies: CaseTally[] = [];
  try {
    if (cases.has('task')) tallies.push(await taskImportCase(app, await tenantOf(admin, 'dispatcher@demo.test'), attempts, writeKills, taskLines, run));
    if (cases.has('client')) tallies.push(await clientImportCase(app, await tenantOf(admin, 'owner@other.test'), attempts, writeKills, clientLines, run));
    if (cases.has('schedule')) tallies.push(await autoScheduleCase(app, city, attempts, writeKills));
  } finally {
    await app.server.stop();
    await admin.end();
  }
  for (const tally of tallies) report(tally);
  const violations = tallies.reduce((sum, tally) => sum + tally.violations.length, 0);
  console.log(`\n${violations === 0 ? 'no invariant violated' : `FAIL: ${violations} invariant violation(s)`}`);
  if (violations > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
