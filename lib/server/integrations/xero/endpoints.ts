import { env } from '@/lib/server/core/env';
import { XeroError } from './errors';

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** Outside calls go over https; plain http only to this machine, so a local stand-in needs no certificate. */
function allowed(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new XeroError('host-not-allowed', `The Xero URL ${raw} is not a valid URL.`);
  }
  const loopbackHttp = url.protocol === 'http:' && loopbackHosts.has(url.hostname);
  if (url.protocol !== 'https:' && !loopbackHttp) {
    throw new XeroError('host-not-allowed', 'Xero must be reached over https.');
  }
  return url;
}

const trimmed = (url: string) => url.replace(/\/+$/, '');

export interface XeroEndpoints {
  authorize: URL;
  token: URL;
  connections: URL;
  /** The Accounting API base, without a trailing slash. */
  api: string;
}

/**
 * Xero's real endpoints live on two identity hosts (login.xero.com authorises, identity.xero.com issues tokens);
 * XERO_IDENTITY_URL replaces both with one server's /connect/authorize and /connect/token. GET /connections sits
 * at the root of the API host.
 */
export function xeroEndpoints(): XeroEndpoints {
  const identity = env.xeroIdentityUrl;
  const api = allowed(trimmed(env.xeroApiUrl));
  return {
    authorize: allowed(identity ? `${trimmed(identity)}/connect/authorize` : 'https://login.xero.com/identity/connect/authorize'),
    token: allowed(identity ? `${trimmed(identity)}/connect/token` : 'https://identity.xero.com/connect/token'),
    connections: new URL('/connections', api.origin),
    api: api.href.replace(/\/+$/, ''),
  };
}
