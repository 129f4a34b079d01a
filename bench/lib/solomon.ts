import type { SolveInput } from '../../lib/server/auto-schedule/engine/types';

export interface SolomonCustomer {
  number: number;
  x: number;
  y: number;
  demand: number;
  ready: number;
  due: number;
  service: number;
}

export interface SolomonInstance {
  name: string;
  vehicles: number;
  capacity: number;
  /** Index 0 is the depot. */
  sites: SolomonCustomer[];
}

/** Reads the Solomon / Gehring-Homberger text format: name, VEHICLE block, CUSTOMER block. */
export function parseSolomon(text: string): SolomonInstance {
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  const name = lines.find((line) => line.length > 0) ?? 'unnamed';
  let vehicles = 0;
  let capacity = 0;
  const sites: SolomonCustomer[] = [];
  let section = '';
  for (const line of lines) {
    if (line.startsWith('VEHICLE')) section = 'vehicle';
    else if (line.startsWith('CUSTOMER')) section = 'customer';
    const fields = line.split(/\s+/).filter((field) => field.length > 0).map(Number);
    if (fields.length === 0 || fields.some((value) => Number.isNaN(value))) continue;
    if (section === 'vehicle' && fields.length === 2) [vehicles, capacity] = fields;
    else if (section === 'customer' && fields.length >= 7) {
      const [number, x, y, demand, ready, due, service] = fields;
      sites.push({ number, x, y, demand, ready, due, service });
    }
  }
  if (sites.length < 2 || vehicles <= 0) throw new Error(`not a Solomon instance: ${name}`);
  return { name, vehicles, capacity, sites };
}

/** Euclidean distances in double precision, the convention of the distance-only best-known solutions. */
export function euclideanMatrix(instance: SolomonInstance): number[][] {
  return instance.sites.map((from) => instance.sites.map((to) => Math.hypot(from.x - to.x, from.y - to.y)));
}

/**
 * The instance as engine input: travel time equals distance, the depot's due date ends the day, a customer's window
 * bounds the service start, every vehicle starts and ends at the depot with the file's capacity.
 */
export function solomonToInput(instance: SolomonInstance, vehicles: number, matrix: number[][]): SolveInput {
  const depot = instance.sites[0];
  return {
    jobs: instance.sites.slice(1).map((site, index) => ({
      id: String(site.number),
      location: index + 1,
      duration: site.service,
      timeWindows: [{ start: site.ready, end: site.due }],
      demand: [site.demand],
    })),
    workers: Array.from({ length: vehicles }, (_, index) => ({
      id: `vehicle-${index + 1}`,
      startLocation: 0,
      endLocation: 0,
      shifts: [{ start: depot.ready, end: depot.due }],
      capacity: [instance.capacity],
    })),
    durations: matrix,
    distances: matrix,
    objective: 'distance',
  };
}
