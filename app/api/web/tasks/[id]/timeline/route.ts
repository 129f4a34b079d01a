import { IdParams } from '@/lib/contract/ids';
import { route } from '@/lib/server/http/route';
import { getTimeline } from '@/lib/server/tasks/history/timeline';

export const GET = route(
  {
    roles: ['tasksManager'],
    params: IdParams,
    refusals: ['task.notFound'],
  },
  ({ ctx, params }) => getTimeline(ctx, params.id),
);
