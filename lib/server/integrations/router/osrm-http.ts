import { RouterError } from './types';
import type { Fetched } from '../fetched';

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * The service root without trailing slashes. Outside calls go over https; plain http only to this machine, so a
 * local stand-in needs no certificate (00-decisions, outside services).
 */
export function osrmBaseUrl(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new RouterError('HOST_NOT_ALLOWED', 'the router URL is not a valid URL');
  }
  const secure = url.protocol === 'https:';
  const loopbackHttp = url.protocol === 'http:' && loopbackHosts.has(url.hostname);
  if (!secure && !loopbackHttp) throw new RouterError('HOST_NOT_ALLOWED', 'the router must be reached over https');
  return baseUrl.replace(/\/+$/, '');
}

const timedOut = (error: unknown) => error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');

/**
 * One GET to an OSRM-compatible service with the caller's time limit, covering the answer's body too. Every
 * failure is a RouterError: TIMEOUT, UNAVAILABLE (unreachable or 5xx), BAD_RESPONSE (not JSON, or code other than Ok).
 */
export async function requestOsrm<T extends { code?: unknown; message?: unknown }>(url: string, timeoutMs: number): Promise<T> {
  let response: Fetched;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
  } catch (error) {
    if (timedOut(error)) throw new RouterError('TIMEOUT', `router did not answer within ${timeoutMs} ms`);
    throw new RouterError('UNAVAILABLE', `router unreachable: ${error instanceof Error ? error.message : String(error)}`);
  }
  let body: T;
  try {
    body = (await response.json()) as T;
  } catch (error) {
    if (timedOut(error)) throw new RouterError('TIMEOUT', `router did not answer within ${timeoutMs} ms`);
    throw new RouterError('BAD_RESPONSE', `router answered ${response.status} without JSON`);
  }
  if (body === null || typeof body !== 'object' || body.code !== 'Ok') {
    const detail = typeof body?.message === 'string' ? body.message : String(body?.code);
    throw new RouterError(response.status >= 500 ? 'UNAVAILABLE' : 'BAD_RESPONSE', `router answered ${response.status}: ${detail}`);
  }
  return body;
}
