import { Feature } from '@/lib/contract/features';
import { IdParams } from '@/lib/contract/ids';
import { settingsEditors } from '@/lib/contract/reference-data';
import { TimeSlotBody } from '@/lib/contract/time-slots';
import { route } from '@/lib/server/http/route';
import { deleteTimeSlot, updateTimeSlot } from '@/lib/server/time-slots/write';

export const PUT = route(
  { roles: settingsEditors, features: [Feature.timeSlots], params: IdParams, body: TimeSlotBody },
  ({ ctx, params, body }) => updateTimeSlot(ctx, params.id, body),
);

export const DELETE = route(
  { roles: settingsEditors, features: [Feature.timeSlots], params: IdParams },
  ({ ctx, params }) => deleteTimeSlot(ctx, params.id),
);
