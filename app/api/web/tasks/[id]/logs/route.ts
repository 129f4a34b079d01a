import { IdParams } from '@/lib/contract/ids';
import { route } from '@/lib/server/http/route';
import { getLogEntries } from '@/lib/server/tasks/history/log-entries';

export const GET = route(
  {
    roles: ['tasksManager'],
    params: IdParams,
    refusals: ['task.notFound'],
  },
  ({ ctx, params }) => getLogEntries(ctx, params.id),
);
