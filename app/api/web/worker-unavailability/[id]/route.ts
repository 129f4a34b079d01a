import { Feature } from '@/lib/contract/features';
import { IdParams } from '@/lib/contract/ids';
import { UpdateUnavailabilityBody } from '@/lib/contract/working-hours';
import { route } from '@/lib/server/http/route';
import { updateRecord } from '@/lib/server/scheduling/unavailability/records';

export const PUT = route(
  {
    roles: ['usersManager'],
    features: [Feature.workingHours],
    params: IdParams,
    body: UpdateUnavailabilityBody,
    refusals: ['unavailability.notFound', 'workingHours.hoursInvalid'],
  },
  ({ ctx, params, body }) => updateRecord(ctx, params.id, body.hours),
);
