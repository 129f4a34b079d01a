import { trackingQuery } from '@/lib/contract/public-links';
import { publicRoute } from '@/lib/server/http/route';
import { trackingCalendar } from '@/lib/server/messaging/links/ics';

export const GET = publicRoute(
  {
    query: trackingQuery,
    refusals: ['publicLink.trackingUnavailable'],
  },
  ({ query }) => trackingCalendar(query.token),
);
