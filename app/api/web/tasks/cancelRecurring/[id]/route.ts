import { IdParams } from '@/lib/contract/ids';
import { route } from '@/lib/server/http/route';
import { removeRecurrence } from '@/lib/server/tasks/recurrence/series';

export const DELETE = route(
  {
    roles: ['tasksManager'],
    params: IdParams,
    refusals: ['recurrence.notParent', 'task.notFound'],
  },
  ({ ctx, params }) => removeRecurrence(ctx, params.id),
);
