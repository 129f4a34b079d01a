import { CENTRE, DEFAULT_CITY, generateCity, type CityOptions } from '../city';
import type { Coordinates } from '../../lib/server/integrations/router/types';
import type { TimeWindow } from '../../lib/server/auto-schedule/engine/types';

/**
 * The city of bench/city.ts as the rows a tenant holds, without a database: the same generator and seed give the
 * same workers (homes, split shifts, skills, zones), tasks (places, durations, slots, skills) and fixed bookings.
 * On top of the engine's city it adds what only the product has: workers starting from the office, workers with no
 * zones, tasks-per-day limits, unavailability records for the day, tasks already dated that day without a worker,
 * and tasks that must not be touched (cancelled, completed, deleted, an inactive worker, a cancelled booking).
 * Times are minutes after local midnight.
 */
export interface CityPlanSlot {
  name: string;
  startMins: number;
  endMins: number;
}

export interface CityPlanWorker {
  username: string;
  name: string;
  surname: string;
  /** Index into CityPlan.templates. */
  template: number;
  skills: string[];
  /** Indices into CityPlan.zoneNames; empty = works anywhere. */
  zones: number[];
  /** Null: sets out from the tenant's office. */
  start: Coordinates | null;
  maxTasksPerDay: number | null;
  /** Hours text of an unavailability record on the day, replacing the template's. */
  recordHours: string | null;
  active: boolean;
}

export interface CityPlanTask {
  title: string;
  /** Null: a type needing no skill. */
  skill: string | null;
  durationMins: number;
  location: Coordinates | null;
  /** Index into CityPlan.slots. */
  slot: number | null;
  /** Index into CityPlan.workers: a booking already on that worker. */
  worker: number | null;
  /** Minutes after local midnight on the day, or null for no appointment. */
  startMins: number | null;
  state: 'open' | 'cancelled' | 'completed' | 'deleted';
}

export interface CityPlan {
  zoneNames: string[];
  /** Polygons, one per zone: the quadrants around the centre that the generator's zones are. */
  zonePolygons: Array<Array<{ lat: number; lng: number }>>;
  skills: string[];
  slots: CityPlanSlot[];
  /** Hours text for every weekday of each template ('08:00|12:00,13:00|17:00'). */
  templates: string[];
  workers: CityPlanWorker[];
  /** The tasks the run may place. */
  toPlace: CityPlanTask[];
  /** Bookings and tasks the run must leave as they are. */
  others: CityPlanTask[];
  office: Coordinates;
}

const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const hoursText = (shifts: readonly TimeWindow[]) => shifts.map((shift) => `${clock(shift.start / 60)}|${clock(shift.end / 60)}`).join(',');

/** Quadrants reaching well past the farthest point the generator draws (15 km from the centre). */
function quadrant(zone: number): Array<{ lat: number; lng: number }> {
  const north = zone < 2;
  const east = zone % 2 === 1;
  const lat0 = CENTRE.latitude;
  const lng0 = CENTRE.longitude;
  const lat1 = lat0 + (north ? 0.4 : -0.4);
  const lng1 = lng0 + (east ? 0.5 : -0.5);
  return [
    { lat: lat0, lng: lng0 },
    { lat: lat0, lng: lng1 },
    { lat: lat1, lng: lng1 },
    { lat: lat1, lng: lng0 },
  ];
}

/** Records for the day on three workers without bookings: a day off, other split hours, an afternoon only. */
const recordHours = [' ', '07:30|11:00,14:00|18:30', '12:00|16:00'];
/** Local times of the tasks already dated on the day without a worker (their client was told a time). */
const datedTimes = [9 * 60, 10 * 60 + 30, 14 * 60, 15 * 60 + 30, 11 * 60, 16 * 60];

export function planCity(options: CityOptions = DEFAULT_CITY): CityPlan {
  const city = generateCity(options);
  const { workers, jobs } = city.input;
  const point = (index: number): Coordinates => city.locations[index];

  const templates: string[] = [];
  const templateOf = (text: string) => (templates.includes(text) ? templates.indexOf(text) : templates.push(text) - 1);
  const withoutBookings = workers.map((worker, index) => ({ worker, index })).filter(({ worker, index }) => index > 0 && !worker.fixedJobs?.length);
  const recordOf = new Map(withoutBookings.slice(0, recordHours.length).map(({ index }, at) => [index, recordHours[at]]));

  const planWorkers: CityPlanWorker[] = workers.map((worker, index) => ({
    username: `worker${index + 1}@city.bench`,
    name: 'Worker',
    surname: String(index + 1),
    template: templateOf(hoursText(worker.shifts)),
    skills: worker.skills ?? [],
    zones: index % 7 === 3 ? [] : city.workerZones[index],
    start: index % 6 === 5 ? null : point(worker.startLocation),
    maxTasksPerDay: index % 8 === 2 ? 4 + (index % 3) : null,
    recordHours: recordOf.get(index) ?? null,
    active: true,
  }));
  // Has hours and every skill, but is inactive: the run must give it nothing.
  planWorkers.push({
    username: 'inactive@city.bench',
    name: 'Inactive',
    surname: 'Worker',
    template: 0,
    skills: [...new Set(workers.flatMap((worker) => worker.skills ?? []))],
    zones: [],
    start: null,
    maxTasksPerDay: null,
    recordHours: null,
    active: false,
  });

  const slots: CityPlanSlot[] = [];
  const slotOf = (window: TimeWindow, duration: number) => {
    const startMins = window.start / 60;
    const endMins = (window.end + duration) / 60;
    const found = slots.findIndex((slot) => slot.startMins === startMins && slot.endMins === endMins);
    return found >= 0 ? found : slots.push({ name: `${clock(startMins)}-${clock(endMins)}`, startMins, endMins }) - 1;
  };
  let unwindowed = 0;
  const toPlace: CityPlanTask[] = jobs.map((job, index) => {
    const window = job.timeWindows?.[0];
    const dated = !window && unwindowed++ % 30 === 7 ? datedTimes[Math.floor(unwindowed / 30) % datedTimes.length] : null;
    return {
      title: `City task ${index + 1}`,
      skill: job.skills?.[0] ?? null,
      durationMins: job.duration / 60,
      location: point(job.location),
      slot: window ? slotOf(window, job.duration) : null,
      worker: null,
      startMins: dated,
      state: 'open',
    };
  });

  const others: CityPlanTask[] = workers.flatMap((worker, index) =>
    (worker.fixedJobs ?? []).map((fixed) => ({
      title: `City booking ${fixed.id}`,
      skill: null,
      durationMins: fixed.duration / 60,
      location: point(fixed.location),
      slot: null,
      worker: index,
      startMins: fixed.start / 60,
      state: 'open' as const,
    })),
  );
  const noise = (title: string, state: CityPlanTask['state'], worker: number | null, startMins: number | null): CityPlanTask => ({
    title,
    skill: null,
    durationMins: 60,
    location: point(jobs[0].location),
    slot: null,
    worker,
    startMins,
    state,
  });
  others.push(
    noise('City cancelled, unscheduled', 'cancelled', null, null),
    noise('City completed, unscheduled', 'completed', null, null),
    noise('City deleted, unscheduled', 'deleted', null, null),
    noise('City cancelled, dated without worker', 'cancelled', null, 10 * 60),
    // A cancelled booking does not take the worker's time: the run may place over it.
    noise('City cancelled booking', 'cancelled', 0, 9 * 60),
  );

  return {
    zoneNames: city.zoneNames,
    zonePolygons: city.zoneNames.map((_, zone) => quadrant(zone)),
    skills: [...new Set(workers.flatMap((worker) => worker.skills ?? []).concat(jobs.flatMap((job) => job.skills ?? [])))].sort(),
    slots,
    templates,
    workers: planWorkers,
    toPlace,
    others,
    office: CENTRE,
  };
}
