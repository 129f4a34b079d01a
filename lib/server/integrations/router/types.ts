export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** Square matrices indexed [from][to]: durations in seconds, distances in metres. */
export interface TravelMatrix {
  durations: number[][];
  distances: number[][];
}

/** Source of travel times and distances between locations, for the auto-schedule engine. */
export interface MatrixProvider {
  matrix(locations: readonly Coordinates[]): Promise<TravelMatrix>;
}

/** A point as GeoJSON and OSRM write it: longitude first. */
export type LngLat = [number, number];

/**
 * Source of the drawn path through waypoints in the given order: one line per leg (waypoint i to i + 1), each
 * starting at waypoint i and ending at waypoint i + 1, for the route map.
 */
export interface RouteProvider {
  legs(waypoints: readonly Coordinates[]): Promise<LngLat[][]>;
}

export type RouterErrorCode = 'TIMEOUT' | 'UNAVAILABLE' | 'BAD_RESPONSE' | 'NO_ROUTE' | 'INVALID_INPUT' | 'HOST_NOT_ALLOWED';

export class RouterError extends Error {
  constructor(
    readonly code: RouterErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'RouterError';
  }
}

export function assertCoordinates(locations: readonly Coordinates[]): void {
  locations.forEach((location, index) => {
    const valid =
      Number.isFinite(location.latitude) &&
      Number.isFinite(location.longitude) &&
      Math.abs(location.latitude) <= 90 &&
      Math.abs(location.longitude) <= 180;
    if (!valid) throw new RouterError('INVALID_INPUT', `location ${index} has invalid coordinates`);
  });
}
