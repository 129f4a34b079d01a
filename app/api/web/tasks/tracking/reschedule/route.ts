import { rescheduleBody } from '@/lib/contract/public-links';
import { publicRoute } from '@/lib/server/http/route';
import { requestAnotherTime } from '@/lib/server/messaging/links/reschedule';

export const POST = publicRoute(
  {
    body: rescheduleBody,
    refusals: [
      'publicLink.preferredTimeInvalid',
      'publicLink.preferredTimePast',
      'publicLink.trackingUnavailable',
      'request.rateLimited',
    ],
  },
  ({ body }) => requestAnotherTime(body),
);
