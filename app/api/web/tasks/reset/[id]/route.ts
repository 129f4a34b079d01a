import { IdParams } from '@/lib/contract/ids';
import { ResetBody } from '@/lib/contract/tasks';
import { route } from '@/lib/server/http/route';
import { resetTask } from '@/lib/server/tasks/status';

export const PUT = route(
  {
    roles: ['tasksManager'],
    params: IdParams,
    body: ResetBody,
    refusals: ['request.staleUpdate', 'task.notCancelled', 'task.notFound'],
  },
  ({ ctx, params, body }) =>
    resetTask(ctx, params.id, body?.updated),
);
