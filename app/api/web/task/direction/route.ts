import { DirectionQuery } from '@/lib/contract/task-direction';
import { route } from '@/lib/server/http/route';
import { taskDirection } from '@/lib/server/scheduling/route-map';

/** The schedule's route map: a dispatcher's call, like the board it opens from. */
export const GET = route(
  {
    roles: ['tasksManager'],
    query: DirectionQuery,
    refusals: ['schedule.rangeReversed', 'schedule.rangeTooLong', 'workers.notFound'],
  },
  ({ ctx, query }) => taskDirection(ctx, query),
);
