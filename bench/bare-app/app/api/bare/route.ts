/**
 * The benchmark's yardstick: a JSON answer from a Next.js route handler with no authentication and no database,
 * served by the same Next.js version in production mode. It lives in its own tiny app under bench/ so that the
 * product never serves it.
 */
export const dynamic = 'force-dynamic';

export function GET(): Response {
  return Response.json({ id: 1, title: 'bare', at: Date.now() }, { headers: { 'cache-control': 'no-store' } });
}
