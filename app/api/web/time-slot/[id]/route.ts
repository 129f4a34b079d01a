import { Feature } from '@/lib/contract/features';
import { IdParams } from '@/lib/contract/ids';
import { referenceReaders, settingsEditors } from '@/lib/contract/reference-data';
import { TimeSlotBody } from '@/lib/contract/time-slots';
import { route } from '@/lib/server/http/route';
import { getTimeSlot } from '@/lib/server/scheduling/time-slots/read';
import { deleteTimeSlot, updateTimeSlot } from '@/lib/server/scheduling/time-slots/write';

/** Open without feature 3 like the list: the settings drawer loads the slot it edits from here. */
export const GET = route(
  {
    roles: referenceReaders,
    params: IdParams,
    refusals: ['timeSlots.notFound'],
  },
  ({ ctx, params }) => getTimeSlot(ctx, params.id),
);

export const PUT = route(
  {
    roles: settingsEditors,
    features: [Feature.timeSlots],
    params: IdParams,
    body: TimeSlotBody,
    refusals: ['timeSlots.endBeforeStart', 'timeSlots.nameTaken', 'timeSlots.notFound', 'timeSlots.timeInvalid'],
  },
  ({ ctx, params, body }) => updateTimeSlot(ctx, params.id, body),
);

export const DELETE = route(
  { roles: settingsEditors, features: [Feature.timeSlots], params: IdParams, refusals: ['timeSlots.notFound'] },
  ({ ctx, params }) => deleteTimeSlot(ctx, params.id),
);
