import 'server-only';
import { GeocodeErrorCode, geocoderTimeoutMs, type GeocodeResponse } from '@/lib/contract/geocode';
import { env } from '@/lib/server/core/env';
import type { Ctx } from '@/lib/server/core/ctx';
import { HttpError } from '@/lib/server/core/errors';
import { GeocoderError, searchAddress } from './nominatim';


/** GET geocode: the configured geocoder's places, or 503 when none is configured and 502 when it fails. */
export async function geocode(ctx: Ctx, query: string): Promise<GeocodeResponse> {
  const baseUrl = env.geocoderUrl;
  if (!baseUrl) {
    throw new HttpError(503, GeocodeErrorCode.notConfigured, 'No geocoder is configured.');
  }
  try {
    const results = await searchAddress(
      { baseUrl, timeoutMs: geocoderTimeoutMs, language: ctx.user.preferredLanguage ?? undefined },
      query,
    );
    return { results };
  } catch (error) {
    if (!(error instanceof GeocoderError)) throw error;
    throw new HttpError(502, GeocodeErrorCode.unavailable, error.message);
  }
}
