import { TaskListQuery } from '@/lib/contract/tasks';
import { route } from '@/lib/server/http/route';
import { listScheduledTasks } from '@/lib/server/tasks/read';

export const GET = route({ roles: ['tasksManager'], query: TaskListQuery }, ({ ctx, query }) =>
  listScheduledTasks(ctx, query),
);
