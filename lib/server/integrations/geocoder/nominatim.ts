import type { GeocodeResult } from '@/lib/contract/geocode';
import type { Fetched } from '../fetched';

export class GeocoderError extends Error {
  constructor(
    readonly reason: 'timeout' | 'unreachable' | 'bad-response' | 'host-not-allowed',
    message: string,
  ) {
    super(message);
    this.name = 'GeocoderError';
  }
}

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** Outside calls go over https; plain http only to this machine, so a development stub needs no certificate. */
export function assertAllowedEndpoint(baseUrl: string): URL {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new GeocoderError('host-not-allowed', 'The geocoder URL is not a valid URL.');
  }
  const secure = url.protocol === 'https:';
  const loopbackHttp = url.protocol === 'http:' && loopbackHosts.has(url.hostname);
  if (!secure && !loopbackHttp) throw new GeocoderError('host-not-allowed', 'The geocoder must be reached over https.');
  return url;
}

interface NominatimPlace {
  display_name?: unknown;
  lat?: unknown;
  lon?: unknown;
}

function toResult(place: NominatimPlace): GeocodeResult | null {
  const latitude = Number(place.lat);
  const longitude = Number(place.lon);
  if (typeof place.display_name !== 'string' || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { address: place.display_name, latitude, longitude };
}

/**
 * Searches a Nominatim-compatible /search endpoint. Only the configured host is ever called, and a slow answer
 * is abandoned after timeoutMs so the form's warning shows instead of a hanging search.
 */
export async function searchAddress(
  options: { baseUrl: string; timeoutMs: number; limit?: number; language?: string },
  query: string,
): Promise<GeocodeResult[]> {
  const base = assertAllowedEndpoint(options.baseUrl);
  const url = new URL(base.pathname.endsWith('/search') ? base.href : `${base.href.replace(/\/+$/, '')}/search`);
  url.searchParams.set('q', query);
  url.searchParams.set('format', 'jsonv2');
  url.searchParams.set('limit', String(options.limit ?? 5));
  let response: Fetched;
  try {
    response = await fetch(url, {
      signal: AbortSignal.timeout(options.timeoutMs),
      headers: { accept: 'application/json', ...(options.language ? { 'accept-language': options.language } : {}) },
      redirect: 'error',
    });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new GeocoderError(timedOut ? 'timeout' : 'unreachable', timedOut ? 'The geocoder timed out.' : 'The geocoder is unreachable.');
  }
  if (!response.ok) throw new GeocoderError('bad-response', `The geocoder answered ${response.status}.`);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new GeocoderError('bad-response', 'The geocoder answered something other than JSON.');
  }
  if (!Array.isArray(body)) throw new GeocoderError('bad-response', 'The geocoder answered an unexpected shape.');
  return body.map((place: NominatimPlace) => toResult(place)).filter((result) => result !== null);
}
