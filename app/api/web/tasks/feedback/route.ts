import { feedbackBody } from '@/lib/contract/public-links';
import { publicRoute } from '@/lib/server/http/route';
import { giveFeedback } from '@/lib/server/task-links/public';

export const PUT = publicRoute({ body: feedbackBody }, ({ body }) => giveFeedback(body));
