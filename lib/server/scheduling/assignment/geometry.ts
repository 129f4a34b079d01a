export interface LatLng {
  lat: number;
  lng: number;
}

/**
 * Ray casting on the plane of latitude and longitude: zones are a few kilometres across, where the earth's
 * curvature does not move a point across an edge.
 */
export function isInsidePolygon(point: LatLng, polygon: readonly LatLng[]): boolean {
  if (polygon.length < 3) return false;
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i];
    const b = polygon[j];
    const crosses = a.lat > point.lat !== b.lat > point.lat;
    if (crosses && point.lng < ((b.lng - a.lng) * (point.lat - a.lat)) / (b.lat - a.lat) + a.lng) inside = !inside;
  }
  return inside;
}
