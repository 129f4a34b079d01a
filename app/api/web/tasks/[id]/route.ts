import { IdParams } from '@/lib/contract/ids';
import { UpdateTaskBody } from '@/lib/contract/tasks';
import { route } from '@/lib/server/http/route';
import { getTask } from '@/lib/server/tasks/read';
import { updateTask } from '@/lib/server/tasks/write';

export const GET = route({ roles: ['tasksManager'], params: IdParams }, ({ ctx, params }) => getTask(ctx, params.id));

export const PUT = route({ roles: ['tasksManager'], params: IdParams, body: UpdateTaskBody }, ({ ctx, params, body }) =>
  updateTask(ctx, params.id, body),
);
