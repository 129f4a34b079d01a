/**
 * The city bench's independent check of an applied auto-schedule. It knows nothing of the app's code: a tenant's
 * day as plain values (read back from the database with plain SQL by city-db-check-read.ts) before and after the
 * run, and the product's rules re-stated here: no overlap per worker, each placed task inside the worker's working
 * hours of the day (record or template, split shifts), inside its slot, the type's skills, inside one of the worker's
 * zones, travel time between consecutive tasks and from and back to the start location, tasks-per-day limits, and
 * every task the run was not to place left as it was. Instants are epoch seconds.
 */

export interface LatLng {
  lat: number;
  lng: number;
}

export interface CheckWorker {
  id: number;
  label: string;
  active: boolean;
  assignee: boolean;
  deleted: boolean;
  /** The hours text that applies on the day (the record's, else the template's weekday); null = no template, no record. */
  hours: string | null;
  skillIds: number[];
  /** The polygons of the worker's live zones; none = works anywhere. */
  zones: LatLng[][];
  /** Own start location, else the tenant's office, else null (no travel from or to it). */
  start: LatLng | null;
  maxTasksPerDay: number | null;
}

export interface CheckTask {
  id: number;
  referenceNumber: number;
  assigneeId: number | null;
  /** Appointment start, epoch seconds; null when unscheduled. */
  start: number | null;
  /** The local date of the start in the tenant zone. */
  localDay: string | null;
  durationMins: number;
  slotId: number | null;
  location: LatLng | null;
  typeId: number;
  statusId: number;
  cancelled: boolean;
  deleted: boolean;
}

export interface DayState {
  day: string;
  features: number[];
  /** The instant of every wall-clock minute of the day in the tenant zone, 0 to 1440 (the next local midnight). */
  minuteInstants: number[];
  /** Slot wall-clock times, minutes after midnight. */
  slots: Map<number, { startMins: number; endMins: number }>;
  typeSkills: Map<number, number[]>;
  workers: Map<number, CheckWorker>;
  tasks: Map<number, CheckTask>;
}

export interface WorkerFigures {
  placed: number;
  /** The whole day's travel, start location to start location, recomputed by the check. */
  travelSeconds: number;
}

export interface CheckReport {
  errors: string[];
  placedIds: number[];
  perWorker: Map<number, WorkerFigures>;
  travelSeconds: number;
}

const FEATURE_ZONES = 1;
const FEATURE_HOURS = 2;
const FEATURE_SLOTS = 3;
const FEATURE_SKILLS = 4;
/** Timestamps keep microseconds and travel is a float: a second's slack, no more. */
const EPSILON_S = 1;
const EARTH_RADIUS_M = 6_371_008.8;

interface Interval {
  start: number;
  end: number;
}

export function haversineMetres(from: LatLng, to: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (to.lat - from.lat) * rad;
  const dLng = (to.lng - from.lng) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(from.lat * rad) * Math.cos(to.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Ray casting on the latitude/longitude plane. */
export function insidePolygon(point: LatLng, polygon: readonly LatLng[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i];
    const b = polygon[j];
    if (a.lat > point.lat !== b.lat > point.lat && point.lng < ((b.lng - a.lng) * (point.lat - a.lat)) / (b.lat - a.lat) + a.lng) inside = !inside;
  }
  return polygon.length >= 3 && inside;
}

const rangePattern = /^(\d{2}):(\d{2})\|(\d{2}):(\d{2})$/;

/** 'HH:mm|HH:mm' ranges, comma-separated, ' ' for none, as minute ranges; throws on anything else. */
export function parseHoursText(text: string): Interval[] {
  if (text.trim() === '') return [];
  return text.split(',').map((part) => {
    const match = rangePattern.exec(part);
    if (!match) throw new Error(`unreadable hours '${text}'`);
    const [start, end] = [Number(match[1]) * 60 + Number(match[2]), Number(match[3]) * 60 + Number(match[4])];
    if (!(start < end && end <= 1440)) throw new Error(`unreadable hours '${text}'`);
    return { start, end };
  });
}

/** Touching ranges make one shift: no break means none. */
function joined(intervals: Interval[]): Interval[] {
  const out: Interval[] = [];
  for (const interval of [...intervals].sort((a, b) => a.start - b.start)) {
    const last = out.at(-1);
    if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
    else out.push({ ...interval });
  }
  return out;
}

/** The worker's working intervals on the day, as instants; the whole day when no hours are known or feature 2 is off. */
export function workingInstants(state: DayState, worker: CheckWorker): Interval[] {
  const minutes = !state.features.includes(FEATURE_HOURS) || worker.hours === null ? [{ start: 0, end: 1440 }] : parseHoursText(worker.hours);
  return joined(minutes.map((range) => ({ start: state.minuteInstants[range.start], end: state.minuteInstants[range.end] })));
}

export function travelSeconds(from: LatLng | null, to: LatLng | null, speedKmh: number): number {
  if (!from || !to) return 0;
  return haversineMetres(from, to) / ((speedKmh * 1000) / 3600);
}

const end = (task: CheckTask) => (task.start ?? 0) + task.durationMins * 60;
const live = (task: CheckTask) => !task.deleted && !task.cancelled;
const name = (task: CheckTask) => `task #${task.referenceNumber}`;
const clockOf = (state: DayState, instant: number) => {
  const minute = state.minuteInstants.findIndex((at, index) => index < 1440 && at <= instant && state.minuteInstants[index + 1] > instant);
  if (minute < 0) return new Date(instant * 1000).toISOString();
  const seconds = Math.round(instant - state.minuteInstants[minute]);
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}${seconds ? `+${seconds}s` : ''}`;
};

/** The product's selection of tasks a run places on `day`. */
export function tasksToPlace(state: DayState): CheckTask[] {
  return [...state.tasks.values()].filter(
    (task) =>
      live(task) && task.statusId !== 4 && task.statusId !== 5 && (task.start === null || (task.localDay === state.day && task.assigneeId === null)),
  );
}

const sameTask = (a: CheckTask, b: CheckTask) =>
  a.assigneeId === b.assigneeId &&
  a.start === b.start &&
  a.durationMins === b.durationMins &&
  a.slotId === b.slotId &&
  a.cancelled === b.cancelled &&
  a.deleted === b.deleted &&
  a.statusId === b.statusId;

/** Which tasks the run placed, and errors for every task it changed that it had no business changing. */
function placedTasks(before: DayState, after: DayState, errors: string[]): CheckTask[] {
  const candidates = new Set(tasksToPlace(before).map((task) => task.id));
  const placed: CheckTask[] = [];
  for (const [id, was] of before.tasks) {
    const now = after.tasks.get(id);
    if (!now) {
      errors.push(`${name(was)} disappeared`);
    } else if (!candidates.has(id)) {
      if (!sameTask(was, now)) errors.push(`${name(was)} changed, though it was not the run's to place (booking or closed task)`);
    } else if (was.assigneeId !== now.assigneeId || was.start !== now.start) {
      if (now.assigneeId === null || now.start === null || now.localDay !== before.day) {
        errors.push(`${name(was)} changed without being placed on a worker on ${before.day}`);
      } else if (was.start !== null && was.start !== now.start) {
        errors.push(`${name(was)} was dated ${clockOf(before, was.start)} and moved to ${clockOf(before, now.start)}`);
      } else if (now.durationMins !== was.durationMins || now.slotId !== was.slotId || !live(now)) {
        errors.push(`${name(was)} changed its duration, slot or state`);
      } else {
        placed.push(now);
      }
    }
  }
  for (const [id, task] of after.tasks) if (!before.tasks.has(id)) errors.push(`${name(task)} appeared during the run`);
  return placed;
}

/** Errors of one placed task against its worker, whatever the other tasks. */
function checkPlacement(state: DayState, task: CheckTask, worker: CheckWorker, shifts: Interval[], errors: string[]): void {
  const who = worker.label;
  const start = task.start ?? 0;
  if (!worker.active || !worker.assignee || worker.deleted) errors.push(`${name(task)} given to ${who}, who is not an active assignee`);
  if (!task.location) errors.push(`${name(task)} placed without a location`);
  if (!shifts.some((shift) => start >= shift.start - EPSILON_S && end(task) <= shift.end + EPSILON_S)) {
    errors.push(`${name(task)} ${clockOf(state, start)}-${clockOf(state, end(task))} is outside the working hours of ${who} (${worker.hours ?? 'none'})`);
  }
  const slot = task.slotId === null ? undefined : state.slots.get(task.slotId);
  if (state.features.includes(FEATURE_SLOTS) && slot) {
    const [from, to] = [state.minuteInstants[slot.startMins], state.minuteInstants[slot.endMins]];
    if (start < from - EPSILON_S || end(task) > to + EPSILON_S) errors.push(`${name(task)} ${clockOf(state, start)}-${clockOf(state, end(task))} is outside its slot`);
  }
  if (state.features.includes(FEATURE_SKILLS)) {
    const missing = (state.typeSkills.get(task.typeId) ?? []).filter((skill) => !worker.skillIds.includes(skill));
    if (missing.length > 0) errors.push(`${name(task)} given to ${who}, who lacks skill(s) ${missing.join(', ')}`);
  }
  if (state.features.includes(FEATURE_ZONES) && worker.zones.length > 0 && task.location) {
    const location = task.location;
    if (!worker.zones.some((zone) => insidePolygon(location, zone))) errors.push(`${name(task)} given to ${who}, outside every zone of theirs`);
  }
}

/** Overlaps, travel between consecutive tasks, the way out and back, and the tasks-per-day limit of one worker's day. */
function checkRoute(state: DayState, worker: CheckWorker, day: CheckTask[], placedIds: Set<number>, shifts: Interval[], speedKmh: number, errors: string[]): number {
  const who = worker.label;
  const isPlaced = (task: CheckTask) => placedIds.has(task.id);
  for (let i = 0; i < day.length; i++) {
    for (let j = i + 1; j < day.length; j++) {
      const [a, b] = [day[i], day[j]];
      if ((isPlaced(a) || isPlaced(b)) && (a.start ?? 0) < end(b) - EPSILON_S && (b.start ?? 0) < end(a) - EPSILON_S) {
        errors.push(`${who}: ${name(a)} and ${name(b)} overlap`);
      }
    }
  }
  let total = 0;
  let from: { location: LatLng | null; free: number; task: CheckTask | null } = { location: worker.start, free: shifts[0]?.start ?? 0, task: null };
  for (const task of day) {
    const travel = travelSeconds(from.location, task.location, speedKmh);
    total += travel;
    if ((isPlaced(task) || (from.task !== null && isPlaced(from.task))) && from.free + travel > (task.start ?? 0) + EPSILON_S) {
      const what = from.task ? `after ${name(from.task)}` : 'from the start location';
      errors.push(`${who}: ${name(task)} at ${clockOf(state, task.start ?? 0)} cannot be reached ${what} (${Math.ceil(travel)} s of travel, free at ${clockOf(state, from.free)})`);
    }
    from = { location: task.location ?? from.location, free: Math.max(from.free, end(task)), task };
  }
  const back = travelSeconds(from.location, worker.start, speedKmh);
  total += back;
  const last = shifts.at(-1)?.end ?? 0;
  if (from.task && isPlaced(from.task) && from.free + back > last + EPSILON_S) {
    errors.push(`${who}: back at the start location at ${clockOf(state, from.free + back)}, after the last shift ends at ${clockOf(state, last)}`);
  }
  if (worker.maxTasksPerDay !== null && day.length > worker.maxTasksPerDay) errors.push(`${who}: ${day.length} tasks over the limit of ${worker.maxTasksPerDay} a day`);
  return total;
}

/**
 * Checks the day after the run against the day before. The speed is the straight-line travel speed the app uses
 * without a router.
 */
export function checkAppliedDay(before: DayState, after: DayState, speedKmh: number): CheckReport {
  const errors: string[] = [];
  const placed = placedTasks(before, after, errors);
  const placedIds = new Set(placed.map((task) => task.id));
  const dayStart = after.minuteInstants[0];
  const dayEnd = after.minuteInstants[1440];
  const perWorker = new Map<number, WorkerFigures>();
  let travel = 0;
  for (const workerId of new Set(placed.map((task) => task.assigneeId ?? 0))) {
    const worker = after.workers.get(workerId);
    if (!worker) {
      errors.push(`tasks placed on user ${workerId}, who is not one of the tenant's workers`);
      continue;
    }
    let shifts: Interval[];
    try {
      shifts = workingInstants(after, worker);
    } catch (error) {
      errors.push(`${worker.label}: ${(error as Error).message}`);
      continue;
    }
    const day = [...after.tasks.values()]
      .filter((task) => task.assigneeId === workerId && live(task) && task.start !== null && task.start < dayEnd && end(task) > dayStart)
      .sort((a, b) => (a.start ?? 0) - (b.start ?? 0) || a.id - b.id);
    for (const task of day) if (placedIds.has(task.id)) checkPlacement(after, task, worker, shifts, errors);
    const seconds = checkRoute(after, worker, day, placedIds, shifts, speedKmh, errors);
    perWorker.set(workerId, { placed: day.filter((task) => placedIds.has(task.id)).length, travelSeconds: seconds });
    travel += seconds;
  }
  return { errors, placedIds: [...placedIds], perWorker, travelSeconds: travel };
}

/** After an undo: every task as it was before the run. */
export function checkRestored(before: DayState, after: DayState): string[] {
  const errors: string[] = [];
  for (const [id, was] of before.tasks) {
    const now = after.tasks.get(id);
    if (!now || !sameTask(was, now)) errors.push(`${name(was)} not restored by the undo`);
  }
  return errors;
}
