import { env } from '@/lib/server/core/env';
import { isServedFilePath, servedFilePolicy } from './served-files';

/** Where the default map (components/map/base-style.ts) takes its tiles from when no MAP_STYLE_URL is set. */
const openStreetMapTiles = 'https://tile.openstreetmap.org';

/**
 * The hosts the browser's map may load from: the configured style's origin (its tiles, glyphs and sprites are
 * usually beside it) or OpenStreetMap's tiles, plus MAP_HOSTS for a style that spreads over several hosts.
 */
export function mapHosts(): string[] {
  const style = env.mapStyleUrl;
  const hosts = [style ? new URL(style).origin : openStreetMapTiles, ...env.mapHosts];
  return [...new Set(hosts)];
}

/**
 * A page's policy. Scripts: only those carrying this response's nonce (Next.js puts it on its own inline
 * scripts) and what they load ('strict-dynamic'). Map tiles arrive by fetch and as images; MapLibre's worker is
 * the app's own file, or a blob: in some builds.
 */
export function pagePolicy(nonce: string, development: boolean): string {
  const map = mapHosts().join(' ');
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ''}`,
    // Toasts and map libraries set style attributes, which a nonce cannot cover.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${map}`,
    "font-src 'self' data:",
    `connect-src 'self' ${map}`,
    "worker-src 'self' blob:",
    // The task report's print preview frames the app's own PDF; nothing else is framed.
    "frame-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** An API answer is data, never a document: it may load nothing and be framed by no one. */
export const apiPolicy = "default-src 'none'; frame-ancestors 'none'";

/**
 * HTTPS only for a year once a browser has seen the app over HTTPS. Sent only when APP_URL is https, so a
 * plain-HTTP install on a local network is not locked out. Not includeSubDomains: the app does not own its
 * sibling hosts.
 */
export function strictTransportSecurity(): string | undefined {
  return env.appUrl.startsWith('https://') ? 'max-age=31536000' : undefined;
}

/** Headers every answer carries, page or API. */
export const commonSecurityHeaders = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  // The worker's view reads the position and takes photos; nothing asks for the microphone or payments.
  'permissions-policy': 'camera=(self), geolocation=(self), microphone=(), payment=(), usb=()',
} as const;

/** Sets the security headers every answer carries, with its content policy and framing rule, replacing any set. */
export function setSecurityHeaders(headers: Headers, policy: string, frameOptions: 'DENY' | 'SAMEORIGIN'): void {
  headers.set('content-security-policy', policy);
  headers.set('x-frame-options', frameOptions);
  for (const [name, value] of Object.entries(commonSecurityHeaders)) headers.set(name, value);
  const hsts = strictTransportSecurity();
  if (hsts) headers.set('strict-transport-security', hsts);
}

/**
 * Sets the security headers of an API answer on `headers`, replacing any the handler set (as the proxy's always
 * did): a served upload or report gets its own framing policy, every other answer the API's. Shared by route()
 * (lib/server/http/route.ts), which gives them to every answer under /api/web/ so that the proxy need not run for
 * those calls, and by proxy.ts for the other API paths.
 */
export function setApiSecurityHeaders(headers: Headers, pathname: string): void {
  const servedFile = isServedFilePath(pathname);
  setSecurityHeaders(headers, servedFile ? servedFilePolicy : apiPolicy, servedFile ? 'SAMEORIGIN' : 'DENY');
}
