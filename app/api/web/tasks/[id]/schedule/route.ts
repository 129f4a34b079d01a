import { IdParams } from '@/lib/contract/ids';
import { ScheduleBody, UnassignBody } from '@/lib/contract/tasks';
import { route } from '@/lib/server/http/route';
import { scheduleTask, unassignTask } from '@/lib/server/tasks/schedule';

export const PUT = route(
  {
    roles: ['tasksManager'],
    params: IdParams,
    body: ScheduleBody,
    refusals: [
      'request.staleUpdate',
      'schedule.confirmationRequired',
      'schedule.invalidWorker',
      'schedule.notPlannedForDay',
      'schedule.outsideTimeSlot',
      'schedule.workerUnavailable',
      'task.appointmentInPast',
      'task.cancelled',
      'task.notFound',
      'task.timeSlotUnknown',
      'tenant.featureDisabled',
    ],
  },
  ({ ctx, params, body }) =>
    scheduleTask(ctx, params.id, body),
);

export const DELETE = route(
  {
    roles: ['tasksManager'],
    params: IdParams,
    body: UnassignBody,
    refusals: ['request.staleUpdate', 'task.cancelled', 'task.notFound'],
  },
  ({ ctx, params, body }) =>
    unassignTask(ctx, params.id, body?.updated),
);
