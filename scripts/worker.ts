import { parseArgs } from 'node:util';
import { getDb } from '@/lib/server/core/db';
import { registerJobHandlers, startJobRunner } from '@/lib/server/jobs';
import { deliverDueMessages } from '@/lib/server/messaging/outbox/send';
import { prepareDatabase } from './prepare-database';

/**
 * `npm run worker`: the background jobs (outbox delivery, daily retention) as their own process, for installs that run them apart
 * from the web servers (then start those with OUTBOX_WORKER=off). Needs PostgreSQL (DATABASE_URL).
 *
 * `npm run worker -- --once [--to <address>]`: one delivery round of the messages due now, then exit; with --to,
 * only that recipient's. For draining by hand after an outage, and for tests that read a real mail while the rest
 * of the outbox stays queued.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { once: { type: 'boolean' }, to: { type: 'string' } } });
  // The embedded database belongs to the one process that opened it: a worker beside the server needs PostgreSQL.
  if (!process.env.DATABASE_URL) throw new Error('npm run worker needs DATABASE_URL (PostgreSQL).');
  if (values.to !== undefined && !values.once) throw new Error('--to goes with --once.');
  await prepareDatabase({ seed: false });
  if (values.once) {
    registerJobHandlers();
    const round = await deliverDueMessages(await getDb(), { recipient: values.to });
    console.log(`outbox: ${round.sent} sent, ${round.failed} failed`);
    process.exit(round.failed > 0 ? 1 : 0);
  }
  const runner = await startJobRunner();
  console.log('Worker running: outbox delivery, daily retention');
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      runner.stop().finally(() => process.exit(0));
    });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
