import 'server-only';
import { forbidden } from '@/lib/server/core/errors';

/**
 * GET xero writes (it saves the imported clients), and a top-level navigation from another site would carry the
 * session cookie (SameSite=Lax): such a request is refused, as route() refuses cross-site POSTs.
 */
export function refuseCrossSiteNavigation(request: Request): void {
  const site = request.headers.get('sec-fetch-site');
  if (site === 'cross-site' || site === 'same-site' || request.headers.get('sec-fetch-mode') === 'navigate') {
    throw forbidden('Cross-site requests are not allowed.');
  }
}
