import { IdParams } from '@/lib/contract/ids';
import { UpdateTaskBody } from '@/lib/contract/tasks';
import { route } from '@/lib/server/http/route';
import { updateTaskAndChildren } from '@/lib/server/tasks/recurrence/following';

export const PUT = route(
  {
    roles: ['tasksManager'],
    params: IdParams,
    body: UpdateTaskBody,
    refusals: [
      'request.staleUpdate',
      'task.appointmentInPast',
      'task.cancelled',
      'task.clientUnknown',
      'task.customFieldRequired',
      'task.customFieldUnknown',
      'task.customFieldsRequired',
      'task.notFound',
      'task.timeSlotUnknown',
      'task.typeUnknown',
      'task.useCancellation',
      'task.workerNotActive',
    ],
  },
  ({ ctx, params, body }) =>
    updateTaskAndChildren(ctx, params.id, body),
);
