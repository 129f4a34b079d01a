import { startOutboxRunner } from '@/lib/server/outbox/runner';
import { prepareDatabase } from './prepare-database';

/**
 * `npm run worker`: the background jobs (outbox delivery) as their own process, for installs that run them apart
 * from the web servers (then start those with OUTBOX_WORKER=off). Needs PostgreSQL (DATABASE_URL).
 */
async function main(): Promise<void> {
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
