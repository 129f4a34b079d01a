/**
 * Next.js calls register() once when the server starts: the outbox delivery job runs inside the web server, so
 * `npm start` needs no second command. Not while building, not on the edge runtime, and not when OUTBOX_WORKER=off
 * (tests, or an install that runs `npm run worker` apart).
 */
export async function register(): Promise<void> {
  const { env } = await import('@/lib/server/env');
  if (env.nextRuntime !== 'nodejs' || env.nextPhase === 'phase-production-build' || !env.outboxWorkerInServer) return;
  const { startOutboxRunner } = await import('@/lib/server/outbox/runner');
  await startOutboxRunner().catch((error: unknown) => console.error('The outbox delivery job did not start', error));
}
