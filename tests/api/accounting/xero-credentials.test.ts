import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { POST as testCredentials } from '@/app/api/web/xero/route';
import { GET as getCredentials } from '@/app/api/web/xero/get-credentials/route';
import { POST as saveCredentials } from '@/app/api/web/xero/save-credentials/route';
import { accountingCredentials } from '@/db/schema';
import { AccountingErrorCode, type AccountingCredentialsView } from '@/lib/contract/accounting';
import { codesOf, ErrorCode, messagesOf, type ApiErrorBody } from '@/lib/contract/errors';
import { encryptLegacySecrets } from '@/lib/server/clients/accounting/credentials-store';
import { getDb } from '@/lib/server/core/db';
import { companyWithSessions, expectError, expectOk, send } from '../reference/helpers';
import type { XeroStandIn } from '../support/xero-stand-in';
import {
  authorisationRedirect,
  connectWebApp,
  credentialsOf,
  customApp,
  forgetStandIn,
  standInForFile,
  webApp,
} from './helpers';

type Company = Awaited<ReturnType<typeof companyWithSessions>>;
let standIn: XeroStandIn;
let a: Company;
let b: Company;
let off: Company;

beforeAll(async () => {
  standIn = await standInForFile();
  [a, b, off] = await Promise.all([companyWithSessions([5]), companyWithSessions([5]), companyWithSessions([])]);
});

afterAll(async () => {
  forgetStandIn();
  await standIn.close();
});

beforeEach(() => {
  standIn.control.subscriptionActive = true;
  standIn.control.delayMs = 0;
  standIn.requests.length = 0;
  process.env.XERO_IDENTITY_URL = standIn.identityUrl;
  process.env.XERO_API_URL = standIn.apiUrl;
  delete process.env.XERO_TIMEOUT_MS;
  delete process.env.ENCRYPTION_KEY;
});

const view = (cookie: string) =>
  expectOk<AccountingCredentialsView>(getCredentials, { path: '/api/web/xero/get-credentials', cookie });
const test = (cookie: string, json: unknown) => send(testCredentials, { method: 'POST', path: '/api/web/xero', cookie, json });
const save = (cookie: string, json: unknown) =>
  send(saveCredentials, { method: 'POST', path: '/api/web/xero/save-credentials', cookie, json });
const storedRow = async (tenantId: number) =>
  (await (await getDb()).select().from(accountingCredentials).where(eq(accountingCredentials.tenantId, tenantId)))[0];

describe('feature 5 and roles', () => {
  it('answers 403 FEATURE_DISABLED on every accounting call when the tenant has feature 5 off', async () => {
    const cookie = off.cookies.owner;
    await expectError(getCredentials, { path: '/api/web/xero/get-credentials', cookie }, 403, ErrorCode.featureDisabled);
    await expectError(testCredentials, { method: 'POST', cookie, json: credentialsOf(customApp) }, 403, ErrorCode.featureDisabled);
    await expectError(saveCredentials, { method: 'POST', cookie, json: credentialsOf(customApp) }, 403, ErrorCode.featureDisabled);
    const { GET: importContacts } = await import('@/app/api/web/xero/route');
    await expectError(importContacts, { cookie }, 403, ErrorCode.featureDisabled);
    expect(standIn.requests).toHaveLength(0);
  });

  it('is for task managers: a worker and a users manager are refused', async () => {
    await expectError(getCredentials, { cookie: a.cookies.worker }, 403, ErrorCode.forbidden);
    await expectError(testCredentials, { method: 'POST', cookie: a.cookies.usersManager, json: credentialsOf(customApp) }, 403, ErrorCode.forbidden);
  });
});

describe('saving credentials', () => {
  it('answers that nothing is saved, then the saved client id and method, never the secret', async () => {
    expect(await view(b.cookies.tasksManager)).toEqual({ saved: false, connectionMethod: null, clientId: null, authorised: false });
    const saved = await save(b.cookies.tasksManager, credentialsOf(customApp));
    expect(saved.status).toBe(200);
    const expected = { saved: true, connectionMethod: 'CUSTOM', clientId: customApp.clientId, authorised: true };
    expect(saved.body).toEqual(expected);
    const read = await send(getCredentials, { cookie: b.cookies.tasksManager });
    expect(read.body).toEqual(expected);
    expect(JSON.stringify(read.body)).not.toContain(customApp.clientSecret);
  });

  it('keeps the secret encrypted at rest: the stored bytes are not the secret, and another key cannot read them', async () => {
    await save(b.cookies.tasksManager, credentialsOf(customApp));
    const row = await storedRow(b.tenantId);
    expect(row.plainClientSecret).toBeNull();
    expect(row.clientSecretEncrypted).toMatch(/^v1:/);
    expect(row.clientSecretEncrypted).not.toContain(customApp.clientSecret);
    expect(Buffer.from(row.clientSecretEncrypted?.slice(3) ?? '', 'base64url').toString('latin1')).not.toContain(
      customApp.clientSecret,
    );
    process.env.ENCRYPTION_KEY = 'a different key than the one that encrypted it';
    const error = await expectError(getCredentials, { cookie: b.cookies.tasksManager }, 503, AccountingErrorCode.keyMismatch);
    expect(error.message).toContain('ENCRYPTION_KEY');
  });

  it('binds each ciphertext to its tenant: copied into another tenant it does not decrypt', async () => {
    await save(a.cookies.tasksManager, credentialsOf(customApp));
    await save(b.cookies.tasksManager, credentialsOf(customApp));
    const db = await getDb();
    const fromB = await storedRow(b.tenantId);
    await db
      .update(accountingCredentials)
      .set({ clientSecretEncrypted: fromB.clientSecretEncrypted })
      .where(eq(accountingCredentials.tenantId, a.tenantId));
    await expectError(getCredentials, { cookie: a.cookies.tasksManager }, 503, AccountingErrorCode.keyMismatch);
    await save(a.cookies.tasksManager, credentialsOf(customApp));
  });

  it('encrypts credentials stored in plain text before encryption at rest existed', async () => {
    const db = await getDb();
    await db
      .update(accountingCredentials)
      .set({
        plainClientSecret: 'legacy-plain-secret',
        clientSecretEncrypted: null,
        plainToken: { accessToken: 'legacy-access' },
        tokenEncrypted: null,
      })
      .where(eq(accountingCredentials.tenantId, b.tenantId));
    expect(await encryptLegacySecrets(db)).toBe(1);
    const row = await storedRow(b.tenantId);
    expect(row.plainClientSecret).toBeNull();
    expect(row.plainToken).toBeNull();
    expect(row.clientSecretEncrypted).toMatch(/^v1:/);
    expect(row.tokenEncrypted).toMatch(/^v1:/);
    expect(JSON.stringify(row)).not.toContain('legacy-');
    expect(await encryptLegacySecrets(db)).toBe(0);
    await save(b.cookies.tasksManager, credentialsOf(customApp));
  });

  it('asks for both fields with the spec message', async () => {
    const response = await save(b.cookies.tasksManager, { connectionMethod: 'CUSTOM', clientId: ' ', clientSecret: '' });
    expect(response.status).toBe(400);
    const { error } = response.body as ApiErrorBody;
    expect(messagesOf(error.fields)).toEqual({ clientId: ['please fill the fields'], clientSecret: ['please fill the fields'] });
    expect(codesOf(error.fields)).toEqual({ clientId: ['validation.required'], clientSecret: ['validation.required'] });
  });

  it("keeps each tenant's credentials to itself", async () => {
    await save(a.cookies.tasksManager, { ...credentialsOf(customApp), clientId: customApp.clientId });
    const fresh = await companyWithSessions([5]);
    expect((await view(fresh.cookies.tasksManager)).saved).toBe(false);
    expect((await view(a.cookies.tasksManager)).clientId).toBe(customApp.clientId);
  });
});

describe('POST xero: testing a custom connection', () => {
  it('answers valid when the client-credentials grant, the connection and the contacts answer', async () => {
    expect((await test(a.cookies.tasksManager, credentialsOf(customApp))).body).toEqual({ valid: true });
    const [tokenCall] = standIn.tokenCalls('client_credentials');
    expect(tokenCall.authorization).toBe(
      `Basic ${Buffer.from(`${customApp.clientId}:${customApp.clientSecret}`).toString('base64')}`,
    );
    const contacts = standIn.requests.find((r) => r.path === '/api.xro/2.0/Contacts');
    expect(contacts?.tenantHeader).toBe(standIn.organisationId);
  });

  it('answers not valid when Xero refuses the client id and secret', async () => {
    const response = await test(a.cookies.tasksManager, { ...credentialsOf(customApp), clientSecret: 'wrong' });
    expect(response.body).toEqual({ valid: false });
  });

  it('answers ACCOUNTING_SUBSCRIPTION_INACTIVE when the credentials work but the organisation is not readable', async () => {
    standIn.control.subscriptionActive = false;
    const error = await expectError(
      testCredentials,
      { method: 'POST', cookie: a.cookies.tasksManager, json: credentialsOf(customApp) },
      422,
      AccountingErrorCode.subscriptionInactive,
    );
    expect(error.message).toBe('Credentials are valid but subscription is inactive');
  });

  it('gives up on a slow Xero after the configured timeout with ACCOUNTING_UNAVAILABLE', async () => {
    process.env.XERO_TIMEOUT_MS = '300';
    standIn.control.delayMs = 1500;
    const started = Date.now();
    await expectError(testCredentials, { method: 'POST', cookie: a.cookies.tasksManager, json: credentialsOf(customApp) }, 502, AccountingErrorCode.unavailable);
    expect(Date.now() - started).toBeLessThan(1400);
  });

  it('never calls a plain-http host other than this machine', async () => {
    process.env.XERO_IDENTITY_URL = 'http://identity.example.test';
    await expectError(testCredentials, { method: 'POST', cookie: a.cookies.tasksManager, json: credentialsOf(customApp) }, 502, AccountingErrorCode.unavailable);
    expect(standIn.requests).toHaveLength(0);
  });
});

describe('the web-app flow', () => {
  it('saves the credentials and answers the consent page with the spec scopes, the callback and a state', async () => {
    const response = await test(a.cookies.tasksManager, credentialsOf(webApp));
    const { authorizationUrl } = response.body as { authorizationUrl: string };
    const url = new URL(authorizationUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${standIn.url}/connect/authorize`);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('client_id')).toBe(webApp.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:3000/app/main/callback');
    expect(url.searchParams.get('scope')).toBe(
      'openid email profile offline_access accounting.transactions accounting.contacts.read',
    );
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{40,}$/);
    expect(authorizationUrl).not.toContain(webApp.clientSecret);
    expect(await view(a.cookies.tasksManager)).toEqual({
      saved: true,
      connectionMethod: 'WEB_APP',
      clientId: webApp.clientId,
      authorised: false,
    });
    expect(standIn.requests).toHaveLength(0);
  });

  it('exchanges the code on the server with the secret, and then counts as authorised', async () => {
    const connected = await connectWebApp(a.cookies.tasksManager);
    expect(connected).toEqual({ saved: true, connectionMethod: 'WEB_APP', clientId: webApp.clientId, authorised: true });
    const [exchange] = standIn.tokenCalls('authorization_code');
    expect(exchange.form.redirect_uri).toBe('http://localhost:3000/app/main/callback');
    expect(exchange.authorization).toContain('Basic ');
    const row = await storedRow(a.tenantId);
    expect(row.tokenEncrypted).toMatch(/^v1:/);
    expect(row.authorisationStateHash).toBeNull();
  });

  it('refuses a state that is unknown, already used, or started by another user', async () => {
    const back = await authorisationRedirect(a.cookies.tasksManager);
    const code = back.searchParams.get('code');
    const state = back.searchParams.get('state');
    await expectError(saveCredentials, { method: 'POST', cookie: a.cookies.tasksManager, json: { code, state: 'forged' } }, 422, AccountingErrorCode.invalidState);
    await expectError(saveCredentials, { method: 'POST', cookie: a.cookies.owner, json: { code, state } }, 422, AccountingErrorCode.invalidState);
    expect(standIn.tokenCalls('authorization_code')).toHaveLength(0);
    await expectOk(saveCredentials, { method: 'POST', cookie: a.cookies.tasksManager, json: { code, state } });
    // Single use: the same state again is refused.
    await expectError(saveCredentials, { method: 'POST', cookie: a.cookies.tasksManager, json: { code, state } }, 422, AccountingErrorCode.invalidState);
  });

  it("refuses another tenant's state", async () => {
    const back = await authorisationRedirect(a.cookies.tasksManager);
    await expectError(
      saveCredentials,
      { method: 'POST', cookie: b.cookies.tasksManager, json: { code: back.searchParams.get('code'), state: back.searchParams.get('state') } },
      422,
      AccountingErrorCode.invalidState,
    );
  });

  it('answers not connected when Xero refuses the code (the page only logs it)', async () => {
    const back = await authorisationRedirect(a.cookies.tasksManager);
    await expectError(
      saveCredentials,
      { method: 'POST', cookie: a.cookies.tasksManager, json: { code: 'not-the-code', state: back.searchParams.get('state') } },
      422,
      AccountingErrorCode.notConnected,
    );
    expect(standIn.tokenCalls('authorization_code')).toHaveLength(1);
  });
});
