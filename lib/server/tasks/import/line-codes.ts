import 'server-only';
import { quantityMessages, valueMessages as formatMessages } from '@/lib/contract/custom-fields';
import { codedProblems, type CodedProblem as SharedCodedProblem } from '@/lib/server/core/csv-import/problems';
import { valueMessages } from '@/lib/server/tasks/custom-field-values';
import { ruleMessages } from '@/lib/server/tasks/rules';

/**
 * Every code a line problem can carry, with its English text; `{name}` marks a parameter. The clients translate
 * the code (messages taskImport.lineErrors.<code>); lineErrors keeps the English text for API clients.
 *
 * The shared task rules answer English constants that other calls and their tests rely on, so they stay as they
 * are and their texts are mapped here, word for word. A message not in this table arrives as `other`.
 */
export const lineProblemTexts = {
  // The import's own checks.
  lineLength: 'The line has {values} values; the header has {columns} columns.',
  unreadable: 'The line cannot be read: {reason}.',
  referenceExists: 'A task with the external reference "{reference}" already exists.',
  referenceRepeated: 'The external reference "{reference}" is already on line {line} of this file.',
  taskTypeNotFound: 'No task type is named "{name}".',
  clientNotFound: 'No client is named "{name}".',
  workerNotFound: 'No worker is named "{name}".',
  timeSlotNotFound: 'No time slot is named "{name}".',
  workerAmbiguous: 'Several workers are named "{name}"; use the username.',
  durationNotWhole: 'Must be a whole number of minutes.',
  timeFormat: 'Must be a time as HH:mm.',
  dateFormat: 'Must be a date as YYYY-MM-DD.',
  notANumber: 'Must be a number.',
  timeAndTimeSlot: 'Give a time or a time slot, not both.',
  timeNeedsDate: 'A time needs a scheduleDate.',
  durationNeedsDate: 'A duration needs a scheduleDate.',
  timeSlotNeedsDate: 'A time slot needs a scheduleDate.',
  billingStatusUnknown: 'Must be one of: {names}.',
  timeSlotsDisabled: 'Time slots are not enabled for your company.',
  // The task rules (lib/server/tasks/rules.ts).
  taskTypeRequired: ruleMessages.typeRequired,
  taskTypeUnknown: ruleMessages.typeUnknown,
  taskTypeDeleted: ruleMessages.typeDeleted,
  clientUnknown: ruleMessages.clientUnknown,
  clientDeleted: ruleMessages.clientDeleted,
  workerNotActive: ruleMessages.workerNotActive,
  workerNeedsDate: ruleMessages.workerNeedsDate,
  dateInPast: ruleMessages.dateInPast,
  timeSlotUnknown: ruleMessages.timeSlotUnknown,
  // Custom field values (lib/server/tasks/custom-field-values.ts, lib/contract/custom-fields.ts).
  customFieldUnknown: valueMessages.unknown,
  customFieldRequired: valueMessages.fieldRequired,
  customFieldNumber: formatMessages.number,
  customFieldDate: formatMessages.date,
  customFieldBoolean: formatMessages.boolean,
  customFieldOption: formatMessages.option,
  customFieldQuantityList: formatMessages.quantityList,
  quantityRequired: quantityMessages.required,
  quantityInvalid: quantityMessages.invalid,
  quantityTooLong: quantityMessages.tooLong,
  // The task body's schema (CreateTaskBody): its own texts, and zod's limits read from the issue itself.
  descriptionTooLong: 'Description must be at most 100 characters.',
  textTooLong: 'Must be at most {max} characters.',
  numberTooLarge: 'Must be at most {max}.',
  numberTooSmall: 'Must be at least {min}.',
  // Anything else: the English text as it is.
  other: '{message}',
} as const;

const problems = codedProblems(lineProblemTexts);

export type LineProblemCode = keyof typeof lineProblemTexts;
export const lineProblemCodes: LineProblemCode[] = problems.codes;
export type CodedProblem = SharedCodedProblem<LineProblemCode>;

/** One of the import's own problems, its English text filled from the table. */
export const ownProblem = problems.own;

/** A shared rule's English message by its code in the table, or `other` carrying the text. */
export const problemOfMessage = problems.ofMessage;

/** A schema issue: a known text by the table, a size limit by the issue's own bound. */
export const problemOfIssue = problems.ofIssue;
