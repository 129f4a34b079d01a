import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '@/lib/server/core/db';

/*
 * The counts live in rate_limits, which the tenant role cannot touch: every call goes through SECURITY DEFINER
 * functions (migration 0014), so they work the same on the process's own connection and on a tenant's.
 */

/**
 * Counts one attempt for `key` in a fixed window kept in the database, so every app instance shares the
 * count. Answers whether this attempt is still within `limit`.
 */
export async function takeAttempt(db: DbOrTx, key: string, limit: number, windowMs: number): Promise<boolean> {
  const sweepStale = Math.random() < staleSweepChance;
  const rows = await queryRows<{ count: number }>(
    db,
    sql`select take_rate_limit_attempt(${key}, ${Math.round(windowMs)}::bigint, ${sweepStale}) as count`,
  );
  return Number(rows[0]?.count ?? 0) <= limit;
}

/** Forgets the attempts counted for `key`: a correct password ends an account's run of failures. */
export async function clearAttempts(db: DbOrTx, key: string): Promise<void> {
  await db.execute(sql`select clear_rate_limit_attempts(${key})`);
}

/**
 * Gives back one attempt counted for `key`: a budget that should count only failures still takes every attempt up
 * front (so a burst of concurrent tries cannot all slip past the check) and returns the ones that succeeded.
 */
export async function refundAttempt(db: DbOrTx, key: string): Promise<void> {
  await db.execute(sql`select refund_rate_limit_attempt(${key})`);
}

/** About one attempt in a hundred also clears windows long over, so the table stays small without a job. */
const staleSweepChance = 0.01;
