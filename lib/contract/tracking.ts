import { z } from 'zod';

/** Spec 02 §2.4 and §9: active means a position younger than 5 minutes; zoom-to fits a box of 0.0007° each side. */
export const trackingLimits = {
  activeMs: 300_000,
  refreshMs: 10_000,
  zoomBoxDegrees: 0.0007,
  /** The worker's device posts a position at most this often. */
  postEveryMs: 30_000,
} as const;

/** POST users/me/location: a worker's position as the device reported it. */
export const LocationBody = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  timestamp: z.iso.datetime({ offset: true }),
});
export type LocationBody = z.infer<typeof LocationBody>;

/** Spec 02 §3 tracking item, one per active worker. */
export interface TrackingItem {
  id: number;
  name: string;
  surname: string;
  profilePictureId: number | null;
  latLng: { lat: number; lng: number } | null;
  latLngTimestamp: string | null;
  /** False when the worker has never signed in (the "account not used" counter). */
  accountUsed: boolean;
}

export type TrackingDot = 'green' | 'red' | 'gray';

/** Spec 03 §4: green under 5 minutes, red older, gray without a position. */
export function trackingDot(latLngTimestamp: string | null, now: number): TrackingDot {
  if (!latLngTimestamp) return 'gray';
  return now - Date.parse(latLngTimestamp) < trackingLimits.activeMs ? 'green' : 'red';
}

/** One breadcrumb of a worker's day, oldest first. */
export interface TrailPoint {
  lat: number;
  lng: number;
  recorded: string;
}
