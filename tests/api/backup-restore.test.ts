import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { seedIfEmpty } from '@/db/seed';
import { getDb } from '@/lib/server/core/db';
import { backupDatabase, restoreDatabase } from '@/scripts/db-dump';
import { withDatabase } from './setup/global-database';

const folder = mkdtempSync(path.join(tmpdir(), 'fieldops-backup-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Every table of every schema but the catalogs: its row count and a hash of its rows in a fixed order. */
async function tableFingerprints(url: string): Promise<Record<string, { rows: number; hash: string }>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>(`
      select format('%I.%I', schemaname, tablename) as name from pg_tables
      where schemaname not in ('pg_catalog', 'information_schema') order by 1`);
    const fingerprints: Record<string, { rows: number; hash: string }> = {};
    for (const { name } of tables) {
      const { rows } = await client.query<{ rows: number; hash: string | null }>(
        `select count(*)::int as rows, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as hash from ${name} t`,
      );
      fingerprints[name] = { rows: rows[0].rows, hash: rows[0].hash ?? '' };
    }
    return fingerprints;
  } finally {
    await client.end();
  }
}

describe('npm run db:backup / db:restore', () => {
  it.runIf(process.env.DATABASE_URL)('restores a seeded database into a fresh one with every table row for row', async () => {
    const sourceUrl = process.env.DATABASE_URL ?? '';
    expect(await seedIfEmpty(await getDb())).toBe(true);
    const file = path.join(folder, 'demo.dump');
    await backupDatabase(sourceUrl, file);

    const source = new URL(sourceUrl).pathname.slice(1);
    // Named like the file's own database, so the run's cleanup drops it even if this test stops half-way.
    const target = source.replace(/^fieldops_t/, 'fieldops_tr');
    const admin = new pg.Client({ connectionString: withDatabase(sourceUrl, 'postgres') });
    await admin.connect();
    await admin.query(`create database "${target}"`);
    try {
      await restoreDatabase(withDatabase(sourceUrl, target), file);
      const before = await tableFingerprints(sourceUrl);
      const after = await tableFingerprints(withDatabase(sourceUrl, target));
      expect(Object.keys(before)).toContain('public.tasks');
      expect(before['public.tasks'].rows).toBeGreaterThan(0);
      expect(after).toEqual(before);
    } finally {
      await admin.query(`drop database if exists "${target}" with (force)`);
      await admin.end();
    }
  });
});
