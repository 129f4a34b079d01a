import { osrmBaseUrl, requestOsrm } from './osrm-http';
import { assertCoordinates, RouterError, type Coordinates, type MatrixProvider, type TravelMatrix } from './types';

export interface OsrmOptions {
  /** Service root, for example http://router.internal:5000 (the table path is appended). */
  baseUrl: string;
  timeoutMs: number;
  /** Largest coordinate list per request; OSRM's default max-table-size is 100. Bigger matrices are fetched in blocks. */
  maxLocationsPerRequest?: number;
  profile?: string;
}

interface OsrmTableResponse {
  code?: unknown;
  message?: unknown;
  durations?: unknown;
  distances?: unknown;
}

function isMatrix(value: unknown, rows: number, columns: number): value is (number | null)[][] {
  return (
    Array.isArray(value) &&
    value.length === rows &&
    value.every((row) => Array.isArray(row) && row.length === columns && row.every((cell) => cell === null || typeof cell === 'number'))
  );
}

/** Client of an OSRM-compatible /table service returning durations (s) and distances (m). */
export class OsrmMatrixProvider implements MatrixProvider {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly maxLocations: number;
  private readonly blockSize: number;
  private readonly profile: string;

  constructor(options: OsrmOptions) {
    this.baseUrl = osrmBaseUrl(options.baseUrl);
    this.timeoutMs = options.timeoutMs;
    const maxLocations = options.maxLocationsPerRequest ?? 100;
    if (maxLocations < 2) throw new RouterError('INVALID_INPUT', 'maxLocationsPerRequest must be at least 2');
    // A block request carries its sources and its destinations, so each side gets half of the allowance.
    this.blockSize = Math.floor(maxLocations / 2);
    this.maxLocations = maxLocations;
    this.profile = options.profile ?? 'driving';
  }

  async matrix(locations: readonly Coordinates[]): Promise<TravelMatrix> {
    assertCoordinates(locations);
    const count = locations.length;
    const durations = Array.from({ length: count }, () => new Array<number>(count).fill(0));
    const distances = Array.from({ length: count }, () => new Array<number>(count).fill(0));
    if (count === 0) return { durations, distances };
    const all = locations.map((_, index) => index);
    if (count <= this.maxLocations) {
      await this.fetchBlock(locations, all, all, true, durations, distances);
      return { durations, distances };
    }
    const blocks: number[][] = [];
    for (let first = 0; first < count; first += this.blockSize) blocks.push(all.slice(first, first + this.blockSize));
    for (const sources of blocks) {
      for (const destinations of blocks) await this.fetchBlock(locations, sources, destinations, false, durations, distances);
    }
    return { durations, distances };
  }

  private async fetchBlock(
    locations: readonly Coordinates[],
    sources: number[],
    destinations: number[],
    whole: boolean,
    durations: number[][],
    distances: number[][],
  ): Promise<void> {
    const members = whole ? sources : [...new Set([...sources, ...destinations])];
    const position = new Map(members.map((location, index) => [location, index]));
    const coordinates = members.map((index) => `${locations[index].longitude},${locations[index].latitude}`).join(';');
    const query = new URLSearchParams({ annotations: 'duration,distance' });
    if (!whole) {
      query.set('sources', sources.map((index) => position.get(index)).join(';'));
      query.set('destinations', destinations.map((index) => position.get(index)).join(';'));
    }
    const url = `${this.baseUrl}/table/v1/${this.profile}/${coordinates}?${query.toString()}`;
    const body = await requestOsrm<OsrmTableResponse>(url, this.timeoutMs);
    if (!isMatrix(body.durations, sources.length, destinations.length) || !isMatrix(body.distances, sources.length, destinations.length)) {
      throw new RouterError('BAD_RESPONSE', 'router answer lacks duration or distance tables of the expected size');
    }
    const blockDurations = body.durations;
    const blockDistances = body.distances;
    sources.forEach((from, row) => {
      destinations.forEach((to, column) => {
        const duration = blockDurations[row][column];
        const distance = blockDistances[row][column];
        if (duration === null || distance === null) throw new RouterError('NO_ROUTE', `no route from location ${from} to location ${to}`);
        durations[from][to] = duration;
        distances[from][to] = distance;
      });
    });
  }
}
