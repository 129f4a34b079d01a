import { feedbackBody, feedbackQuery } from '@/lib/contract/public-links';
import { publicRoute } from '@/lib/server/http/route';
import { feedbackLink, giveFeedback } from '@/lib/server/messaging/links/public';

export const GET = publicRoute(
  {
    query: feedbackQuery,
    refusals: ['publicLink.feedbackUnavailable'],
  },
  ({ query }) => feedbackLink(query.token),
);
export const PUT = publicRoute(
  {
    body: feedbackBody,
    refusals: ['publicLink.feedbackUnavailable', 'publicLink.ratingStep'],
  },
  ({ body }) => giveFeedback(body),
);
