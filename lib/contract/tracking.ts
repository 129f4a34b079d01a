import { z } from 'zod';

/** Spec 02 §2.4 and §9: active means a position younger than 5 minutes; zoom-to fits a box of 0.0007° each side. */
export const trackingLimits = {
  activeMs: 300_000,
  refreshMs: 10_000,
  zoomBoxDegrees: 0.0007,
  /** The worker's device posts a position at most this often. */
  postEveryMs: 30_000,
  /** A position this close in device time to one already kept for the worker is answered {stored: false}. */
  minSpacingMs: 10_000,
  /** A device clock this far ahead of the server's is refused: the marker would stay "active" for a wrong time. */
  maxFutureMs: 300_000,
  /** Calls to POST users/me/location per worker and minute; more answer 429 request.rateLimited with Retry-After. */
  postsPerMinute: 20,
} as const;

/** POST users/me/location: a worker's position as the device reported it. */
export const LocationBody = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  timestamp: z.iso.datetime({ offset: true }),
});
export type LocationBody = z.infer<typeof LocationBody>;

/** POST users/me/location answers whether the position went into the history (false: one within minSpacingMs was kept). */
export interface LocationAnswer {
  stored: boolean;
}

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

/** GET tracking/trail: one worker's breadcrumbs of one local day (the tenant's time zone). */
export const TrailQuery = z.object({
  userId: z.coerce.number().int().positive().max(2_147_483_647),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date is YYYY-MM-DD.'),
});
export type TrailQuery = z.infer<typeof TrailQuery>;
