import { Feature } from '@/lib/contract/features';
import { IdParams } from '@/lib/contract/ids';
import { WorkerScheduling } from '@/lib/contract/tenant-settings';
import { route } from '@/lib/server/http/route';
import { getWorkerScheduling, updateWorkerScheduling } from '@/lib/server/people/users/scheduling';

/** A worker's start location and tasks-per-day limit for auto-schedule, set beside their working template. */
const guard = { roles: ['usersManager'], features: [Feature.workingHours], params: IdParams } as const;

export const GET = route({ ...guard, refusals: ['workers.notFound'] }, ({ ctx, params }) => getWorkerScheduling(ctx, params.id));

export const PUT = route(
  {
    ...guard,
    body: WorkerScheduling,
    refusals: [
      'scheduling.addressRequired',
      'scheduling.addressTooLong',
      'scheduling.latitudeRange',
      'scheduling.limitMax',
      'scheduling.limitMin',
      'scheduling.limitWhole',
      'scheduling.longitudeRange',
      'scheduling.markerMissing',
      'workers.notFound',
    ],
  },
  ({ ctx, params, body }) =>
    updateWorkerScheduling(ctx, params.id, body),
);
