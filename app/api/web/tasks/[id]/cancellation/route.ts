import { IdParams } from '@/lib/contract/ids';
import { CancellationBody } from '@/lib/contract/tasks';
import { route } from '@/lib/server/http/route';
import { cancelTask } from '@/lib/server/tasks/status';

export const POST = route(
  {
    roles: ['tasksManager'],
    params: IdParams,
    body: CancellationBody,
    refusals: ['request.staleUpdate', 'task.cancelled', 'task.notFound', 'task.reasonUnknown'],
  },
  ({ ctx, params, body }) => cancelTask(ctx, params.id, body),
);
