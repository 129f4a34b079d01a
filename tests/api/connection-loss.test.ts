import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { getDb, queryRows } from '@/lib/server/core/db';
import { taskChangeHub, type TaskChangeEvent } from '@/lib/server/http/live/hub';
import { publishTaskChange } from '@/lib/server/messaging/live/publish';
import { createCompany } from './setup/fixtures';

let tenantId: number;

beforeAll(async () => {
  tenantId = (await createCompany()).tenantId;
  // The lost connections are logged at warn; here they are the point, not news.
  vi.stubEnv('LOG_LEVEL', 'error');
});

afterAll(() => {
  vi.unstubAllEnvs();
});

/** Ends this database's other backends that match `where` (as a PostgreSQL restart or an operator would). */
async function terminate(where: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ ended: number }>(await getDb(), sql`
    select count(*) filter (where pg_terminate_backend(pid))::int as ended from pg_stat_activity
    where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend' and ${where}`);
  return row.ended;
}

describe.runIf(process.env.DATABASE_URL)('PostgreSQL connections ended under the app', () => {
  it('loses no idle pooled connection error to a crash: the next query opens a new connection', async () => {
    const db = await getDb();
    await Promise.all([1, 2, 3].map(() => db.execute(sql`select pg_sleep(0.05)`)));
    expect(await terminate(sql`state = 'idle'`)).toBeGreaterThan(0);
    const [row] = await queryRows<{ one: number }>(db, sql`select 1 as one`);
    expect(row.one).toBe(1);
  });

  it('reconnects the live stream LISTEN connection and delivers the changes committed while it was down', async () => {
    const received: TaskChangeEvent[] = [];
    const unsubscribe = await taskChangeHub().subscribe(tenantId, null, (event) => received.push(event));
    try {
      expect(await terminate(sql`query ilike 'listen%'`)).toBeGreaterThan(0);
      await publishTaskChange(await getDb(), { tenantId, taskId: 7, kind: 'updated', payload: { id: 7 } });
      await expect.poll(() => received.map((event) => event.taskId), { timeout: 10_000, interval: 100 }).toEqual([7]);
      await publishTaskChange(await getDb(), { tenantId, taskId: 8, kind: 'updated', payload: { id: 8 } });
      await expect.poll(() => received.map((event) => event.taskId), { timeout: 10_000, interval: 100 }).toEqual([7, 8]);
    } finally {
      unsubscribe();
    }
  });
});
