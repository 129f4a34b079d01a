import { useTranslations } from 'next-intl';
import type { z } from 'zod';
import { maxTasksPerDayLimit } from '@/lib/contract/tenant-settings';

/** The keys under workerScheduling.errors that say the contract's validation messages in the user's language. */
export type SchedulingProblemKey =
  | 'addressRequired'
  | 'addressTooLong'
  | 'latitudeNumber'
  | 'latitudeRange'
  | 'longitudeNumber'
  | 'longitudeRange'
  | 'limitWhole'
  | 'limitMin'
  | 'limitMax';

/**
 * The English messages of lib/contract/tenant-settings (StartLocation, WorkerScheduling), each with its
 * translation key. The same schema checks the form and the server, so both answer these messages; a unit test
 * proves every message those schemas can give has a key here.
 */
const keyByMessage: Record<string, SchedulingProblemKey> = {
  'The address is required.': 'addressRequired',
  'The address has at most 500 characters.': 'addressTooLong',
  'The latitude is a number.': 'latitudeNumber',
  'The latitude is between -90 and 90.': 'latitudeRange',
  'The longitude is a number.': 'longitudeNumber',
  'The longitude is between -180 and 180.': 'longitudeRange',
  'The limit is a whole number.': 'limitWhole',
  'The limit is at least 1.': 'limitMin',
  [`The limit is at most ${maxTasksPerDayLimit}.`]: 'limitMax',
};

/** A field's problem: its translation key, or the message itself when the contract has one this list lacks. */
export type SchedulingProblem = { key: SchedulingProblemKey } | { message: string };

export function schedulingProblem(message: string): SchedulingProblem {
  const key = keyByMessage[message];
  return key ? { key } : { message };
}

/** The first problem of each field, by its path without `prefix` ('startLocation.', say). */
export function schedulingProblems(fields: Record<string, string[]>, prefix = ''): Record<string, SchedulingProblem> {
  const found: Record<string, SchedulingProblem> = {};
  for (const [path, messages] of Object.entries(fields)) {
    const field = path.startsWith(prefix) ? path.slice(prefix.length) : path;
    if (messages[0] !== undefined && !found[field]) found[field] = schedulingProblem(messages[0]);
  }
  return found;
}

/** A zod failure of the contract's schemas as the fields → messages shape the API answers. */
export function issuesByField(error: z.ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) (fields[issue.path.join('.') || '_'] ??= []).push(issue.message);
  return fields;
}

/** Says a problem in the user's language: the translation of a known contract message, else the message itself. */
export function useSchedulingProblemText(): (problem: SchedulingProblem | undefined) => string | undefined {
  const t = useTranslations('workerScheduling.errors');
  return (problem) => (problem === undefined ? undefined : 'key' in problem ? t(problem.key) : problem.message);
}
