import 'server-only';
import { GeocodeErrorCode, geocoderTimeoutMs, type GeocodeResponse } from '@/lib/contract/geocode';
import { env } from '@/lib/server/core/env';
import type { Ctx } from '@/lib/server/core/ctx';
import { GeocoderError, searchAddress } from './nominatim';

function serviceError(status: 502 | 503, code: string, message: string, requestId: string): Response {
  return Response.json({ error: { code, message, requestId } }, { status });
}

/** GET geocode: the configured geocoder's places, or 503 when none is configured and 502 when it fails. */
export async function geocode(ctx: Ctx, query: string): Promise<GeocodeResponse | Response> {
  const baseUrl = env.geocoderUrl;
  if (!baseUrl) {
    return serviceError(503, GeocodeErrorCode.notConfigured, 'No geocoder is configured.', ctx.requestId);
  }
  try {
    const results = await searchAddress(
      { baseUrl, timeoutMs: geocoderTimeoutMs, language: ctx.user.preferredLanguage ?? undefined },
      query,
    );
    return { results };
  } catch (error) {
    if (!(error instanceof GeocoderError)) throw error;
    return serviceError(502, GeocodeErrorCode.unavailable, error.message, ctx.requestId);
  }
}
