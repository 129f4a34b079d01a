import { startOutboxRunner } from '@/lib/server/outbox/runner';
import { prepareDatabase } from './prepare-database';

/**
 * `npm run worker`: the background jobs (outbox delivery) as their own process, for installs that run them apart
 * from the web servers (then start those with OUTBOX_WORKER=off). Needs PostgreSQL (DATABASE_URL).
 */
async function main(): Promise<void> {
  // The embedded database belongs to the one process that opened it: a worker beside the server needs PostgreSQL.
  if (!process.env.DATABASE_URL) throw new Error('npm run worker needs DATABASE_URL (PostgreSQL).');
  await prepareDatabase({ seed: false });
  const runner = await startOutboxRunner();
  console.log('Worker running: outbox delivery');
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
