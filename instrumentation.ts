/**
 * Next.js calls register() once when the server starts: the outbox delivery job runs inside the web server, so
 * `npm start` needs no second command. Not while building, not on the edge runtime (NEXT_RUNTIME is read by its
 * literal name so Next.js drops the Node-only import from the edge bundle), and not when OUTBOX_WORKER=off (tests,
 * or an install that runs `npm run worker` apart).
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  const { startOutboxInServer } = await import('@/lib/server/outbox/runner');
  await startOutboxInServer();
}
