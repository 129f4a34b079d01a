import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import bossVersion from 'pg-boss/version.json';
import { getDb, queryRows } from '@/lib/server/core/db';
import { startOutboxRunner } from '@/lib/server/messaging/outbox/runner';

describe('the jobs on a database pg-boss 12 prepared', () => {
  it.runIf(process.env.DATABASE_URL)('replace the newer pgboss schema with their own and start', async () => {
    const db = await getDb();
    const first = await startOutboxRunner();
    await first.stop();
    // What a 12.x install leaves: a higher schema version and tables 10.x does not know.
    await db.execute(sql`update pgboss.version set version = ${bossVersion.schema + 3}`);
    await db.execute(sql`create table pgboss.queue_stats_from_12 (id int)`);

    const runner = await startOutboxRunner();
    try {
      const [version] = await queryRows<{ version: number }>(db, sql`select version from pgboss.version`);
      expect(Number(version.version)).toBe(bossVersion.schema);
      const leftovers = await queryRows<{ name: string | null }>(db, sql`select to_regclass('pgboss.queue_stats_from_12')::text as name`);
      expect(leftovers).toEqual([{ name: null }]);
      const schedules = await queryRows<{ cron: string }>(db, sql`select cron from pgboss.schedule where name = 'retention'`);
      expect(schedules).toEqual([{ cron: '17 3 * * *' }]);
    } finally {
      await runner.stop();
    }
  });

  it.runIf(process.env.DATABASE_URL)('keep a pgboss schema of their own version', async () => {
    const db = await getDb();
    await db.execute(sql`create table pgboss.kept_marker (id int)`);
    const runner = await startOutboxRunner();
    try {
      const kept = await queryRows<{ name: string | null }>(db, sql`select to_regclass('pgboss.kept_marker')::text as name`);
      expect(kept).toEqual([{ name: 'pgboss.kept_marker' }]);
    } finally {
      await runner.stop();
    }
  });
});
