import { IdParams } from '@/lib/contract/ids';
import { RecurrenceBody } from '@/lib/contract/recurrence';
import { route } from '@/lib/server/http/route';
import { reRecur } from '@/lib/server/tasks/recurrence/series';

export const PUT = route(
  {
    roles: ['tasksManager'],
    params: IdParams,
    body: RecurrenceBody,
    refusals: ['recurrence.endRequired', 'recurrence.parentLocked', 'recurrence.parentMismatch', 'task.notFound'],
  },
  ({ ctx, params, body }) =>
    reRecur(ctx, params.id, body),
);
