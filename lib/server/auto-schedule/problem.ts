import type { AutoScheduleReason } from '@/lib/contract/auto-schedule';
import { Feature, type FeatureId } from '@/lib/contract/features';
import { addDays, startOfDay, zonedInstant } from '@/lib/contract/zoned-time';
import type { FixedJob, Job, SolveInput, TimeWindow, UnassignedReason, Worker } from '@/lib/server/auto-schedule/engine';
import type { Coordinates } from '@/lib/server/integrations/router';
import { isInsidePolygon, type LatLng } from '@/lib/server/scheduling/assignment/geometry';
import type { SelectedTask, PlanDay } from './selection';
import type { Travel } from './travel';
import { plannedDurations, withNowhere } from './travel';
import type { WorkerDay } from './workers';

/** Everything the problem is built from, read by apply. */
export interface ProblemData {
  plan: PlanDay;
  timeZone: string;
  features: readonly FeatureId[];
  tasks: readonly SelectedTask[];
  workers: readonly WorkerDay[];
  /** The tenant's office: the start and end of a worker without a start location of their own. */
  office: Coordinates | null;
  slots: ReadonlyMap<number, { start: string; end: string }>;
  typeSkills: ReadonlyMap<number, readonly number[]>;
  workerSkills: ReadonlyMap<number, readonly number[]>;
  workerZones: ReadonlyMap<number, readonly LatLng[][]>;
}

/**
 * The solver's problem before travel is known: jobs, workers and the points the travel matrix is for. Times are
 * seconds from the day's local midnight instant; a location index equal to `points.length` is "nowhere", a place
 * with no travel to or from it.
 */
export interface Problem {
  jobs: Job[];
  workers: Worker[];
  points: Coordinates[];
  /** Tasks left out before solving, with their reason (no coordinates, a slot shorter than the task). */
  decided: Map<number, AutoScheduleReason>;
}

export const jobKey = (taskId: number) => `t${taskId}`;
export const workerKey = (workerId: number) => `w${workerId}`;
export const bookingKey = (taskId: number) => `b${taskId}`;
export const idOfKey = (key: string) => Number(key.slice(1));

const validPoint = (latitude: number | null, longitude: number | null): Coordinates | null =>
  latitude !== null &&
  longitude !== null &&
  Number.isFinite(latitude) &&
  Number.isFinite(longitude) &&
  Math.abs(latitude) <= 90 &&
  Math.abs(longitude) <= 180
    ? { latitude, longitude }
    : null;

/** Distinct points in first-seen order, so a building with ten tasks is one row of the matrix. */
class Points {
  readonly list: Coordinates[] = [];
  private readonly indexOf = new Map<string, number>();

  /** The point's index; null (no place) gives -1, turned into "nowhere" once every point is known. */
  add(point: Coordinates | null): number {
    if (point === null) return -1;
    const key = `${point.latitude},${point.longitude}`;
    let index = this.indexOf.get(key);
    if (index === undefined) {
      index = this.list.length;
      this.list.push(point);
      this.indexOf.set(key, index);
    }
    return index;
  }
}

/** A wall-clock 'HH:MM' of the day as an instant; 24:00 is the next local midnight. */
function clockInstant(day: string, clock: string, timeZone: string): number {
  if (clock >= '24:00') return startOfDay(addDays(day, 1), timeZone).getTime();
  return zonedInstant(day, clock, timeZone).getTime();
}

/**
 * Where the task may start: inside its time slot when feature 3 is on and it has one (so it also ends inside);
 * at its own time when it is already dated that day without a slot (its client was told a time); else anywhere in
 * the shifts (undefined). An empty array: the slot is shorter than the task, so no start fits.
 */
function startWindows(task: SelectedTask, data: ProblemData, seconds: (instant: number) => number): TimeWindow[] | undefined {
  const slot = task.timeSlotId === null ? undefined : data.slots.get(task.timeSlotId);
  if (slot && data.features.includes(Feature.timeSlots)) {
    const start = seconds(clockInstant(data.plan.day, slot.start, data.timeZone));
    const end = seconds(clockInstant(data.plan.day, slot.end, data.timeZone)) - task.durationMins * 60;
    return end >= start ? [{ start, end }] : [];
  }
  if (task.appointmentDate !== null) {
    const start = seconds(task.appointmentDate);
    return [{ start, end: start }];
  }
  return undefined;
}

/** Feature 1: the workers who may take a task at this point; undefined when every worker may. */
function allowedWorkers(point: Coordinates, data: ProblemData): string[] | undefined {
  if (!data.features.includes(Feature.zones)) return undefined;
  const at: LatLng = { lat: point.latitude, lng: point.longitude };
  const allowed = data.workers.filter((worker) => {
    const polygons = data.workerZones.get(worker.id) ?? [];
    return polygons.length === 0 || polygons.some((polygon) => isInsidePolygon(at, polygon));
  });
  return allowed.length === data.workers.length ? undefined : allowed.map((worker) => workerKey(worker.id));
}

/**
 * The solver's jobs and workers from the rows: every located task a job (its duration, start window, skills with
 * feature 4, allowed workers with feature 1, one unit of the tasks-per-day capacity); every worker with their
 * shifts, start and end (their own, else the office, else nowhere) and their bookings as fixed jobs, which count
 * against the capacity too.
 */
export function buildProblem(data: ProblemData): Problem {
  const points = new Points();
  const seconds = (instant: number) => (instant - data.plan.range.start) / 1000;
  const skillsOn = data.features.includes(Feature.skills);
  const capacityOn = data.workers.some((worker) => worker.maxTasksPerDay !== null);
  const demand = capacityOn ? [1] : undefined;
  const decided = new Map<number, AutoScheduleReason>();

  const workers: Worker[] = data.workers.map((worker) => {
    const start = points.add(worker.start ?? data.office);
    const fixedJobs: FixedJob[] = worker.bookings.map((booking) => ({
      id: bookingKey(booking.id),
      location: points.add(validPoint(booking.latitude, booking.longitude)),
      start: seconds(booking.start),
      duration: (booking.end - booking.start) / 1000,
      demand,
    }));
    return {
      id: workerKey(worker.id),
      startLocation: start,
      endLocation: start,
      shifts: worker.working.map((interval) => ({ start: seconds(interval.start), end: seconds(interval.end) })),
      skills: skillsOn ? (data.workerSkills.get(worker.id) ?? []).map(String) : undefined,
      capacity: worker.maxTasksPerDay === null ? undefined : [worker.maxTasksPerDay],
      fixedJobs,
    };
  });

  const jobs: Job[] = [];
  for (const task of data.tasks) {
    const point = validPoint(task.latitude, task.longitude);
    if (point === null) {
      decided.set(task.id, 'NO_LOCATION');
      continue;
    }
    const timeWindows = startWindows(task, data, seconds);
    if (timeWindows !== undefined && timeWindows.length === 0) {
      decided.set(task.id, 'NO_FREE_TIME_IN_WINDOW');
      continue;
    }
    jobs.push({
      id: jobKey(task.id),
      location: points.add(point),
      duration: task.durationMins * 60,
      timeWindows,
      skills: skillsOn ? (data.typeSkills.get(task.typeId) ?? []).map(String) : undefined,
      allowedWorkers: allowedWorkers(point, data),
      demand,
    });
  }

  const nowhere = points.list.length;
  const place = (index: number) => (index < 0 ? nowhere : index);
  for (const job of jobs) job.location = place(job.location);
  for (const worker of workers) {
    worker.startLocation = place(worker.startLocation);
    worker.endLocation = place(worker.endLocation);
    for (const fixed of worker.fixedJobs ?? []) fixed.location = place(fixed.location);
  }
  return { jobs, workers, points: points.list, decided };
}

/**
 * A worker's shifts, widened by an empty window when a booking lies before the first shift or after the last one
 * (a dispatcher may book outside the hours): the route must be able to leave in time for it and come back after
 * it, or the solver would find the whole day infeasible. An empty window holds no new task.
 */
function shiftsAroundBookings(worker: Worker, durations: number[][]): TimeWindow[] {
  const shifts = [...worker.shifts].sort((a, b) => a.start - b.start);
  const fixed = worker.fixedJobs ?? [];
  if (fixed.length === 0 || shifts.length === 0) return shifts;
  const first = fixed.reduce((a, b) => (b.start < a.start ? b : a));
  const last = fixed.reduce((a, b) => (b.start + b.duration > a.start + a.duration ? b : a));
  const leave = first.start - durations[worker.startLocation][first.location];
  const back = last.start + last.duration + durations[last.location][worker.endLocation];
  const widened = [...shifts];
  if (leave < shifts[0].start) widened.unshift({ start: leave, end: leave });
  if (back > shifts[shifts.length - 1].end) widened.push({ start: back, end: back });
  return widened;
}

/**
 * The worker's bookings as the solver can take them. A dispatcher may book tasks overlapping, or back to back with no
 * time to travel between them; the solver would then find the whole day infeasible and give the worker nothing more.
 * The bookings are the office's decision, so they are taken as they are: overlapping ones become one block (their
 * demands added up), and a booking that cannot be reached in time from the one before counts as reached: an empty
 * stop "nowhere" at its start takes the place of the travel to it, while travel on from it is counted as usual.
 */
export function reconciledBookings(fixed: readonly FixedJob[], durations: readonly (readonly number[])[], nowhere: number): FixedJob[] {
  const kept: FixedJob[] = [];
  for (const booking of [...fixed].sort((a, b) => a.start - b.start)) {
    const previous = kept.at(-1);
    const previousEnd = previous ? previous.start + previous.duration : -Infinity;
    if (previous && booking.start < previousEnd) {
      const demand = previous.demand && booking.demand ? previous.demand.map((amount, index) => amount + (booking.demand?.[index] ?? 0)) : previous.demand;
      kept[kept.length - 1] = { ...previous, duration: Math.max(previousEnd, booking.start + booking.duration) - previous.start, demand };
    } else if (previous && previousEnd + durations[previous.location][booking.location] > booking.start) {
      kept.push({ id: `${booking.id}-reached`, location: nowhere, start: booking.start, duration: 0 }, booking);
    } else {
      kept.push(booking);
    }
  }
  return kept;
}

/** The solver's time budget: grows with the tasks, 3 s at most; AUTO_SCHEDULE_TIME_LIMIT_MS overrides it. */
export function timeLimitMs(jobCount: number, override: number | undefined): number {
  return override ?? Math.min(3000, 300 + 8 * jobCount);
}

/** The solver's input once travel is known: whole-minute travel times, the "nowhere" location appended. */
export function solveInput(problem: Problem, travel: Travel, limitMs: number): SolveInput {
  const durations = plannedDurations(withNowhere(travel.durations));
  const distances = withNowhere(travel.distances);
  return {
    jobs: problem.jobs,
    workers: problem.workers.map((worker) => {
      const reconciled = { ...worker, fixedJobs: reconciledBookings(worker.fixedJobs ?? [], durations, durations.length - 1) };
      return { ...reconciled, shifts: shiftsAroundBookings(reconciled, durations) };
    }),
    durations,
    distances,
    objective: 'duration',
    timeLimitMs: limitMs,
    seed: 1,
  };
}

/** The engine's reasons as the contract names them: allowed workers are the zone filter. */
export function reasonOf(reason: UnassignedReason): AutoScheduleReason {
  return reason === 'OUTSIDE_ALLOWED_WORKERS' ? 'OUTSIDE_EVERY_ZONE' : reason;
}
