import { z } from 'zod';
import type { ErrorCodeName } from '@/lib/contract/error-catalogue';

/** GET geocode?q= : the address search of the task form. */
export const GeocodeQuery = z.object({ q: z.string().trim().min(3, 'Type at least 3 characters.').max(300) });

export interface GeocodeResult {
  address: string;
  latitude: number;
  longitude: number;
}

export interface GeocodeResponse {
  results: GeocodeResult[];
}

export const GeocodeErrorCode = {
  notConfigured: 'geocoder.notConfigured',
  unavailable: 'geocoder.unavailable',
} as const satisfies Record<string, ErrorCodeName>;

/** Address search answers within this many milliseconds or counts as failed (spec 01 §9). */
export const geocoderTimeoutMs = 2000;
