import { osrmBaseUrl, requestOsrm } from './osrm-http';
import { assertCoordinates, RouterError, type Coordinates, type LngLat, type RouteProvider } from './types';

export interface OsrmRouteOptions {
  /** Service root, for example http://router.internal:5000 (the route path is appended). */
  baseUrl: string;
  timeoutMs: number;
  /** Most waypoints per request; OSRM's default max-viaroute-size is 500. Longer routes are fetched in windows. */
  maxWaypointsPerRequest?: number;
  profile?: string;
}

interface OsrmRouteResponse {
  code?: unknown;
  message?: unknown;
  routes?: unknown;
  waypoints?: unknown;
}

const isLngLat = (value: unknown): value is LngLat =>
  Array.isArray(value) && value.length >= 2 && typeof value[0] === 'number' && typeof value[1] === 'number';

function routeLine(body: OsrmRouteResponse): LngLat[] {
  const route: unknown = Array.isArray(body.routes) ? body.routes[0] : undefined;
  const geometry: unknown = route && typeof route === 'object' ? (route as { geometry?: unknown }).geometry : undefined;
  const coordinates: unknown = geometry && typeof geometry === 'object' ? (geometry as { coordinates?: unknown }).coordinates : undefined;
  if (!Array.isArray(coordinates) || coordinates.length < 2 || !coordinates.every(isLngLat)) {
    throw new RouterError('BAD_RESPONSE', 'router answer lacks a GeoJSON line of at least two points');
  }
  return coordinates.map(([longitude, latitude]) => [longitude, latitude]);
}

function snappedWaypoints(body: OsrmRouteResponse, count: number): LngLat[] {
  const waypoints = body.waypoints;
  const locations = Array.isArray(waypoints)
    ? waypoints.map((waypoint: unknown) => (waypoint && typeof waypoint === 'object' ? (waypoint as { location?: unknown }).location : undefined))
    : [];
  if (locations.length !== count || !locations.every(isLngLat)) {
    throw new RouterError('BAD_RESPONSE', `router answer lacks the ${count} snapped waypoints`);
  }
  return locations.map(([longitude, latitude]) => [longitude, latitude]);
}

const squaredGap = (a: LngLat, b: LngLat) => (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2;

/**
 * Where the line passes a via point, searching from `from` on. OSRM's full overview holds each snapped via point
 * as a vertex, so the first exact match is the pass in route order; failing that, the nearest vertex.
 */
function vertexNear(line: readonly LngLat[], point: LngLat, from: number): number {
  let nearest = from;
  for (let index = from; index < line.length; index += 1) {
    const gap = squaredGap(line[index], point);
    if (gap < 1e-14) return index;
    if (gap < squaredGap(line[nearest], point)) nearest = index;
  }
  return nearest;
}

const samePoint = (a: LngLat, b: LngLat) => squaredGap(a, b) < 1e-14;

/**
 * Cuts one routed line through all waypoints into its legs. Each leg also starts and ends at the stops themselves,
 * not only at the road points they snapped to, so the drawn line reaches the map's markers.
 */
export function splitAtWaypoints(line: readonly LngLat[], snapped: readonly LngLat[], stops: readonly Coordinates[]): LngLat[][] {
  const cuts = [0];
  for (let index = 1; index < snapped.length - 1; index += 1) cuts.push(vertexNear(line, snapped[index], cuts[index - 1]));
  cuts.push(line.length - 1);
  return stops.slice(1).map((stop, index) => {
    const leg = line.slice(cuts[index], cuts[index + 1] + 1);
    const start: LngLat = [stops[index].longitude, stops[index].latitude];
    const end: LngLat = [stop.longitude, stop.latitude];
    if (leg.length === 0 || !samePoint(leg[0], start)) leg.unshift(start);
    if (!samePoint(leg[leg.length - 1], end)) leg.push(end);
    if (leg.length === 1) leg.push(end);
    return leg;
  });
}

/** Client of an OSRM-compatible /route service: the road geometry of each leg, all waypoints in one request. */
export class OsrmRouteProvider implements RouteProvider {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly maxWaypoints: number;
  private readonly profile: string;

  constructor(options: OsrmRouteOptions) {
    this.baseUrl = osrmBaseUrl(options.baseUrl);
    this.timeoutMs = options.timeoutMs;
    this.maxWaypoints = options.maxWaypointsPerRequest ?? 100;
    if (this.maxWaypoints < 2) throw new RouterError('INVALID_INPUT', 'maxWaypointsPerRequest must be at least 2');
    this.profile = options.profile ?? 'driving';
  }

  async legs(waypoints: readonly Coordinates[]): Promise<LngLat[][]> {
    assertCoordinates(waypoints);
    if (waypoints.length < 2) return [];
    // Windows share their end waypoint with the next window's start, so every leg is in exactly one request.
    const windows: Coordinates[][] = [];
    for (let first = 0; first < waypoints.length - 1; first += this.maxWaypoints - 1) {
      windows.push(waypoints.slice(first, first + this.maxWaypoints));
    }
    const answers = await Promise.all(windows.map((window) => this.fetchLegs(window)));
    return answers.flat();
  }

  private async fetchLegs(stops: readonly Coordinates[]): Promise<LngLat[][]> {
    const coordinates = stops.map((stop) => `${stop.longitude},${stop.latitude}`).join(';');
    const query = new URLSearchParams({ overview: 'full', geometries: 'geojson' });
    const body = await requestOsrm<OsrmRouteResponse>(`${this.baseUrl}/route/v1/${this.profile}/${coordinates}?${query.toString()}`, this.timeoutMs);
    return splitAtWaypoints(routeLine(body), snappedWaypoints(body, stops.length), stops);
  }
}

/** Without a road router: each leg is the straight line between its two stops. */
export class StraightLineRouteProvider implements RouteProvider {
  legs(waypoints: readonly Coordinates[]): Promise<LngLat[][]> {
    assertCoordinates(waypoints);
    return Promise.resolve(
      waypoints.slice(1).map((to, index) => [
        [waypoints[index].longitude, waypoints[index].latitude],
        [to.longitude, to.latitude],
      ]),
    );
  }
}
