import type { MapBounds } from '@/lib/contract/tenant-settings';

export interface LatLng {
  lat: number;
  lng: number;
}

/** [[west, south], [east, north]], as MapLibre's fitBounds takes it. */
export type LngLatBounds = [[number, number], [number, number]];

/** The box around a zone's corners; null without corners. */
export function outlineBounds(points: readonly LatLng[]): LngLatBounds | null {
  if (points.length === 0) return null;
  const lats = points.map((point) => point.lat);
  const lngs = points.map((point) => point.lng);
  return [
    [Math.min(...lngs), Math.min(...lats)],
    [Math.max(...lngs), Math.max(...lats)],
  ];
}

/** The tenant's default map view (settings → locale) as MapLibre bounds. */
export function mapBoundsOf(bounds: MapBounds | null): LngLatBounds | null {
  return bounds ? [[bounds.southWest.lng, bounds.southWest.lat], [bounds.northEast.lng, bounds.northEast.lat]] : null;
}

/** A GeoJSON polygon ring: [lng, lat] pairs, closed by repeating the first corner. */
export function ringOf(points: readonly LatLng[]): [number, number][] {
  const ring = points.map((point): [number, number] => [point.lng, point.lat]);
  return ring.length > 0 ? [...ring, ring[0]] : ring;
}

/** The corners of a GeoJSON ring in drawing order, numbered as the zones API stores them, without the closing repeat. */
export function cornersOf(ring: readonly (readonly number[])[]): { lat: number; lng: number; point_order: number }[] {
  const open = ring.length > 1 && ring[0][0] === ring[ring.length - 1][0] && ring[0][1] === ring[ring.length - 1][1] ? ring.slice(0, -1) : ring;
  return open.map(([lng, lat], index) => ({ lat, lng, point_order: index }));
}
