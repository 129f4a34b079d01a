import { Feature } from '@/lib/contract/features';
import { CreateUnavailabilityBody, WorkerUnavailabilityQuery } from '@/lib/contract/working-hours';
import { route } from '@/lib/server/http/route';
import { createRecords, listWorkerRecords } from '@/lib/server/scheduling/unavailability/records';

const guard = { roles: ['usersManager'], features: [Feature.workingHours] } as const;

export const GET = route(
  {
    ...guard,
    query: WorkerUnavailabilityQuery,
    refusals: ['unavailability.rangeReversed', 'unavailability.rangeTooLong', 'workers.notFound'],
  },
  ({ ctx, query }) => listWorkerRecords(ctx, query),
);

export const POST = route(
  {
    ...guard,
    body: CreateUnavailabilityBody,
    refusals: [
      'unavailability.dayRepeated',
      'unavailability.dayTaken',
      'workers.notFound',
      'workingHours.hoursInvalid',
    ],
  },
  ({ ctx, body }) =>
    createRecords(ctx, body.workerUnavailabilities),
);
