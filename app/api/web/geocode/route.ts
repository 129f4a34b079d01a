import { GeocodeQuery } from '@/lib/contract/geocode';
import { route } from '@/lib/server/http/route';
import { geocode } from '@/lib/server/integrations/geocoder';

export const dynamic = 'force-dynamic';

/** Task managers place tasks; users managers place a worker's start location (auto-schedule). */
export const GET = route(
  {
    roles: ['tasksManager', 'usersManager'],
    query: GeocodeQuery,
    refusals: ['geocoder.notConfigured', 'geocoder.unavailable'],
  },
  ({ ctx, query }) => geocode(ctx, query.q),
);
