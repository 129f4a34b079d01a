import { ErrorCode, type FieldProblems } from '@/lib/contract/errors';
import {
  ScheduleErrorCode,
  type InvalidTimeSlotDetails,
  type ScheduleConfirmation,
  type ScheduleWarning,
} from '@/lib/contract/schedule-board';
import type { AssignmentWarning } from '@/lib/contract/task-form';
import { TaskErrorCode } from '@/lib/contract/tasks';

/** What a failed schedule write means for the dispatcher: which dialog or message the board shows. */
export type ScheduleProblem =
  | { kind: 'confirm'; warnings: ScheduleWarning[] }
  | { kind: 'invalidTimeSlot'; slot: InvalidTimeSlotDetails['slot'] | null }
  | { kind: 'notPlannedForDay'; date: string | null }
  | { kind: 'workerUnavailable'; warning: AssignmentWarning | null }
  | { kind: 'invalidWorker' }
  | { kind: 'cancelled' }
  | { kind: 'dateInPast' }
  /** Any other refusal of the request (400/422): the write cannot be saved as asked. */
  | { kind: 'invalid' }
  /** 409: someone else changed the task since the board read it. */
  | { kind: 'stale' }
  /** 404: the task is gone (deleted meanwhile). */
  | { kind: 'gone' }
  /** Everything else: api() already showed the global notice (403, 5xx, no answer). */
  | { kind: 'other' };

/** The part of an ApiError this reads; a plain object keeps the mapping testable without fetch. */
export interface ScheduleErrorFacts {
  status: number;
  code: string;
  fields?: FieldProblems;
  details?: Record<string, unknown>;
}

/** The statuses the write handles itself; api() shows the global notice for the others (404 and 409 are always quiet). */
export const scheduleQuietStatuses = [400, 422];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/** A warning as the server sent it, or null when its shape is not one this client knows (never shown half-read). */
export function readWarning(value: unknown): ScheduleWarning | null {
  if (!isRecord(value)) return null;
  switch (value.kind) {
    case 'skills':
      return isStringArray(value.required) && isStringArray(value.given) && isStringArray(value.missing)
        ? { kind: 'skills', required: value.required, given: value.given, missing: value.missing }
        : null;
    case 'zones':
      return isStringArray(value.zones) ? { kind: 'zones', zones: value.zones } : null;
    case 'unavailable':
      return typeof value.date === 'string' ? { kind: 'unavailable', date: value.date } : null;
    case 'outsideWorkingHours':
      return typeof value.date === 'string'
        ? { kind: 'outsideWorkingHours', date: value.date, hours: isStringArray(value.hours) ? value.hours : [] }
        : null;
    case 'noLocation':
      return { kind: 'noLocation' };
    default:
      return null;
  }
}

function readSlot(value: unknown): InvalidTimeSlotDetails['slot'] | null {
  if (!isRecord(value) || typeof value.name !== 'string') return null;
  return {
    id: typeof value.id === 'number' ? value.id : 0,
    name: value.name,
    start: typeof value.start === 'string' ? value.start : '',
    end: typeof value.end === 'string' ? value.end : '',
  };
}

/** Maps an error answer of PUT/DELETE tasks/{id}/schedule to what the dispatcher is told (spec 02 §5, §8). */
export function scheduleProblemOf(error: ScheduleErrorFacts): ScheduleProblem {
  if (error.status === 409) return { kind: 'stale' };
  if (error.status === 404) return { kind: 'gone' };
  if (error.status !== 400 && error.status !== 422) return { kind: 'other' };
  const details = error.details ?? {};
  switch (error.code) {
    case ScheduleErrorCode.confirmationRequired: {
      const raw = Array.isArray(details.warnings) ? details.warnings : [];
      const warnings = raw.map(readWarning).filter((warning) => warning !== null);
      return warnings.length > 0 ? { kind: 'confirm', warnings } : { kind: 'invalid' };
    }
    case ScheduleErrorCode.invalidTimeSlot:
      return { kind: 'invalidTimeSlot', slot: readSlot(details.slot) };
    case ScheduleErrorCode.notPlannedForDay:
      return { kind: 'notPlannedForDay', date: typeof details.date === 'string' ? details.date : null };
    case ScheduleErrorCode.workerUnavailable: {
      const warning = readWarning(details.warning);
      return {
        kind: 'workerUnavailable',
        warning: warning && warning.kind !== 'noLocation' ? warning : null,
      };
    }
    case ScheduleErrorCode.invalidWorker:
      return { kind: 'invalidWorker' };
    case TaskErrorCode.cancelledReadOnly:
      return { kind: 'cancelled' };
  }
  if (error.code === ErrorCode.validation) {
    const fields = error.fields ?? {};
    const inPast = (path: string) => (fields[path] ?? []).some((problem) => problem.code === 'task.appointmentInPast');
    if (inPast('appointment.date') || inPast('date')) return { kind: 'dateInPast' };
    if (fields.assigneeId !== undefined) return { kind: 'invalidWorker' };
  }
  return { kind: 'invalid' };
}

/** The confirmation that accepts a warning: both kinds of working-hours warnings are one 'unavailable'. */
export function confirmationOf(warning: ScheduleWarning): ScheduleConfirmation {
  switch (warning.kind) {
    case 'skills':
      return 'skills';
    case 'zones':
      return 'zones';
    case 'noLocation':
      return 'noLocation';
    case 'unavailable':
    case 'outsideWorkingHours':
      return 'unavailable';
  }
}

export type SkillsWarning = Extract<ScheduleWarning, { kind: 'skills' }>;

/**
 * The skills mismatch has its own dialog (required, given, missing; spec 02 §5); every other warning is named in
 * one confirmation.
 */
export function splitWarnings(warnings: ScheduleWarning[]): { skills: SkillsWarning | null; others: ScheduleWarning[] } {
  let skills: SkillsWarning | null = null;
  const others: ScheduleWarning[] = [];
  for (const warning of warnings) {
    if (warning.kind === 'skills') skills = warning;
    else others.push(warning);
  }
  return { skills, others };
}

/**
 * The confirmations to send after the user accepted `warnings`, added to those already accepted; null when the
 * server asks again for nothing new (it would ask forever: the board gives up instead of looping).
 */
export function acceptedAfter(
  accepted: readonly ScheduleConfirmation[],
  warnings: ScheduleWarning[],
): ScheduleConfirmation[] | null {
  const asked = warnings.map(confirmationOf);
  if (asked.every((confirmation) => accepted.includes(confirmation))) return null;
  return [...new Set([...accepted, ...asked])];
}
