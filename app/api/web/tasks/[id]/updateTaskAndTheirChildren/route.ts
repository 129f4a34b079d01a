import { IdParams } from '@/lib/contract/ids';
import { taskUpdateRefusals, UpdateTaskBody } from '@/lib/contract/tasks';
import { route } from '@/lib/server/http/route';
import { updateTaskAndChildren } from '@/lib/server/tasks/recurrence/following';

export const PUT = route(
  {
    roles: ['tasksManager'],
    params: IdParams,
    body: UpdateTaskBody,
    refusals: taskUpdateRefusals,
  },
  ({ ctx, params, body }) =>
    updateTaskAndChildren(ctx, params.id, body),
);
