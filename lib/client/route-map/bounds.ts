import type { RouteLeg, RouteStop } from '@/lib/contract/task-direction';

/** Spec 02 §9: the route map's bounds reach this far past the outermost points, in degrees. */
export const routeBoundsOffsetDegrees = 0.07;

/** Web Mercator stops here; MapLibre cannot fit a box that reaches the poles. */
const maxMercatorLatitude = 85.051129;

type LngLat = readonly [number, number];
/** [[west, south], [east, north]], as MapLibre's fitBounds takes it. */
export type LngLatBox = [[number, number], [number, number]];

const clamp = (value: number, limit: number) => Math.min(limit, Math.max(-limit, value));

/** The box around every point, widened by `offset` degrees on each side; null without points. */
export function boundsWithOffset(points: readonly LngLat[], offset: number = routeBoundsOffsetDegrees): LngLatBox | null {
  if (points.length === 0) return null;
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const [longitude, latitude] of points) {
    west = Math.min(west, longitude);
    east = Math.max(east, longitude);
    south = Math.min(south, latitude);
    north = Math.max(north, latitude);
  }
  return [
    [clamp(west - offset, 180), clamp(south - offset, maxMercatorLatitude)],
    [clamp(east + offset, 180), clamp(north + offset, maxMercatorLatitude)],
  ];
}

/** The worker's stops in route order, each once: the first leg's start, then every leg's end. */
export function routeStops(legs: readonly RouteLeg[]): RouteStop[] {
  return legs.length === 0 ? [] : [legs[0].taskFrom, ...legs.map((leg) => leg.taskTo)];
}

/** Every point the map shows: the lines' vertices and the markers, so neither is cut off at the edge. */
export function routePoints(legs: readonly RouteLeg[]): LngLat[] {
  return [
    ...legs.flatMap((leg) => leg.geometry.coordinates),
    ...routeStops(legs).map((stop): LngLat => [stop.location.longitude, stop.location.latitude]),
  ];
}
