import { ApiError } from '@/lib/client/api';
import { AutoScheduleErrorCode, type AutoScheduleSummary, type AutoScheduleUndoConflictDetails } from '@/lib/contract/auto-schedule';

/**
 * What the modal tells the dispatcher when a call is refused, decided from the answer's status, code and details
 * (the server's English message is not shown: the texts are the user's language, under autoSchedule.problems).
 */
export type ApplyProblem =
  /** 400 on currentDate: the date is today or earlier in the tenant's zone (the spec's warning). */
  | 'dateNotAfterToday'
  /** 409: another dispatcher's run for the same date holds the lock. */
  | 'alreadyRunning'
  | 'failed';

export type UndoProblem =
  /** 409 naming the tasks someone changed since the run: nothing was put back. */
  | { kind: 'changedSince'; tasks: AutoScheduleUndoConflictDetails['tasks'] }
  /** 409 without tasks: the run was undone already. */
  | { kind: 'alreadyUndone' }
  | { kind: 'notFound' }
  | { kind: 'failed' };

/** True for a 400 refusing currentDate as not after today: the only thing the modal sends that the server can refuse. */
function refusesDate(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 400) return false;
  return (error.fields?.currentDate ?? []).some((problem) => problem.code === 'autoSchedule.dateNotAfterToday');
}

export function applyProblemOf(error: unknown): ApplyProblem {
  if (refusesDate(error)) return 'dateNotAfterToday';
  // The apply's only 409 is the day's lock (AutoScheduleErrorCode.running).
  if (error instanceof ApiError && error.status === 409) return 'alreadyRunning';
  return 'failed';
}

/** A summary read can only be refused for its date; anything else is a failed load. */
export function summaryProblemOf(error: unknown): 'dateNotAfterToday' | 'failed' {
  return refusesDate(error) ? 'dateNotAfterToday' : 'failed';
}

function isConflictTask(value: unknown): value is AutoScheduleUndoConflictDetails['tasks'][number] {
  if (value === null || typeof value !== 'object') return false;
  const task = value as Record<string, unknown>;
  return typeof task.id === 'number' && typeof task.referenceNumber === 'number' && typeof task.title === 'string';
}

export function undoProblemOf(error: unknown): UndoProblem {
  if (!(error instanceof ApiError)) return { kind: 'failed' };
  if (error.status === 404) return { kind: 'notFound' };
  if (error.status !== 409) return { kind: 'failed' };
  if (error.code === AutoScheduleErrorCode.alreadyUndone) return { kind: 'alreadyUndone' };
  const listed = error.details?.tasks;
  const tasks = Array.isArray(listed) ? listed.filter(isConflictTask) : [];
  // A 409 naming tasks is 'changed since', whatever its code; one naming none can only be the run undone already.
  return tasks.length > 0 ? { kind: 'changedSince', tasks } : { kind: 'alreadyUndone' };
}

/** The modal only accepts a day strictly after today in the tenant's zone (spec 02 §5); both are 'YYYY-MM-DD'. */
export function isAfterToday(date: string, today: string): boolean {
  return date > today;
}

/** Confirm needs a date, a loaded summary, and at least one task in it (spec 02 §2.2). */
export function canConfirm(date: string, summary: AutoScheduleSummary | null): boolean {
  return date !== '' && summary !== null && summary.date === date && summary.tasks.length > 0;
}

/**
 * Which of the spec's messages the loaded summary calls for. No template anywhere comes first: nothing can be
 * placed until someone has working hours. With no task for the date, no unscheduled task at all says more than
 * 'nothing for the chosen options'.
 */
export function summaryNotices(summary: AutoScheduleSummary): Array<'noWorkingHours' | 'noUnscheduled' | 'nothingToSchedule'> {
  const notices: Array<'noWorkingHours' | 'noUnscheduled' | 'nothingToSchedule'> = [];
  if (!summary.anyWorkerHasTemplate) notices.push('noWorkingHours');
  if (summary.unscheduledCount === 0) notices.push('noUnscheduled');
  else if (summary.tasks.length === 0) notices.push('nothingToSchedule');
  return notices;
}

/** Free minutes as whole hours and the minutes left, for '7 h 30 min'. */
export function hoursAndMinutes(totalMinutes: number): { hours: number; minutes: number } {
  const whole = Math.max(0, Math.round(totalMinutes));
  return { hours: Math.floor(whole / 60), minutes: whole % 60 };
}
