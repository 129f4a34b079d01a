import { BulkStatusBody } from '@/lib/contract/tasks';
import { route } from '@/lib/server/http/route';
import { bulkUpdateStatus } from '@/lib/server/tasks/status';

/** Billing managers may change billing status; task status needs tasksManager, checked by the type sent. */
export const PATCH = route(
  {
    roles: ['tasksManager', 'billingManager'],
    body: BulkStatusBody,
    refusals: ['task.billingStatusRange'],
  },
  ({ ctx, body }) =>
    bulkUpdateStatus(ctx, body),
);
