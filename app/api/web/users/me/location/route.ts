import { LocationBody } from '@/lib/contract/tracking';
import { route } from '@/lib/server/http/route';
import { recordLocation } from '@/lib/server/people/tracking/location';

/** The worker's device reports a position: answers {stored}, or 429 with Retry-After past the rate bound. */
export const POST = route(
  {
    roles: ['assignee'],
    body: LocationBody,
    idempotent: true,
    refusals: ['request.rateLimited', 'tracking.timestampInFuture'],
  },
  ({ ctx, body }) => recordLocation(ctx, body),
);
