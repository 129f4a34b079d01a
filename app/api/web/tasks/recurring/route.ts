import { RecurrenceBody } from '@/lib/contract/recurrence';
import { route } from '@/lib/server/http/route';
import { createRecurrence } from '@/lib/server/tasks/recurrence/series';

export const POST = route(
  {
    roles: ['tasksManager'],
    body: RecurrenceBody,
    refusals: [
      'recurrence.alreadyRecurring',
      'recurrence.endRequired',
      'recurrence.endTooEarly',
      'recurrence.endTooLate',
      'recurrence.needsSchedule',
      'recurrence.nothingToRecur',
      'recurrence.parentLocked',
      'recurrence.weekdaysRequired',
      'request.staleUpdate',
      'task.cancelled',
      'task.customFieldRequired',
      'task.customFieldsRequired',
      'task.notFound',
    ],
  },
  ({ ctx, body }) => createRecurrence(ctx, body),
);
