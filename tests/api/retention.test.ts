import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { getDb, queryRows } from '@/lib/server/core/db';
import { startOutboxRunner } from '@/lib/server/messaging/outbox/runner';
import { purgeExpired } from '@/lib/server/messaging/retention/purge';
import { seedTask, taskCompany, type TaskCompany } from './tasks/helpers';

let company: TaskCompany;
let taskId: number;

beforeAll(async () => {
  company = await taskCompany();
  taskId = await seedTask(company.tenantId, { typeId: company.types.repair });
});

/** Each kind of row, one past its use ("old") and one still needed ("fresh"), told apart by a marker. */
async function seedOldAndFresh(): Promise<void> {
  const db = await getDb();
  const { tenantId } = company;
  const userId = company.owner.id;
  const ago = (interval: string) => sql`now() - ${interval}::interval`;
  const ahead = (interval: string) => sql`now() + ${interval}::interval`;
  await db.execute(sql`
    insert into task_changes (tenant_id, seq, task_id, kind, payload, created) values
      (${tenantId}, 1, ${taskId}, 'updated', '{"marker":"old"}', ${ago('8 days')}),
      (${tenantId}, 2, ${taskId}, 'updated', '{"marker":"fresh"}', ${ago('6 days')})`);
  await db.execute(sql`
    insert into rate_limits (key, window_start, count) values
      ('old', ${ago('61 minutes')}, 3), ('fresh', ${ago('10 seconds')}, 3)`);
  await db.execute(sql`
    insert into sessions (user_id, token, expires_at) values
      (${userId}, 'old', ${ago('1 minute')}), (${userId}, 'fresh', ${ahead('1 day')})`);
  await db.execute(sql`
    insert into verifications (identifier, value, expires_at) values
      ('old', 'v', ${ago('1 minute')}), ('fresh', 'v', ${ahead('1 hour')})`);
  await db.execute(sql`
    insert into password_reset_tokens (tenant_id, user_id, token_hash, expires, used) values
      (${tenantId}, ${userId}, 'old', ${ago('1 minute')}, null),
      (${tenantId}, ${userId}, 'old-used', ${ago('1 minute')}, ${ago('30 minutes')}),
      (${tenantId}, ${userId}, 'fresh', ${ahead('30 minutes')}, null)`);
  await db.execute(sql`
    insert into task_access_tokens (tenant_id, task_id, purpose, token_hash, expires) values
      (${tenantId}, ${taskId}, 'FEEDBACK', 'old', ${ago('1 minute')}),
      (${tenantId}, ${taskId}, 'TRACKING', 'fresh', ${ahead('1 day')})`);
  await db.execute(sql`
    insert into idempotency_keys (tenant_id, user_id, key, request, status, response, created, completed) values
      (${tenantId}, ${userId}, 'old', 'POST /x', 200, '{}', ${ago('25 hours')}, ${ago('25 hours')}),
      (${tenantId}, ${userId}, 'fresh', 'POST /x', 200, '{}', ${ago('23 hours')}, ${ago('23 hours')})`);
  // An import is kept whole while any of its lines is recent: "fresh" wrote a line 29 days ago after one 31 days ago.
  await db.execute(sql`
    insert into csv_import_lines (tenant_id, import_id, line, created) values
      (${tenantId}, 'old', 2, ${ago('32 days')}), (${tenantId}, 'old', 3, ${ago('31 days')}),
      (${tenantId}, 'fresh', 2, ${ago('31 days')}), (${tenantId}, 'fresh', 3, ${ago('29 days')})`);
  await db.execute(sql`
    insert into outbox (tenant_id, channel, recipient, body, status, sent_at, created) values
      (${tenantId}, 'EMAIL', 'old@example.test', 'b', 'SENT', ${ago('91 days')}, ${ago('91 days')}),
      (${tenantId}, 'EMAIL', 'fresh@example.test', 'b', 'SENT', ${ago('89 days')}, ${ago('91 days')}),
      (${tenantId}, 'EMAIL', 'pending@example.test', 'b', 'PENDING', null, ${ago('200 days')}),
      (${tenantId}, 'EMAIL', 'failed@example.test', 'b', 'FAILED', null, ${ago('200 days')})`);
}

/** The seeded rows still there (signing in wrote sessions and rate-limit rows of its own). */
async function markers(query: ReturnType<typeof sql>): Promise<string[]> {
  const rows = await queryRows<{ marker: string }>(await getDb(), query);
  return rows.map((row) => row.marker).filter((marker) => /^(old|fresh|pending|failed)/.test(marker)).sort();
}

describe('the retention job', () => {
  it('deletes each kind of row past its use and keeps the fresh ones', async () => {
    await seedOldAndFresh();
    const purged = await purgeExpired(await getDb(), { taskChangesDays: 7, sentOutboxDays: 90 });
    expect(purged).toEqual({
      taskChanges: 1,
      rateLimits: 1,
      sessions: 1,
      verifications: 1,
      passwordResetTokens: 2,
      taskAccessTokens: 1,
      idempotencyKeys: 1,
      csvImportLines: 2,
      sentOutbox: 1,
    });
    expect(await markers(sql`select payload->>'marker' as marker from task_changes`)).toEqual(['fresh']);
    expect(await markers(sql`select key as marker from rate_limits`)).toEqual(['fresh']);
    expect(await markers(sql`select token as marker from sessions`)).toEqual(['fresh']);
    expect(await markers(sql`select identifier as marker from verifications`)).toEqual(['fresh']);
    expect(await markers(sql`select token_hash as marker from password_reset_tokens`)).toEqual(['fresh']);
    expect(await markers(sql`select token_hash as marker from task_access_tokens`)).toEqual(['fresh']);
    expect(await markers(sql`select key as marker from idempotency_keys`)).toEqual(['fresh']);
    expect(await markers(sql`select import_id as marker from csv_import_lines`)).toEqual(['fresh', 'fresh']);
    expect(await markers(sql`select recipient as marker from outbox`)).toEqual(['failed@example.test', 'fresh@example.test', 'pending@example.test']);
  });

  it('follows the policy it is given, and a second run finds nothing more', async () => {
    const purged = await purgeExpired(await getDb(), { taskChangesDays: 5, sentOutboxDays: 30 });
    expect(purged).toMatchObject({ taskChanges: 1, sentOutbox: 1, sessions: 0 });
    expect(Object.values(await purgeExpired(await getDb(), { taskChangesDays: 5, sentOutboxDays: 30 })).every((count) => count === 0)).toBe(true);
  });
});

describe('the retention job on pg-boss', () => {
  it.runIf(process.env.DATABASE_URL)('is scheduled daily and runs once when the jobs start', async () => {
    const db = await getDb();
    await db.execute(sql`insert into rate_limits (key, window_start, count) values ('old-at-start', now() - interval '2 hours', 1)`);
    const runner = await startOutboxRunner();
    try {
      await expect
        .poll(async () => markers(sql`select key as marker from rate_limits where key = 'old-at-start'`), { timeout: 20_000, interval: 200 })
        .toEqual([]);
      const schedules = await queryRows<{ cron: string }>(db, sql`select cron from pgboss.schedule where name = 'retention'`);
      expect(schedules).toEqual([{ cron: '17 3 * * *' }]);
    } finally {
      await runner.stop();
    }
  });
});
