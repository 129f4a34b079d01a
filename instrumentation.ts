/**
 * Next.js calls register() once when the server starts, before it serves: the client address stamp goes on first
 * (lib/server/http/client-address.ts) and the response guard (security headers on every answer, a 400 for a
 * malformed path: lib/server/http/response-guard.ts), then the outbox delivery job runs inside the web server, so
 * `npm start` needs no second command. Not while building, not on the edge runtime (NEXT_RUNTIME is read by its
 * literal name so Next.js drops the Node-only import from the edge bundle), and not when OUTBOX_WORKER=off (tests,
 * or an install that runs `npm run worker` apart).
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  const { installPeerAddressStamp } = await import('@/lib/server/http/client-address');
  const { env } = await import('@/lib/server/core/env');
  installPeerAddressStamp(env.trustedProxyHops);
  const { installResponseGuard } = await import('@/lib/server/http/response-guard');
  installResponseGuard();
  const { startJobsInServer } = await import('@/lib/server/jobs');
  await startJobsInServer();
}
