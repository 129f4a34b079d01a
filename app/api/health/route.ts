import { health } from '@/lib/server/http/health';

/**
 * GET /api/health: public, for load balancers and monitors (outside /api/web, so no session and no request log).
 * 200 when the database answers, its migrations are current and the background jobs run; else 503 naming the check.
 */
export async function GET(): Promise<Response> {
  const answer = await health();
  return Response.json(answer, { status: answer.status === 'ok' ? 200 : 503, headers: { 'cache-control': 'no-store' } });
}
