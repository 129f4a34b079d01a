import pg from 'pg';
import type { TestProject } from 'vitest/node';

/**
 * With DATABASE_URL (PostgreSQL), migrates one template database for the run; each test file then gets its own
 * copy of it. Without it, each file migrates its own in-memory PGlite instead.
 */
export default async function setup(project: TestProject) {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) return;
  const templateName = `fieldops_tpl_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database "${templateName}"`);
  await admin.end();

  const templateUrl = withDatabase(baseUrl, templateName);
  process.env.DATABASE_URL = templateUrl;
  const { connection, closeConnection } = await import('../../../lib/server/core/db');
  await (await connection()).migrate();
  await closeConnection();
  process.env.DATABASE_URL = baseUrl;

  project.provide('templateDatabase', templateName);
  return async () => {
    const cleaner = new pg.Client({ connectionString: baseUrl });
    await cleaner.connect();
    const { rows } = await cleaner.query<{ datname: string }>(
      `select datname from pg_database where datname like $1`,
      [`fieldops_t%_${process.pid}_%`],
    );
    for (const row of rows) await cleaner.query(`drop database if exists "${row.datname}" with (force)`);
    await cleaner.end();
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: string;
  }
}
