import { GeocodeQuery } from '@/lib/contract/geocode';
import { route } from '@/lib/server/http/route';
import { geocode } from '@/lib/server/integrations/geocoder';

export const dynamic = 'force-dynamic';

export const GET = route({ roles: ['tasksManager'], query: GeocodeQuery }, ({ ctx, query }) => geocode(ctx, query.q));
