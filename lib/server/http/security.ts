import { forbidden, HttpError } from '../core/errors';
import { ErrorCode } from '@/lib/contract/errors';
import { env } from '@/lib/server/core/env';
import { trustedForwardedValue } from './forwarded';

const stateChangingMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A state-changing call that a browser sends from another site carries our session cookie: refuse it.
 * Browsers always send Origin on cross-origin POSTs and Sec-Fetch-Site everywhere they are able to.
 */
export function assertSameOrigin(request: Request): void {
  if (!stateChangingMethods.has(request.method)) return;
  const fetchSite = request.headers.get('sec-fetch-site');
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') throw crossOrigin();
  const origin = request.headers.get('origin');
  if (!origin) return;
  if (origin === 'null' || !allowedOrigins(request).has(origin)) throw crossOrigin();
}

/**
 * A GET that writes (xero saves the imported clients): a top-level navigation from another site would carry the
 * session cookie (SameSite=Lax), so such a request is refused, as assertSameOrigin refuses cross-site POSTs.
 */
export function refuseCrossSiteNavigation(request: Request): void {
  const site = request.headers.get('sec-fetch-site');
  if (site === 'cross-site' || site === 'same-site' || request.headers.get('sec-fetch-mode') === 'navigate') {
    throw forbidden('Cross-site requests are not allowed.');
  }
}

function crossOrigin(): HttpError {
  const error = forbidden('Cross-site requests are not allowed.');
  return new HttpError(error.status, ErrorCode.crossOrigin, error.message);
}

/**
 * Our own origin, and the one the browser sees: the Host it sent, or the host and scheme a trusted proxy says it
 * asked for (X-Forwarded-Host and -Proto count only within TRUSTED_PROXY_HOPS: with none, a client could name any
 * host there, Origin included, and pass this check).
 */
function allowedOrigins(request: Request): Set<string> {
  const url = new URL(request.url);
  const allowed = new Set<string>([new URL(env.appUrl).origin, url.origin]);
  const hops = env.trustedProxyHops;
  const host = trustedForwardedValue(request.headers.get('x-forwarded-host'), hops) ?? request.headers.get('host');
  if (host) {
    const protocol = trustedForwardedValue(request.headers.get('x-forwarded-proto'), hops) ?? url.protocol.replace(':', '');
    allowed.add(`${protocol}://${host}`);
  }
  return allowed;
}

/**
 * The caller's address: the X-Forwarded-For entry TRUSTED_PROXY_HOPS from the end. The server appends the
 * socket's peer to the header before Next.js runs (./client-address.ts), so that entry was written by the
 * server itself or by a proxy we trust, never by the client.
 */
export function clientIp(request: Request): string {
  const forwarded = (request.headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const index = forwarded.length - 1 - env.trustedProxyHops;
  return forwarded[Math.max(0, index)] ?? 'unknown';
}
