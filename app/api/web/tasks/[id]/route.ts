import { IdParams } from '@/lib/contract/ids';
import { taskUpdateRefusals, UpdateTaskBody } from '@/lib/contract/tasks';
import { route } from '@/lib/server/http/route';
import { updateTask } from '@/lib/server/tasks/write';
import { reachableTaskResponse } from '@/lib/server/tasks/worker-view/tasks';

/** Managers read any task of the tenant; a worker only their own (any other id answers 404). */
export const GET = route(
  {
    roles: ['tasksManager', 'assignee'],
    params: IdParams,
    refusals: ['task.notFound'],
  },
  ({ ctx, params }) =>
    reachableTaskResponse(ctx, params.id),
);

export const PUT = route(
  {
    roles: ['tasksManager'],
    params: IdParams,
    body: UpdateTaskBody,
    refusals: taskUpdateRefusals,
  },
  ({ ctx, params, body }) =>
    updateTask(ctx, params.id, body),
);
