import { Feature } from '@/lib/contract/features';
import { referenceReaders, settingsEditors } from '@/lib/contract/reference-data';
import { TimeSlotBody } from '@/lib/contract/time-slots';
import { route } from '@/lib/server/http/route';
import { listTimeSlots } from '@/lib/server/scheduling/time-slots/read';
import { createTimeSlot } from '@/lib/server/scheduling/time-slots/write';

/** Reading stays open without the feature, so tasks that already have a slot can show it. */
export const GET = route({ roles: referenceReaders }, ({ ctx }) => listTimeSlots(ctx));

export const POST = route(
  {
    roles: settingsEditors,
    features: [Feature.timeSlots],
    body: TimeSlotBody,
    refusals: ['timeSlots.endBeforeStart', 'timeSlots.nameTaken', 'timeSlots.timeInvalid'],
  },
  ({ ctx, body }) => createTimeSlot(ctx, body),
);
