import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { largeTenantName } from '../../db/seed/large';

/**
 * The 100,000-task Bench Co database the HTTP benchmarks share. benchDatabase() creates fieldops_bench_api on the
 * server DATABASE_URL names when missing and seeds it (idempotent: the seed adds only the tasks Bench Co is
 * missing). benchDatabaseCopy() gives a bench that writes a copy of it of its own, so that the tasks, notes and
 * schedule moves it makes never change what the read-only benchmarks measure.
 */
export const benchDatabaseName = 'fieldops_bench_api';

function serverUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL must name the PostgreSQL server (any database on it)');
  return url;
}

/** The URL of `databaseName` on the server DATABASE_URL names. */
export function databaseUrlOf(databaseName: string): string {
  const url = new URL(serverUrl());
  url.pathname = `/${databaseName}`;
  return url.toString();
}

async function withServer<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl() });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

const databaseExists = async (admin: pg.Client, name: string) =>
  ((await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount ?? 0) > 0;

export async function benchDatabase(): Promise<string> {
  await withServer(async (admin) => {
    if (!(await databaseExists(admin, benchDatabaseName))) await admin.query(`create database ${benchDatabaseName}`);
  });
  const databaseUrl = databaseUrlOf(benchDatabaseName);
  const seeded = spawnSync('npx', ['tsx', 'db/seed/cli.ts', '--tasks', '100000'], { stdio: 'inherit', env: { ...process.env, DATABASE_URL: databaseUrl } });
  if (seeded.status !== 0) throw new Error('seeding the bench database failed');
  return databaseUrl;
}

/**
 * A copy of the seeded bench database under `copyName`, made once (CREATE DATABASE … TEMPLATE, which needs nobody
 * else connected to fieldops_bench_api at that moment) and reused by later runs with whatever they wrote.
 */
export async function benchDatabaseCopy(copyName: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(copyName)) throw new Error(`not a plain database name: ${copyName}`);
  const exists = await withServer((admin) => databaseExists(admin, copyName));
  if (!exists) {
    await benchDatabase();
    await withServer((admin) => admin.query(`create database ${copyName} template ${benchDatabaseName}`));
  }
  return databaseUrlOf(copyName);
}

/** The first upcoming task of Bench Co. */
export async function benchTaskId(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number }>(
      `select t.id from tasks t join tenants n on n.id = t.tenant_id
        where n.display_name = $1 and t.deleted is null and t.appointment_date >= now() order by t.appointment_date limit 1`,
      [largeTenantName],
    );
    if (!rows[0]) throw new Error('Bench Co has no upcoming task');
    return rows[0].id;
  } finally {
    await client.end();
  }
}
