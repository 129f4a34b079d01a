import { trackingDot, trackingLimits, type TrackingDot, type TrackingItem } from '@/lib/contract/tracking';

/** [[west, south], [east, north]], as MapLibre's fitBounds takes it. */
export type LngLatBox = [[number, number], [number, number]];

export interface TrackingCounts {
  active: number;
  inactive: number;
  accountNotUsed: number;
}

/** The three counters of spec 02 §2.4 over every worker (the filter narrows the list, not the totals). */
export function trackingCounts(items: readonly TrackingItem[], now: number): TrackingCounts {
  const dots = items.map((item) => trackingDot(item.latLngTimestamp, now));
  return {
    active: dots.filter((dot) => dot === 'green').length,
    inactive: dots.filter((dot) => dot === 'red').length,
    accountNotUsed: items.filter((item) => !item.accountUsed).length,
  };
}

export const fullName = (item: Pick<TrackingItem, 'name' | 'surname'>) => `${item.name} ${item.surname}`.trim();

/** The filter box matches any part of the name and surname, ignoring case and accents. */
export function matchesFilter(item: TrackingItem, filter: string): boolean {
  const fold = (text: string) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
  const wanted = fold(filter.trim());
  return wanted === '' || fold(fullName(item)).includes(wanted);
}

/** Spec 02 §9: zoom-to shows 0.0007° on each side of the worker's last position. */
export function zoomBox(latLng: { lat: number; lng: number }): LngLatBox {
  const d = trackingLimits.zoomBoxDegrees;
  return [
    [latLng.lng - d, latLng.lat - d],
    [latLng.lng + d, latLng.lat + d],
  ];
}

/** Where the map opens: around every known position, else the tenant's default view, else null (a wide fallback). */
export function openingBox(items: readonly TrackingItem[], tenantBox: LngLatBox | null): LngLatBox | null {
  const points = items.flatMap((item) => (item.latLng ? [item.latLng] : []));
  if (points.length === 0) return tenantBox;
  if (points.length === 1) return zoomBox(points[0]);
  const lngs = points.map((point) => point.lng);
  const lats = points.map((point) => point.lat);
  return [
    [Math.min(...lngs), Math.min(...lats)],
    [Math.max(...lngs), Math.max(...lats)],
  ];
}

export const dotColours: Record<TrackingDot, string> = { green: '#16a34a', red: '#dc2626', gray: '#94a3b8' };
