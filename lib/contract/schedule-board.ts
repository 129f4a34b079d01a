import { z } from 'zod';
import type { AssignmentWarning } from './task-form';
import type { WorkerUnavailableSpan } from './working-hours';
import type { ErrorCodeName } from '@/lib/contract/error-catalogue';
import { rule } from '@/lib/contract/problems';

const LocalDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date is YYYY-MM-DD.');

/** The board reads at most a month and its edges (month view with the days around it). */
export const maxBoardRangeDays = 42;

/**
 * GET tasks/board?from=YYYY-MM-DD&to=YYYY-MM-DD (added call): everything the schedule board shows for the local days
 * from..to (both included, tenant time zone), in one lean answer instead of the full task view.
 */
export const BoardQuery = z
  .object({ from: LocalDate, to: LocalDate })
  .refine((query) => query.to >= query.from, { ...rule('schedule.rangeReversed', 'to must not be before from.'), path: ['to'] })
  .refine((query) => (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 < maxBoardRangeDays, {
    ...rule('schedule.rangeTooLong', `The board reads at most ${maxBoardRangeDays} days.`, { max: maxBoardRangeDays }),
    path: ['to'],
  });
export type BoardQuery = z.infer<typeof BoardQuery>;

/** The unscheduled panel draws at most this many rows; the board answer and the panel's filter read one page. */
export const unscheduledPageSize = 100;

/**
 * GET tasks/board/unscheduled?filter=&limit= (added call): the left panel's tasks (no appointment date, not cancelled),
 * newest first, whose type name contains the filter or whose reference number contains it ('#' before it ignored),
 * case-insensitively; an empty filter matches every one. Answers the first `limit` (default and at most
 * `unscheduledPageSize`) and the total that match.
 */
export const UnscheduledQuery = z.object({
  filter: z.string().max(200, 'The filter is at most 200 characters.').default(''),
  limit: z.coerce
    .number('limit must be a whole number from 1.')
    .int('limit must be a whole number from 1.')
    .min(1, 'limit must be a whole number from 1.')
    .max(unscheduledPageSize, `limit is at most ${unscheduledPageSize}.`)
    .default(unscheduledPageSize),
});
export type UnscheduledQuery = z.infer<typeof UnscheduledQuery>;

export interface UnscheduledPage {
  tasks: BoardTask[];
  /** How many match in all; more than tasks.length when the page is cut. */
  total: number;
}

/** One task as the board and its panels show it: only what an event bar, a panel row and a drop check need. */
export interface BoardTask {
  id: number;
  referenceNumber: number;
  title: string;
  statusId: number;
  typeId: number;
  typeName: string;
  assigneeId: number | null;
  /** Appointment start (ISO instant); null for an unscheduled task. */
  start: string | null;
  durationMins: number;
  timeSlotId: number | null;
  hasLocation: boolean;
  cancelled: boolean;
  updated: string;
}

/** A row of the board: an active, non-deleted assignee. */
export interface BoardWorker {
  id: number;
  name: string;
  surname: string;
  profilePictureId: number | null;
}

/** Hours of the day on the wall clock, 'HH:mm' to 'HH:mm' ('24:00' for the day's end). */
export interface DayWindow {
  start: string;
  end: string;
}

export interface BoardData {
  /** The range read: local days and the instants that bound them (end excluded). */
  range: { from: string; to: string; start: string; end: string };
  workers: BoardWorker[];
  /** Tasks with a worker whose appointment overlaps the range, cancelled ones included (shown red, immovable). */
  events: BoardTask[];
  /** Right panel: tasks with an appointment in the range, no worker, not cancelled. */
  unassigned: BoardTask[];
  /**
   * Left panel: the first page (at most `unscheduledPageSize`, newest first, as the panel shows them) of the tasks
   * with no appointment date, not cancelled. A tenant may hold thousands; the panel draws a page and its filter asks
   * GET tasks/board/unscheduled for the others.
   */
  unscheduled: BoardTask[];
  /** How many unscheduled tasks there are in all (the panel's count and its 'refine the filter' note). */
  unscheduledTotal: number;
  /** Greyed spans (feature 2 on; empty otherwise). */
  unavailable: WorkerUnavailableSpan[];
  /**
   * The earliest start and latest end of the workers' hours over the range (feature 2 on and some hours known; null
   * otherwise): the week view shows these hours of each day rather than all 24.
   */
  workingWindow: DayWindow | null;
  /** The tenant's last task change when this was read: the live stream resumes after it. */
  changeSeq: number;
}

/**
 * What a schedule write asks the dispatcher to confirm before it saves. The server answers 422 schedule.confirmationRequired
 * with these in `details.warnings` unless every one of them is listed in the body's `confirm`.
 * - unavailable: the worker is not available over the whole interval (feature 2) and the task is being moved
 *   (it already had a worker); on a drop (no worker before) the same case is a refusal, schedule.workerUnavailable.
 * - zones: the task's location lies outside all of the worker's zones (feature 1).
 * - noLocation: the task has no location, so zones cannot be checked (feature 1).
 * - skills: the worker lacks skills the task type requires (feature 4).
 */
export const scheduleConfirmations = ['unavailable', 'zones', 'noLocation', 'skills'] as const;
export type ScheduleConfirmation = (typeof scheduleConfirmations)[number];
export const ScheduleConfirm = z.array(z.enum(scheduleConfirmations)).max(scheduleConfirmations.length).optional();

export type ScheduleWarning =
  | AssignmentWarning
  | { kind: 'noLocation' };

/** The error codes PUT tasks/{id}/schedule answers with (422 unless noted), each with its `details`. */
export const ScheduleErrorCode = {
  /** assigneeId is not an active, non-deleted assignee of the tenant. */
  invalidWorker: 'schedule.invalidWorker',
  /** Feature 3: the interval does not fit the task's time slot; details {slot: {id, name, start, end}}. */
  invalidTimeSlot: 'schedule.outsideTimeSlot',
  /** An unassigned task (date, no worker) dropped on another local day; details {date} (its planned day). */
  notPlannedForDay: 'schedule.notPlannedForDay',
  /** Feature 2, a drop: the worker is not available over the whole interval; details {warning}. */
  workerUnavailable: 'schedule.workerUnavailable',
  /** Warnings to confirm; details {warnings: ScheduleWarning[]}. */
  confirmationRequired: 'schedule.confirmationRequired',
} as const satisfies Record<string, ErrorCodeName>;

export interface InvalidTimeSlotDetails {
  slot: { id: number; name: string; start: string; end: string };
}
export interface NotPlannedForDayDetails {
  date: string;
}
export interface WorkerUnavailableDetails {
  warning: AssignmentWarning;
}
export interface ConfirmationRequiredDetails {
  warnings: ScheduleWarning[];
}
