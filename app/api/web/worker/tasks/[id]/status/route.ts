import { IdParams } from '@/lib/contract/ids';
import { WorkerStatusBody } from '@/lib/contract/worker';
import { route } from '@/lib/server/http/route';
import { changeWorkerStatus } from '@/lib/server/tasks/worker-view/status';

/** Start, pause, resume or complete one's own task; a replay with the same Idempotency-Key changes nothing. */
export const PATCH = route(
  {
    roles: ['assignee'],
    params: IdParams,
    body: WorkerStatusBody,
    idempotent: true,
    refusals: [
      'request.staleUpdate',
      'task.cancelled',
      'task.completed',
      'task.customFieldNotOnTask',
      'task.customFieldRequired',
      'task.customFieldsRequired',
      'task.notFound',
      'task.statusChangeNotAllowed',
    ],
  },
  ({ ctx, params, body }) => changeWorkerStatus(ctx, params.id, body),
);
