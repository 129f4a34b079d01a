import { trackingQuery } from '@/lib/contract/public-links';
import { publicRoute } from '@/lib/server/http/route';
import { tracking } from '@/lib/server/messaging/links/tracking';

export const GET = publicRoute(
  {
    query: trackingQuery,
    refusals: ['publicLink.trackingUnavailable'],
  },
  ({ query }) => tracking(query.token),
);
