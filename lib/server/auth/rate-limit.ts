import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@/lib/server/db/client';

/**
 * Counts one attempt for `key` in a fixed window kept in the database, so every app instance shares the
 * count. Answers whether this attempt is still within `limit`.
 */
export async function takeAttempt(db: Db, key: string, limit: number, windowMs: number): Promise<boolean> {
  const window = `${windowMs} milliseconds`;
  const rows = await queryRows<{ count: number }>(db, sql`
    insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      window_start = case when rate_limits.window_start <= now() - ${window}::interval
                          then now() else rate_limits.window_start end,
      count = case when rate_limits.window_start <= now() - ${window}::interval
                   then 1 else rate_limits.count + 1 end
    returning count`);
  const count = Number(rows[0]?.count ?? 0);
  if (Math.random() < staleSweepChance) {
    await db.execute(sql`delete from rate_limits where window_start < now() - interval '1 hour'`);
  }
  return count <= limit;
}

/** Forgets the attempts counted for `key`: a correct password ends an account's run of failures. */
export async function clearAttempts(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/**
 * Gives back one attempt counted for `key`: a budget that should count only failures still takes every attempt up
 * front (so a burst of concurrent tries cannot all slip past the check) and returns the ones that succeeded.
 */
export async function refundAttempt(db: Db, key: string): Promise<void> {
  await db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key}`);
}

/** About one attempt in a hundred also clears windows long over, so the table stays small without a job. */
const staleSweepChance = 0.01;
