import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { sessionCache } from '@/lib/server/people/auth/session-cache';
import { closeConnection, connection } from '@/lib/server/core/db';
import { withDatabase } from './global-database';

/** Every test file runs against a database of its own, migrated and empty. */
const baseUrl = process.env.DATABASE_URL;
if (baseUrl) {
  const template = inject('templateDatabase');
  const name = `fieldops_t${Math.random().toString(36).slice(2, 8)}_${template.split('_')[2]}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database "${name}" template "${template}"`);
  await admin.end();
  process.env.DATABASE_URL = withDatabase(baseUrl, name);
} else {
  process.env.PGLITE_DIR = 'memory://';
  await (await connection()).migrate();
}

afterAll(async () => {
  await sessionCache().close();
  await closeConnection();
});

afterAll(() => {
  // The auth instance and the live-update hub hold the closed connection; a later file must build new ones.
  const holder = globalThis as Record<symbol, unknown>;
  delete holder[Symbol.for('fieldops.auth')];
  delete holder[Symbol.for('fieldops.taskChangeHub')];
  delete holder[Symbol.for('fieldops.sessionCache')];
});
