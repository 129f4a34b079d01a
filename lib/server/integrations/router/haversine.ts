import { assertCoordinates, RouterError, type Coordinates, type MatrixProvider, type TravelMatrix } from './types';

const EARTH_RADIUS_METRES = 6_371_008.8;
export const DEFAULT_SPEED_KMH = 40;

export function haversineMetres(from: Coordinates, to: Coordinates): number {
  const toRadians = Math.PI / 180;
  const latitudeDelta = (to.latitude - from.latitude) * toRadians;
  const longitudeDelta = (to.longitude - from.longitude) * toRadians;
  const a =
    Math.sin(latitudeDelta / 2) ** 2 +
    Math.cos(from.latitude * toRadians) * Math.cos(to.latitude * toRadians) * Math.sin(longitudeDelta / 2) ** 2;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Straight-line distances at a constant speed: needs no service, good enough when no road router is configured. */
export class HaversineMatrixProvider implements MatrixProvider {
  private readonly metresPerSecond: number;

  constructor(speedKmh: number = DEFAULT_SPEED_KMH) {
    if (!Number.isFinite(speedKmh) || speedKmh <= 0) throw new RouterError('INVALID_INPUT', 'speed must be a positive number of km/h');
    this.metresPerSecond = (speedKmh * 1000) / 3600;
  }

  matrix(locations: readonly Coordinates[]): Promise<TravelMatrix> {
    assertCoordinates(locations);
    const distances = locations.map((from) => locations.map((to) => haversineMetres(from, to)));
    const durations = distances.map((row) => row.map((metres) => metres / this.metresPerSecond));
    return Promise.resolve({ durations, distances });
  }
}
