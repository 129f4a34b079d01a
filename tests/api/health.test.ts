import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { GET } from '@/app/api/health/route';
import { closeConnection, getDb, queryRows } from '@/lib/server/core/db';
import { startOutboxRunner } from '@/lib/server/messaging/outbox/runner';

interface HealthBody {
  status: string;
  checks: Record<'database' | 'migrations' | 'jobs', { ok: boolean; detail: string }>;
}

async function healthNow(): Promise<{ status: number; body: HealthBody; text: string }> {
  const response = await GET();
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as HealthBody, text };
}

describe('GET /api/health', () => {
  it('answers 503 naming the jobs check when no process runs the background jobs', async () => {
    const { status, body } = await healthNow();
    expect(status).toBe(503);
    expect(body.status).toBe('failing');
    expect(body.checks.database.ok).toBe(true);
    expect(body.checks.migrations).toMatchObject({ ok: true });
    expect(body.checks.jobs.ok).toBe(false);
  });

  it('answers 200 while this process runs the jobs', async () => {
    const runner = await startOutboxRunner();
    try {
      const { status, body } = await healthNow();
      expect(status).toBe(200);
      expect(body).toMatchObject({ status: 'ok', checks: { jobs: { ok: true, detail: 'running in this process' } } });
    } finally {
      await runner.stop();
    }
  });

  it.runIf(process.env.DATABASE_URL)('counts a worker elsewhere by its pg-boss heartbeat, and not once the heartbeat is old', async () => {
    const db = await getDb();
    // A pg-boss instance in another process shows itself only by the cron stamp it keeps fresh in pgboss.version.
    const worker = (heartbeat: string) => sql`update pgboss.version set cron_on = now() - ${heartbeat}::interval`;
    await db.execute(worker('5 minutes'));
    expect((await healthNow()).body.checks.jobs.ok).toBe(false);
    await db.execute(worker('10 seconds'));
    const { status, body } = await healthNow();
    expect(status).toBe(200);
    expect(body.checks.jobs.detail).toContain('heartbeat');
  });

  it('answers 503 naming the pending migration when the database is behind the journal', async () => {
    const db = await getDb();
    const [last] = await queryRows<{ id: number; hash: string; created_at: string }>(
      db,
      sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    await db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last.id}`);
    try {
      const { status, body } = await healthNow();
      expect(status).toBe(503);
      expect(body.checks.migrations.ok).toBe(false);
      expect(body.checks.migrations.detail).toMatch(/^pending: \d{4}_/);
    } finally {
      await db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last.id}, ${last.hash}, ${last.created_at})`);
    }
    expect((await healthNow()).body.checks.migrations.ok).toBe(true);
  });

  it('answers 503 within its timeout when the database is unreachable, and names no host, user or database', async () => {
    const saved = process.env.DATABASE_URL;
    await closeConnection();
    process.env.DATABASE_URL = 'postgres://secret-user:secret-pass@127.0.0.1:1/secret_db';
    try {
      const started = Date.now();
      const { status, body, text } = await healthNow();
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(status).toBe(503);
      expect(body.checks.database.ok).toBe(false);
      expect(text).not.toMatch(/secret|127\.0\.0\.1|postgres:/);
    } finally {
      await closeConnection();
      if (saved === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = saved;
    }
  });
});
