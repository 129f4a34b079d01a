import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * The app as `npm start` serves it, on a database of its own: a new PostgreSQL database when DATABASE_URL is
 * set, else a fresh PGlite folder. The start script then migrates and seeds the demo into it.
 */
async function freshDatabase(): Promise<void> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    process.env.PGLITE_DIR = mkdtempSync(path.join(tmpdir(), 'fieldops-e2e-'));
    rmSync(e2eDatabaseFile(process.env.PORT ?? '3100'), { force: true });
    return;
  }
  const name = `fieldops_e2e_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await dropFinishedRuns(admin);
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  // The specs that must set up what no screen can yet (a first-login user) find this run's database here.
  writeFileSync(e2eDatabaseFile(process.env.PORT ?? '3100'), process.env.DATABASE_URL, { mode: 0o600 });
}

/** Where a run on this port leaves its database's address for the specs (tests/e2e/support/database.ts). */
export function e2eDatabaseFile(port: string): string {
  return path.join(tmpdir(), `fieldops-e2e-${port}.database-url`);
}

/** A run's database is named fieldops_e2e_<pid>_<epoch ms>; one older than this is a finished run's. */
const finishedAfterMs = 6 * 60 * 60 * 1000;

/**
 * Earlier runs' databases, once they are hours old and nothing is connected to them: a run still building its app
 * holds no connection yet, so age alone protects it, and a plain drop refuses a database in use.
 */
async function dropFinishedRuns(admin: pg.Client): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where datname like 'fieldops\\_e2e\\_%'`);
  for (const { datname } of rows) {
    const createdAt = Number(datname.split('_').at(-1));
    if (!Number.isFinite(createdAt) || Date.now() - createdAt < finishedAfterMs) continue;
    await admin.query(`drop database if exists "${datname}"`).catch(() => undefined);
  }
}

await freshDatabase();
process.env.APP_URL = `http://localhost:${process.env.PORT ?? '3100'}`;
await import('./start');
