import { Feature } from '@/lib/contract/features';
import { WorkersUnavailabilityQuery } from '@/lib/contract/working-hours';
import { route } from '@/lib/server/http/route';
import { workersUnavailability } from '@/lib/server/scheduling/unavailability/board';

/** The board greys these spans, so its dispatchers (tasksManager) read it too. */
export const GET = route(
  {
    roles: ['usersManager', 'tasksManager'],
    features: [Feature.workingHours],
    query: WorkersUnavailabilityQuery,
    refusals: ['unavailability.rangeReversed', 'unavailability.rangeTooLong'],
  },
  ({ ctx, query }) => workersUnavailability(ctx, query),
);
