import { sql, type SQL } from 'drizzle-orm';
import { csvImportRecordDays } from '@/lib/contract/csv-import';
import { queryRows, type DbOrTx } from '@/lib/server/core/db';
import { env } from '@/lib/server/core/env';

export interface RetentionPolicy {
  /** Days of task_changes kept: how long a live-stream client may stay away and still resume where it stopped. */
  taskChangesDays: number;
  /** Days a sent message stays in the outbox (Settings → Outbox) after it went out. */
  sentOutboxDays: number;
}

export function retentionPolicy(): RetentionPolicy {
  return { taskChangesDays: env.retentionTaskChangesDays, sentOutboxDays: env.retentionSentOutboxDays };
}

export type PurgedRows = Record<
  | 'taskChanges'
  | 'rateLimits'
  | 'sessions'
  | 'verifications'
  | 'passwordResetTokens'
  | 'taskAccessTokens'
  | 'idempotencyKeys'
  | 'csvImportLines'
  | 'sentOutbox',
  number
>;

/**
 * The deletions, each a rule that needs no other table:
 * - task_changes: the stream resumes from Last-Event-ID; a client away longer than the policy gets what remains
 *   (the screens load their data afresh when they open, the stream only keeps them current). The next event
 *   number lives on the tenant row, never in this table, so emptying it restarts no numbering.
 * - rate_limits: the longest window is an hour (lib/server/core/rate-limit.ts sweeps the same age at random).
 * - sessions, verifications, reset and access tokens: an expired one already answers like an unknown one.
 * - idempotency_keys: a key may be used again after 24 hours (lib/server/http/idempotency.ts).
 * - csv_import_lines: an import is forgotten whole once its last line landed csvImportRecordDays ago, never
 *   line by line (a half-forgotten import would let a re-import write its older lines twice).
 * - outbox: only SENT messages; pending and failed ones stay for the owner to read and retry.
 */
function deletions(policy: RetentionPolicy): Record<keyof PurgedRows, SQL> {
  const days = (count: number) => sql`now() - ${`${count} days`}::interval`;
  return {
    taskChanges: sql`delete from task_changes where created < ${days(policy.taskChangesDays)}`,
    rateLimits: sql`delete from rate_limits where window_start < now() - interval '1 hour'`,
    sessions: sql`delete from sessions where expires_at < now()`,
    verifications: sql`delete from verifications where expires_at < now()`,
    passwordResetTokens: sql`delete from password_reset_tokens where expires < now()`,
    taskAccessTokens: sql`delete from task_access_tokens where expires < now()`,
    idempotencyKeys: sql`delete from idempotency_keys where created < now() - interval '24 hours'`,
    csvImportLines: sql`delete from csv_import_lines line using (
        select tenant_id, import_id from csv_import_lines group by 1, 2 having max(created) < ${days(csvImportRecordDays)}
      ) old where line.tenant_id = old.tenant_id and line.import_id = old.import_id`,
    sentOutbox: sql`delete from outbox where status = 'SENT' and coalesce(sent_at, created) < ${days(policy.sentOutboxDays)}`,
  };
}

/** Deletes the rows past their use in every tenant (a maintenance job, not a tenant's call); answers the counts. */
export async function purgeExpired(db: DbOrTx, policy: RetentionPolicy = retentionPolicy()): Promise<PurgedRows> {
  const purged = {} as PurgedRows;
  for (const [kind, deletion] of Object.entries(deletions(policy)) as [keyof PurgedRows, SQL][]) {
    const [row] = await queryRows<{ count: number }>(db, sql`with gone as (${deletion} returning 1) select count(*)::int as count from gone`);
    purged[kind] = Number(row?.count ?? 0);
  }
  return purged;
}
