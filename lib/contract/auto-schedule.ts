import { z } from 'zod';
import { Id } from './ids';
import type { ErrorCodeName } from '@/lib/contract/error-catalogue';

/**
 * Auto-schedule (spec 02 §2.2, §5, §7): place a day's open tasks on workers and start times, then minimise travel.
 * Feature 2 (working hours) gates every call; the caller is a tasksManager.
 */

/** The modal's summary table shows this many rows a page (spec 02 §9). */
export const autoSchedulePageSize = 5;

/** The spec's warning when the date is today or earlier in the tenant's zone. */
export const dateMustBeAfterToday = 'The date must be greater than today.';

const IsoDay = z.iso.date({ message: 'currentDate is a date as YYYY-MM-DD.' });

/** GET tasks/auto-schedule/summary?currentDate= and PUT tasks/auto-schedule?currentDate= */
export const AutoScheduleQuery = z.object({ currentDate: IsoDay });
export type AutoScheduleQuery = z.infer<typeof AutoScheduleQuery>;

/** One task the run would place (spec 02 §3 summary item, plus the id to open it). */
export interface AutoScheduleSummaryTask {
  id: number;
  referenceNumber: number;
  title: string;
}

/** A worker with free time on the date: working hours that day minus what they already have booked. */
export interface AutoScheduleSummaryWorker {
  id: number;
  name: string;
  surname: string;
  freeMinutes: number;
}

export interface AutoScheduleSummary {
  date: string;
  /** Tasks with no appointment date and not cancelled, plus tasks dated that day with no worker; reference order. */
  tasks: AutoScheduleSummaryTask[];
  workers: AutoScheduleSummaryWorker[];
  /** False when no active worker has a working-hours template: 'No working hours assigned to workers'. */
  anyWorkerHasTemplate: boolean;
  /** Open tasks with no appointment date at all, whatever the date: 0 gives the 'no unscheduled tasks' message. */
  unscheduledCount: number;
}

/**
 * Why a task was not placed, each one a dispatcher can act on:
 * - NO_LOCATION: the task has no coordinates;
 * - NO_WORKER_WITH_SKILLS: no worker with free time has every skill its type needs (feature 4);
 * - OUTSIDE_EVERY_ZONE: the location is outside the zones of every worker who could take it (feature 1);
 * - NO_FREE_TIME_IN_WINDOW: no worker has free time inside its window (its slot, its time, or the working day);
 * - NO_ROOM_LEFT: it would fit alone, but the day is full (other placements, or a worker's tasks-per-day limit);
 * - CHANGED_WHILE_SOLVING: someone changed the task, or the worker's day, while the run was solving: left alone.
 */
export const autoScheduleReasons = [
  'NO_LOCATION',
  'NO_WORKER_WITH_SKILLS',
  'OUTSIDE_EVERY_ZONE',
  'NO_FREE_TIME_IN_WINDOW',
  'NO_ROOM_LEFT',
  'CHANGED_WHILE_SOLVING',
] as const;
export type AutoScheduleReason = (typeof autoScheduleReasons)[number];

export interface AutoScheduleNotPlaced {
  id: number;
  referenceNumber: number;
  title: string;
  reason: AutoScheduleReason;
}

/** Per worker who got at least one task from the run. */
export interface AutoScheduleWorkerResult {
  id: number;
  name: string;
  surname: string;
  tasksPlaced: number;
  /** Travel of the worker's whole day (start location, every task, back), in whole minutes. */
  travelMinutes: number;
}

/** Where the travel times came from: the router's table service, or straight lines at the configured speed. */
export type TravelSource = 'router' | 'haversine';

export interface AutoScheduleResult {
  /** The run's id for POST tasks/auto-schedule/{id}/undo; null when nothing was placed (nothing to undo). */
  runId: number | null;
  date: string;
  placedCount: number;
  /** The spec's list of tasks that could not be scheduled, each with its reason; empty means every task was placed. */
  notPlaced: AutoScheduleNotPlaced[];
  workers: AutoScheduleWorkerResult[];
  travelSource: TravelSource;
  /** True when ROUTER_URL is set but the router failed, so straight lines were used instead. */
  routerFailed: boolean;
}

/** POST tasks/auto-schedule/{id}/undo */
export const AutoScheduleRunParams = z.object({ id: Id });

export interface AutoScheduleUndoResult {
  runId: number;
  /** Tasks put back as they were before the run. */
  restoredCount: number;
}

/**
 * The codes of auto-schedule's 409s, so the modal can tell them apart without reading the English message:
 * another run of the same day is under way; the run was undone already; tasks it placed were changed since (details
 * name them: AutoScheduleUndoConflictDetails).
 */
export const AutoScheduleErrorCode = {
  running: 'autoSchedule.running',
  alreadyUndone: 'autoSchedule.alreadyUndone',
  changedSince: 'autoSchedule.changedSince',
} as const satisfies Record<string, ErrorCodeName>;

/**
 * The 409 of undo when a placed task changed since the run: nothing is restored, and error.details.tasks names them.
 */
export interface AutoScheduleUndoConflictDetails {
  tasks: { id: number; referenceNumber: number; title: string }[];
}
