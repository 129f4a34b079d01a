import type { AccountingToken } from '@/db/schema';
import { XeroError } from './errors';
import { xeroEndpoints } from './endpoints';
import { isRecord, jsonOf, xeroFetch } from './http';

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

type Grant =
  | { grant_type: 'authorization_code'; code: string; redirect_uri: string }
  | { grant_type: 'refresh_token'; refresh_token: string }
  | { grant_type: 'client_credentials'; scope?: string };

/**
 * POST to Xero's token endpoint with the client id and secret in the Basic header (RFC 6749 §2.3.1). The secret
 * goes only here, from the server: the browser never sees it.
 */
async function requestToken(credentials: ClientCredentials, grant: Grant): Promise<AccountingToken> {
  const basic = Buffer.from(
    `${encodeURIComponent(credentials.clientId)}:${encodeURIComponent(credentials.clientSecret)}`,
  ).toString('base64');
  const response = await xeroFetch(xeroEndpoints().token, {
    method: 'POST',
    headers: {
      authorization: `Basic ${basic}`,
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    },
    body: new URLSearchParams(Object.entries(grant).filter((entry): entry is [string, string] => entry[1] !== undefined)),
  });
  const body = await jsonOf(response);
  if (!response.ok) {
    const error = isRecord(body) && typeof body.error === 'string' ? body.error : '';
    if (error === 'invalid_grant') throw new XeroError('invalid-grant', 'Xero refused the authorisation grant.');
    if (error === 'invalid_client' || error === 'unauthorized_client' || response.status === 401) {
      throw new XeroError('invalid-client', 'Xero refused the client id and secret.');
    }
    throw new XeroError('unavailable', `Xero's token endpoint answered ${response.status}.`);
  }
  if (!isRecord(body) || typeof body.access_token !== 'string' || body.access_token === '') {
    throw new XeroError('unavailable', "Xero's token endpoint answered without an access token.");
  }
  const expiresIn = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 1800;
  return {
    accessToken: body.access_token,
    ...(typeof body.refresh_token === 'string' && body.refresh_token !== '' ? { refreshToken: body.refresh_token } : {}),
    expiresAt: new Date(Date.now() + expiresIn * 1000).toISOString(),
  };
}

export const exchangeAuthorisationCode = (credentials: ClientCredentials, code: string, redirectUri: string) =>
  requestToken(credentials, { grant_type: 'authorization_code', code, redirect_uri: redirectUri });

export const refreshAccessToken = (credentials: ClientCredentials, refreshToken: string) =>
  requestToken(credentials, { grant_type: 'refresh_token', refresh_token: refreshToken });

/** A custom connection: no user, no refresh token; a new token from the client id and secret whenever needed. */
export const clientCredentialsToken = (credentials: ClientCredentials) =>
  requestToken(credentials, { grant_type: 'client_credentials' });

/** The browser's address of Xero's consent page for a web app. */
export function authorisationUrl(clientId: string, redirectUri: string, scopes: readonly string[], state: string): string {
  const url = new URL(xeroEndpoints().authorize);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('scope', scopes.join(' '));
  url.searchParams.set('state', state);
  return url.toString();
}
