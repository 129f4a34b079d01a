import 'server-only';
import PgBoss from 'pg-boss';
import bossVersion from 'pg-boss/version.json';
import { sql } from 'drizzle-orm';
import { getDb, queryRows } from '@/lib/server/core/db';
import { env } from '@/lib/server/core/env';
import { errorFields, log } from '@/lib/server/core/log';
import { purgeExpired } from '@/lib/server/messaging/retention/purge';
import { deliverDueMessages } from './send';

const queue = 'outbox-deliver';
const retentionQueue = 'retention';
/** Daily, at a quiet hour (UTC); pg-boss queues it once however many servers and workers run. */
const retentionCron = '17 3 * * *';
const dayMs = 86_400_000;

export interface OutboxRunner {
  stop(): Promise<void>;
}

async function runRound(): Promise<void> {
  const round = await deliverDueMessages(await getDb());
  if (round.sent + round.failed > 0) log.info('outbox round', { sent: round.sent, failed: round.failed });
}

async function runRetention(): Promise<void> {
  log.info('retention', { deleted: await purgeExpired(await getDb()) });
}

const startedKey = Symbol.for('fieldops.jobsStarted');
type GlobalWithJobs = typeof globalThis & { [startedKey]?: Date };

/** When this process started the background jobs, if it did (GET /api/health reads it). */
export function jobsStartedHere(): Date | undefined {
  return (globalThis as GlobalWithJobs)[startedKey];
}

/** A timer that skips a tick while the previous run of the same job is still going. */
function everyInterval(intervalMs: number, job: () => Promise<void>, what: string, runNow: boolean): NodeJS.Timeout {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    job()
      .catch((error: unknown) => log.error(`${what} failed`, errorFields(error)))
      .finally(() => {
        running = false;
      });
  };
  if (runNow) tick();
  return setInterval(tick, intervalMs);
}

/**
 * A database whose pgboss schema a newer pg-boss wrote (12.x, before the project moved to 10.x, the last that runs on
 * Node 20) would make this one fail on tables it does not know. That schema holds only delivery-round triggers and the
 * retention schedule, both made again at start (the messages themselves are the outbox's rows), so it is dropped.
 */
export async function dropNewerBossSchema(): Promise<boolean> {
  const db = await getDb();
  const [installed] = await queryRows<{ version: number }>(
    db,
    sql`select version from pgboss.version`,
  ).catch(() => []);
  if (!installed || Number(installed.version) <= bossVersion.schema) return false;
  log.warn('dropping a newer pg-boss schema', { found: Number(installed.version), known: bossVersion.schema });
  await db.execute(sql`drop schema pgboss cascade`);
  return true;
}

/**
 * Starts the background jobs: outbox delivery and the daily retention job (lib/server/messaging/retention). On PostgreSQL,
 * pg-boss queues a delivery round every OUTBOX_INTERVAL_MS (a singleton per interval, so any number of servers and
 * workers queue one round between them) and its workers run it; the sender's row locks keep two rounds from taking
 * the same message anyway. Retention runs on pg-boss's daily schedule and once at start. On the embedded database
 * (one process by definition) plain timers run both.
 */
export async function startOutboxRunner(): Promise<OutboxRunner> {
  const intervalMs = env.outboxIntervalMs;
  const databaseUrl = env.databaseUrl;
  if (!databaseUrl) {
    const timers = [
      everyInterval(intervalMs, runRound, 'outbox round', false),
      everyInterval(dayMs, runRetention, 'retention', true),
    ];
    (globalThis as GlobalWithJobs)[startedKey] = new Date();
    return { stop: async () => timers.forEach(clearInterval) };
  }
  await dropNewerBossSchema();
  const boss = new PgBoss({ connectionString: databaseUrl, max: 2 });
  boss.on('error', (error: unknown) => log.error('pg-boss', errorFields(error)));
  await boss.start();
  await boss.createQueue(queue);
  await boss.work(queue, { pollingIntervalSeconds: Math.max(1, Math.round(intervalMs / 2000)) }, async () => {
    await runRound();
  });
  await boss.createQueue(retentionQueue);
  await boss.work(retentionQueue, async () => {
    await runRetention();
  });
  await boss.schedule(retentionQueue, retentionCron);
  // At start too, so an install that restarts more often than daily still purges; one run per hour at most.
  await boss.send(retentionQueue, {}, { singletonKey: 'start', singletonSeconds: 3600 });
  const singletonSeconds = Math.max(1, Math.round(intervalMs / 1000));
  const enqueue = () => {
    boss
      .send(queue, {}, { singletonKey: 'round', singletonSeconds })
      .catch((error: unknown) => log.error('outbox enqueue failed', errorFields(error)));
  };
  enqueue();
  const timer = setInterval(enqueue, intervalMs);
  (globalThis as GlobalWithJobs)[startedKey] = new Date();
  return {
    async stop() {
      clearInterval(timer);
      (globalThis as GlobalWithJobs)[startedKey] = undefined;
      await boss.stop({ graceful: true });
    },
  };
}

/** The background jobs inside the web server, unless OUTBOX_WORKER=off; a failure to start leaves the server serving. */
export async function startOutboxInServer(): Promise<void> {
  if (!env.outboxWorkerInServer) return;
  await startOutboxRunner().catch((error: unknown) => log.error('The background jobs did not start', errorFields(error)));
}
