import { env } from '@/lib/server/core/env';
import { XeroError } from './errors';
import type { Fetched } from '../fetched';

/** One call to Xero with the configured timeout; redirects are refused so only the configured host is reached. */
export async function xeroFetch(url: URL, init: RequestInit): Promise<Fetched> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(env.xeroTimeoutMs), redirect: 'error' });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new XeroError('unavailable', timedOut ? 'Xero did not answer in time.' : 'Xero is unreachable.');
  }
}

export async function jsonOf(response: Fetched): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    throw new XeroError('unavailable', `Xero answered ${response.status} with something other than JSON.`);
  }
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
