import { haversineMetres } from '../lib/server/integrations/router/haversine';
import type { Coordinates } from '../lib/server/integrations/router/types';
import { Random } from '../lib/server/auto-schedule/engine/random';
import type { FixedJob, Job, SolveInput, TimeWindow, Worker } from '../lib/server/auto-schedule/engine/types';

/**
 * A seeded synthetic city day for the auto-schedule engine: jobs spread over a metropolitan area (denser downtown),
 * workers living around it with split shifts, skills and service zones. Times are seconds of the day, travel is
 * straight-line at a fixed speed, like the haversine matrix provider.
 */
export interface CityOptions {
  seed: number;
  jobs: number;
  workers: number;
  speedKmh: number;
}

export const DEFAULT_CITY: CityOptions = { seed: 2024, jobs: 300, workers: 30, speedKmh: 40 };

const HOUR = 3600;
const SKILLS = ['electrical', 'plumbing', 'gas', 'hvac', 'locks'];
export const CENTRE: Coordinates = { latitude: 45.764, longitude: 4.8357 };
/** Zones are the four quadrants around the centre. */
const ZONES = ['north-west', 'north-east', 'south-west', 'south-east'];

function zoneOf(point: Coordinates): number {
  return (point.latitude < CENTRE.latitude ? 2 : 0) + (point.longitude < CENTRE.longitude ? 0 : 1);
}

function randomPoint(random: Random, spreadKm: number): Coordinates {
  const angle = random.next() * 2 * Math.PI;
  const radiusKm = spreadKm * Math.sqrt(random.next());
  return {
    latitude: CENTRE.latitude + (radiusKm / 111.2) * Math.sin(angle),
    longitude: CENTRE.longitude + (radiusKm / (111.2 * Math.cos((CENTRE.latitude * Math.PI) / 180))) * Math.cos(angle),
  };
}

export interface City {
  input: SolveInput;
  locations: Coordinates[];
  zoneNames: string[];
  /** Each worker's zones (indices into zoneNames), in worker order: the database seed writes them as user zones. */
  workerZones: number[][];
}

export function generateCity(options: CityOptions = DEFAULT_CITY): City {
  const random = new Random(options.seed);
  const locations: Coordinates[] = [];
  const place = (point: Coordinates): number => locations.push(point) - 1;

  const shiftPatterns: TimeWindow[][] = [
    [{ start: 8 * HOUR, end: 12 * HOUR }, { start: 13 * HOUR, end: 17 * HOUR }],
    [{ start: 7 * HOUR, end: 11 * HOUR }, { start: 12 * HOUR, end: 16 * HOUR }],
    [{ start: 9 * HOUR, end: 13 * HOUR }, { start: 14 * HOUR, end: 18 * HOUR }],
    [{ start: 8 * HOUR, end: 12 * HOUR }],
    [{ start: 13 * HOUR, end: 19 * HOUR }],
  ];
  const workers: Worker[] = [];
  const zonesByWorker: Set<number>[] = [];
  for (let index = 0; index < options.workers; index++) {
    const home = place(randomPoint(random, 14));
    const skills = SKILLS.filter(() => random.next() < 0.45);
    if (skills.length === 0) skills.push(SKILLS[random.int(SKILLS.length)]);
    const zones = new Set([zoneOf(locations[home])]);
    if (random.next() < 0.6) zones.add(random.int(ZONES.length));
    zonesByWorker.push(zones);
    const pattern = shiftPatterns[random.next() < 0.75 ? random.int(3) : 3 + random.int(2)];
    workers.push({ id: `worker-${index + 1}`, startLocation: home, endLocation: home, shifts: pattern.map((shift) => ({ ...shift })), skills, capacity: [14] });
  }
  const zoneWorkers = ZONES.map((_, zone) => workers.filter((_, index) => zonesByWorker[index].has(zone)).map((worker) => worker.id));

  const jobs: Job[] = [];
  for (let index = 0; index < options.jobs; index++) {
    const point = randomPoint(random, random.next() < 0.6 ? 5 : 15);
    const location = place(point);
    const duration = (20 + 10 * random.int(5)) * 60;
    const slotDraw = random.next();
    let timeWindows: TimeWindow[] | undefined;
    if (slotDraw < 0.45) {
      const slotStart = (8 + 2 * random.int(5)) * HOUR;
      timeWindows = [{ start: slotStart, end: slotStart + 2 * HOUR - duration }];
    } else if (slotDraw < 0.65) {
      timeWindows = random.next() < 0.5 ? [{ start: 8 * HOUR, end: 12 * HOUR - duration }] : [{ start: 13 * HOUR, end: 18 * HOUR - duration }];
    }
    const skills = random.next() < 0.7 ? [SKILLS[random.int(SKILLS.length)]] : [];
    jobs.push({
      id: `task-${index + 1}`,
      location,
      duration,
      timeWindows,
      skills,
      allowedWorkers: zoneWorkers[zoneOf(point)],
      demand: [1],
      priority: random.next() < 0.1 ? 2 : 0,
    });
  }

  for (const worker of workers) {
    if (random.next() >= 0.3) continue;
    const shift = worker.shifts[0];
    const start = shift.start + HOUR + random.int(4) * 900;
    const fixed: FixedJob = { id: `booked-${worker.id}`, location: place(randomPoint(random, 10)), start, duration: HOUR, demand: [1] };
    worker.fixedJobs = [fixed];
  }

  const metresPerSecond = (options.speedKmh * 1000) / HOUR;
  const distances = locations.map((from) => locations.map((to) => haversineMetres(from, to)));
  const durations = distances.map((row) => row.map((metres) => metres / metresPerSecond));
  return {
    input: { jobs, workers, durations, distances, objective: 'duration', seed: options.seed },
    locations,
    zoneNames: ZONES,
    workerZones: zonesByWorker.map((zones) => [...zones].sort((a, b) => a - b)),
  };
}
