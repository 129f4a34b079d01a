import { IdParams } from '@/lib/contract/ids';
import { CancelSeriesBody } from '@/lib/contract/recurrence';
import { route } from '@/lib/server/http/route';
import { cancelTaskAndChildren } from '@/lib/server/tasks/recurrence/following';

export const POST = route(
  {
    roles: ['tasksManager'],
    params: IdParams,
    body: CancelSeriesBody,
    refusals: ['request.staleUpdate', 'task.cancelled', 'task.notFound'],
  },
  ({ ctx, params, body }) =>
    cancelTaskAndChildren(ctx, params.id, body),
);
