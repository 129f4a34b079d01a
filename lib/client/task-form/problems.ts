import type { FieldProblems, Problem } from '@/lib/contract/errors';

/** The errors the task form shows beside its fields until the field changes or the next save. */
export interface TaskFormProblems {
  typeId?: string;
  scheduleDate?: string;
  files?: string;
  customFields?: Record<string, string>;
}

/** The fields whose change settles the schedule's error: the date is wrong together with its time or slot. */
const schedulePaths = new Set(['scheduleDate', 'scheduleTime', 'timeSlotId']);

/**
 * The problems left once the form value at `path` changed (a react-hook-form path: 'scheduleDate',
 * 'customFields.12', ...). A changed task type also drops the custom field errors, since it shows other fields.
 * Answers the same object when nothing was cleared, so a state update can be skipped.
 */
export function withoutProblemOf(problems: TaskFormProblems, path: string): TaskFormProblems {
  if (path === 'typeId' && (problems.typeId !== undefined || problems.customFields !== undefined)) {
    return { ...problems, typeId: undefined, customFields: undefined };
  }
  if (schedulePaths.has(path) && problems.scheduleDate !== undefined) return { ...problems, scheduleDate: undefined };
  if (path === 'files' && problems.files !== undefined) return { ...problems, files: undefined };
  const customField = /^customFields\.(\d+)/.exec(path)?.[1];
  if (customField !== undefined && problems.customFields?.[customField] !== undefined) {
    const { [customField]: _cleared, ...others } = problems.customFields;
    return { ...problems, customFields: others };
  }
  return problems;
}

/** The custom field ids a refusal names: its field problems are keyed `customFieldValues.{id}`. */
export function customFieldIdsOf(fields: FieldProblems | undefined): number[] {
  return Object.keys(fields ?? {})
    .map((key) => /^customFieldValues\.(\d+)$/.exec(key)?.[1])
    .filter((id) => id !== undefined)
    .map(Number);
}

/**
 * A save's refusal as errors beside the fields it names (custom fields, the schedule date, the task type), each put
 * into words by its code in the user's language; they clear like the form's own errors, when the field changes.
 */
export function problemsFromServer(fields: FieldProblems | undefined, errorText: (problem: Problem) => string): TaskFormProblems {
  const found: TaskFormProblems = {};
  for (const [path, problems] of Object.entries(fields ?? {})) {
    const first = problems[0];
    if (!first) continue;
    const customField = /^customFieldValues\.(\d+)$/.exec(path)?.[1];
    if (customField !== undefined) found.customFields = { ...found.customFields, [customField]: errorText(first) };
    else if (path === 'appointment.date') found.scheduleDate = errorText(first);
    else if (path === 'typeId') found.typeId = errorText(first);
  }
  return found;
}

/** Every field problem of a refusal put into words, in the order the server listed them. */
export function problemTexts(fields: FieldProblems | undefined, errorText: (problem: Problem) => string): string[] {
  return Object.values(fields ?? {})
    .flat()
    .map(errorText);
}
