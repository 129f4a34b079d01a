import { WorkerTasksQuery } from '@/lib/contract/worker';
import { route } from '@/lib/server/http/route';
import { listWorkerTasks } from '@/lib/server/tasks/worker-view/tasks';

/** The worker view's days: the signed-in worker's own tasks, in appointment order. */
export const GET = route(
  {
    roles: ['assignee'],
    query: WorkerTasksQuery,
    refusals: ['task.dateNotReal'],
  },
  ({ ctx, query }) => listWorkerTasks(ctx, query),
);
