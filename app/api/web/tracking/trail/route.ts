import { TrailQuery } from '@/lib/contract/tracking';
import { route } from '@/lib/server/http/route';
import { workerTrail } from '@/lib/server/people/tracking/items';

/** One worker's breadcrumbs of one local day, for the route map beside the planned legs. */
export const GET = route(
  {
    roles: ['tasksManager'],
    query: TrailQuery,
    refusals: ['workers.notFound'],
  },
  ({ ctx, query }) => workerTrail(ctx, query),
);
