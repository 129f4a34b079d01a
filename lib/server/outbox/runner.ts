import 'server-only';
import { PgBoss } from 'pg-boss';
import { getDb } from '@/lib/server/db/client';
import { env } from '@/lib/server/env';
import { deliverDueMessages } from './send';

const queue = 'outbox-deliver';

export interface OutboxRunner {
  stop(): Promise<void>;
}

async function runRound(): Promise<void> {
  const round = await deliverDueMessages(await getDb());
  if (round.sent + round.failed > 0) console.log(`outbox: ${round.sent} sent, ${round.failed} failed`);
}

/**
 * Starts the delivery job. On PostgreSQL, pg-boss queues a delivery round every OUTBOX_INTERVAL_MS (a singleton per
 * interval, so any number of servers and workers queue one round between them) and its workers run it; the sender's
 * row locks keep two rounds from taking the same message anyway. On the embedded database (one process by
 * definition) a plain timer runs the rounds.
 */
export async function startOutboxRunner(): Promise<OutboxRunner> {
  const intervalMs = env.outboxIntervalMs;
  const databaseUrl = env.databaseUrl;
  if (!databaseUrl) {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      runRound()
        .catch((error: unknown) => console.error('outbox round failed', error))
        .finally(() => {
          running = false;
        });
    }, intervalMs);
    return { stop: async () => clearInterval(timer) };
  }
  const boss = new PgBoss({ connectionString: databaseUrl, max: 2 });
  boss.on('error', (error: unknown) => console.error('pg-boss', error));
  await boss.start();
  await boss.createQueue(queue);
  await boss.work(queue, { pollingIntervalSeconds: Math.max(1, Math.round(intervalMs / 2000)) }, async () => {
    await runRound();
  });
  const singletonSeconds = Math.max(1, Math.round(intervalMs / 1000));
  const enqueue = () => {
    boss.send(queue, {}, { singletonKey: 'round', singletonSeconds }).catch((error: unknown) => console.error('outbox enqueue failed', error));
  };
  enqueue();
  const timer = setInterval(enqueue, intervalMs);
  return {
    async stop() {
      clearInterval(timer);
      await boss.stop({ graceful: true });
    },
  };
}

/** The delivery job inside the web server, unless OUTBOX_WORKER=off; a failure to start leaves the server serving. */
export async function startOutboxInServer(): Promise<void> {
  if (!env.outboxWorkerInServer) return;
  await startOutboxRunner().catch((error: unknown) => console.error('The outbox delivery job did not start', error));
}
