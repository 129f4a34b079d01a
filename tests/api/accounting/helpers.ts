import { expect } from 'vitest';
import { POST as testCredentials } from '@/app/api/web/xero/route';
import { POST as saveCredentials } from '@/app/api/web/xero/save-credentials/route';
import type { AccountingCredentialsView } from '@/lib/contract/accounting';
import { expectOk } from '../reference/helpers';
import { startXeroStandIn, type StandInApp, type StandInContact, type XeroStandIn } from '../support/xero-stand-in';

export const webApp: StandInApp = { clientId: 'WEBAPPCLIENT01', clientSecret: 'web-secret-Zq8v1kP2xL', kind: 'WEB_APP' };
export const customApp: StandInApp = { clientId: 'CUSTOMCLIENT01', clientSecret: 'custom-secret-9fHs2Qm7', kind: 'CUSTOM' };

/** The stand-in, with the app's XERO_* variables pointing at it for the whole file. */
export async function standInForFile(contacts: StandInContact[] = []): Promise<XeroStandIn> {
  const standIn = await startXeroStandIn({ apps: [webApp, customApp], contacts });
  process.env.XERO_IDENTITY_URL = standIn.identityUrl;
  process.env.XERO_API_URL = standIn.apiUrl;
  return standIn;
}

export function forgetStandIn(): void {
  delete process.env.XERO_IDENTITY_URL;
  delete process.env.XERO_API_URL;
  delete process.env.XERO_TIMEOUT_MS;
}

export const credentialsOf = (app: StandInApp) => ({
  connectionMethod: app.kind,
  clientId: app.clientId,
  clientSecret: app.clientSecret,
});

/** The browser's side of the web-app flow: test (saves, answers the consent page), consent, back with code and state. */
export async function authorisationRedirect(cookie: string, app: StandInApp = webApp): Promise<URL> {
  const answer = await expectOk<{ authorizationUrl: string }>(testCredentials, {
    method: 'POST',
    path: '/api/web/xero',
    cookie,
    json: credentialsOf(app),
  });
  const consent = await fetch(answer.authorizationUrl, { redirect: 'manual' });
  expect(consent.status).toBe(302);
  return new URL(consent.headers.get('location') ?? '');
}

/** The whole web-app flow: the callback page posts the code and state, the server exchanges the code. */
export async function connectWebApp(cookie: string): Promise<AccountingCredentialsView> {
  const back = await authorisationRedirect(cookie);
  return expectOk<AccountingCredentialsView>(saveCredentials, {
    method: 'POST',
    path: '/api/web/xero/save-credentials',
    cookie,
    json: { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
  });
}
