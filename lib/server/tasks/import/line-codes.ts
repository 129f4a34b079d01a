import 'server-only';
import { ownProblems, sharedLineProblem } from '@/lib/server/core/csv-import/problems';

/**
 * The task import's own line problems: each code of the error catalogue with its English text, `{name}` marking a
 * param. A rule the import shares with POST tasks (the task body's schema, the task rules, the custom field values)
 * answers the code that call answers, taken from its refusal, never from its text.
 */
export const lineProblemTexts = {
  'import.referenceExists': 'A task with the external reference "{reference}" already exists.',
  'import.referenceRepeated': 'The external reference "{reference}" is already on line {line} of this file.',
  'import.taskTypeNotFound': 'No task type is named "{name}".',
  'import.clientNotFound': 'No client is named "{name}".',
  'import.workerNotFound': 'No worker is named "{name}".',
  'import.timeSlotNotFound': 'No time slot is named "{name}".',
  'import.workerAmbiguous': 'Several workers are named "{name}"; use the username.',
  'import.durationNotWhole': 'Must be a whole number of minutes.',
  'import.timeFormat': 'Must be a time as HH:mm.',
  'import.dateFormat': 'Must be a date as YYYY-MM-DD.',
  'import.timeAndTimeSlot': 'Give a time or a time slot, not both.',
  'import.timeNeedsDate': 'A time needs a scheduleDate.',
  'import.durationNeedsDate': 'A duration needs a scheduleDate.',
  'import.timeSlotNeedsDate': 'A time slot needs a scheduleDate.',
  'import.billingStatusUnknown': 'Must be one of: {names}.',
  'import.timeSlotsDisabled': 'Time slots are not enabled for your company.',
} as const;

export type LineProblemCode = keyof typeof lineProblemTexts;

/** One of the task import's own problems, its English text filled from the table. */
export const ownProblem = ownProblems<LineProblemCode>(lineProblemTexts);

export { sharedLineProblem };
