import { AvailableWorkersQuery } from '@/lib/contract/tasks';
import { route } from '@/lib/server/http/route';
import { availableWorkers } from '@/lib/server/tasks/workers';

export const GET = route(
  {
    roles: ['tasksManager'],
    query: AvailableWorkersQuery,
    refusals: ['availability.rangeTooLong', 'schedule.rangeReversed'],
  },
  ({ ctx, query }) =>
    availableWorkers(ctx, new Date(query.appointmentFrom), new Date(query.appointmentTo)),
);
