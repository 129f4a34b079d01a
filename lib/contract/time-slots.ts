import { z } from 'zod';
import { coded, rule } from './problems';
import { requiredName } from './reference-data';

export const endBeforeStartMessage = 'End time must be later than start time';
const timeInvalidMessage = 'Time must be HH:mm:ss';

const timeOfDayPattern = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

/** A wall-clock time, HH:mm or HH:mm:ss in, always HH:mm:ss out, as the database's `time` answers it. */
const timeOfDay = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .regex(timeOfDayPattern, coded('timeSlots.timeInvalid', timeInvalidMessage))
    .transform((value) => (value.length === 5 ? `${value}:00` : value));

/** POST and PUT time-slot. Zero-padded times compare correctly as text. */
export const TimeSlotBody = z
  .object({
    nameTimeSlot: requiredName('Name is required'),
    startTimeSlot: timeOfDay('Start time is required'),
    endTimeSlot: timeOfDay('End time is required'),
  })
  .refine((slot) => slot.endTimeSlot > slot.startTimeSlot, {
    path: ['endTimeSlot'],
    ...rule('timeSlots.endBeforeStart', endBeforeStartMessage),
  });
export type TimeSlotBody = z.infer<typeof TimeSlotBody>;

export interface TimeSlotView {
  id: number;
  nameTimeSlot: string;
  startTimeSlot: string;
  endTimeSlot: string;
  deleted: Date | null;
}
