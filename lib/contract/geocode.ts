import { z } from 'zod';

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
  notConfigured: 'GEOCODER_NOT_CONFIGURED',
  unavailable: 'GEOCODER_UNAVAILABLE',
} as const;

/** Address search answers within this many milliseconds or counts as failed (spec 01 §9). */
export const geocoderTimeoutMs = 2000;
