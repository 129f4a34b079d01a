import 'server-only';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { connection, migrationsFolder, queryRows, type Db } from '@/lib/server/core/db';
import { jobsStartedHere } from '@/lib/server/messaging/outbox/runner';

/** How long the database may take to answer `select 1` before it counts as unreachable. */
const databaseTimeoutMs = 2_000;
/**
 * Every running pg-boss instance (its cron monitor, on by default) stamps pgboss.version.cron_on when the stamp is
 * older than 30 s, checking every 30 s: a live one keeps it under a minute old. Two minutes allow one missed beat.
 */
const heartbeatWindow = '2 minutes';

export interface Check {
  ok: boolean;
  detail: string;
}

export interface Health {
  status: 'ok' | 'failing';
  checks: { database: Check; migrations: Check; jobs: Check };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The reason without the driver's detail: host names, users and database names stay out of a public answer. */
const failed = (what: string): Check => ({ ok: false, detail: what });

async function checkDatabase(): Promise<{ check: Check; db?: Db }> {
  const started = performance.now();
  try {
    const db = await withTimeout(
      connection().then((conn) => conn.db),
      databaseTimeoutMs,
    );
    await withTimeout(db.execute(sql`select 1`), databaseTimeoutMs);
    return { check: { ok: true, detail: `answered in ${Math.round(performance.now() - started)} ms` }, db };
  } catch {
    return { check: failed('unreachable or too slow') };
  }
}

interface JournalEntry {
  tag: string;
  when: number;
}

/** drizzle applies a migration when its journal time is after the last applied one's; the same rule finds the pending. */
async function checkMigrations(db: Db): Promise<Check> {
  const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  let lastApplied = 0;
  try {
    const [row] = await queryRows<{ last: string | number | null }>(db, sql`select max(created_at) as last from drizzle.__drizzle_migrations`);
    lastApplied = Number(row?.last ?? 0);
  } catch {
    return failed('no migration has been applied');
  }
  const pending = journal.entries.filter((entry) => entry.when > lastApplied).map((entry) => entry.tag);
  if (pending.length > 0) return failed(`pending: ${pending.join(', ')}`);
  return { ok: true, detail: `${journal.entries.length} applied` };
}

/** The jobs run here, or in another process (`npm run worker`, another server) whose pg-boss heartbeat is recent. */
async function checkJobs(db: Db | undefined): Promise<Check> {
  if (jobsStartedHere()) return { ok: true, detail: 'running in this process' };
  if (!db || (await connection()).kind !== 'postgres') return failed('not running');
  try {
    const [row] = await queryRows<{ seconds: number }>(db, sql`
      select extract(epoch from now() - cron_on)::int as seconds from pgboss.version
      where cron_on > now() - ${heartbeatWindow}::interval`);
    if (row) return { ok: true, detail: `running elsewhere: pg-boss heartbeat ${row.seconds} s ago` };
  } catch {
    // No pgboss schema yet: no process has ever started the jobs on this database.
  }
  return failed(`not running here and no heartbeat within ${heartbeatWindow}`);
}

export async function health(): Promise<Health> {
  const database = await checkDatabase();
  const migrations = database.db ? await checkMigrations(database.db).catch(() => failed('could not be read')) : failed('database unreachable');
  const jobs = await checkJobs(database.db);
  const checks = { database: database.check, migrations, jobs };
  return { status: Object.values(checks).every((check) => check.ok) ? 'ok' : 'failing', checks };
}
