import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GET as listClients, POST as createClient } from '@/app/api/web/clients/route';
import { GET as importContacts } from '@/app/api/web/xero/route';
import { GET as getCredentials } from '@/app/api/web/xero/get-credentials/route';
import { PUT as override } from '@/app/api/web/xero/override-duplicated-clients/route';
import { POST as saveCredentials } from '@/app/api/web/xero/save-credentials/route';
import { AccountingErrorCode, type AccountingCredentialsView, type AccountingImportAnswer } from '@/lib/contract/accounting';
import type { ClientView } from '@/lib/contract/clients';
import { ErrorCode } from '@/lib/contract/errors';
import { companyWithSessions, expectError, expectOk, send } from '../reference/helpers';
import { standInContacts, type XeroStandIn } from '../support/xero-stand-in';
import { connectWebApp, credentialsOf, customApp, forgetStandIn, standInForFile } from './helpers';

type Company = Awaited<ReturnType<typeof companyWithSessions>>;
let standIn: XeroStandIn;

beforeAll(async () => {
  standIn = await standInForFile();
});

afterAll(async () => {
  forgetStandIn();
  await standIn.close();
});

beforeEach(() => {
  standIn.contacts = standInContacts(3);
  standIn.control.subscriptionActive = true;
  standIn.control.unauthorizedCalls = 0;
  standIn.control.expiresIn = 1800;
  standIn.requests.length = 0;
});

const runImport = (cookie: string) => expectOk<AccountingImportAnswer>(importContacts, { path: '/api/web/xero', cookie });
const clientsOf = (cookie: string) => expectOk<ClientView[]>(listClients, { path: '/api/web/clients', cookie });
const contactCalls = () => standIn.requests.filter((r) => r.path === '/api.xro/2.0/Contacts');

async function webAppCompany(): Promise<Company> {
  const company = await companyWithSessions([5]);
  await connectWebApp(company.cookies.tasksManager);
  standIn.requests.length = 0;
  return company;
}

describe('GET xero: importing contacts', () => {
  it('reads every page (100 a page), saves each contact as a client and answers how many', async () => {
    const company = await webAppCompany();
    standIn.contacts = standInContacts(250);
    const answer = await runImport(company.cookies.tasksManager);
    expect(answer).toEqual({ duplicatedContacts: [], savedContacts: 250 });
    expect(contactCalls().map((r) => r.query.page)).toEqual(['1', '2', '3']);
    expect(contactCalls().every((r) => r.tenantHeader === standIn.organisationId)).toBe(true);
    const clients = await clientsOf(company.cookies.tasksManager);
    expect(clients).toHaveLength(250);
    expect(clients[0]).toMatchObject({
      displayName: 'Contact 001',
      defaultContact: { name: 'Anna', surname: 'Rossi 001', phoneCountryCode: '+39', phone: '02 555 01001' },
      defaultTaskLocation: { address: 'Via Roma 1, 20121 Milano, Italy' },
      billingContact: {
        name: 'Anna',
        surname: 'Rossi 001',
        email: 'contact001@example.test',
        address: 'PO Box 001, 20100 Milano, Italy',
      },
    });
  });

  it('stops after a full last page that the next (empty) page confirms', async () => {
    const company = await webAppCompany();
    standIn.contacts = standInContacts(200);
    expect((await runImport(company.cookies.tasksManager)).savedContacts).toBe(200);
    expect(contactCalls().map((r) => r.query.page)).toEqual(['1', '2', '3']);
  });

  it('finds nothing new the second time, and offers a changed contact as a duplicate', async () => {
    const company = await webAppCompany();
    await runImport(company.cookies.tasksManager);
    expect(await runImport(company.cookies.tasksManager)).toEqual({ duplicatedContacts: [], savedContacts: 0 });
    standIn.contacts[1] = { ...standIn.contacts[1], EmailAddress: 'changed@example.test' };
    const answer = await runImport(company.cookies.tasksManager);
    expect(answer.savedContacts).toBe(0);
    expect(answer.duplicatedContacts).toEqual([
      expect.objectContaining({ contactId: 'contact-002', name: 'Contact 002', email: 'changed@example.test' }),
    ]);
  });

  it('offers a contact named like an existing client as a duplicate, and the override writes it over the client', async () => {
    const company = await webAppCompany();
    const cookie = company.cookies.tasksManager;
    const existing = await expectOk<ClientView>(createClient, {
      method: 'POST',
      cookie,
      json: { displayName: 'contact 002', defaultTaskLocation: { address: 'Old street 1' } },
    });
    const answer = await runImport(cookie);
    expect(answer.savedContacts).toBe(2);
    expect(answer.duplicatedContacts).toHaveLength(1);
    const [duplicate] = answer.duplicatedContacts;
    expect(duplicate).toMatchObject({ clientId: existing.id, name: 'Contact 002', contactId: 'contact-002' });

    const result = await expectOk<{ updatedClients: number }>(override, {
      method: 'PUT',
      cookie,
      json: [{ contactId: duplicate.contactId, clientId: duplicate.clientId, client: duplicate.client }],
    });
    expect(result).toEqual({ updatedClients: 1 });
    const clients = await clientsOf(cookie);
    expect(clients).toHaveLength(3);
    expect(clients.find((c) => c.id === existing.id)).toMatchObject({
      displayName: 'Contact 002',
      billingContact: { email: 'contact002@example.test' },
      defaultTaskLocation: { address: 'Via Roma 2, 20121 Milano, Italy' },
    });
    // Recognised by its Xero id from now on: nothing left to import or override.
    expect(await runImport(cookie)).toEqual({ duplicatedContacts: [], savedContacts: 0 });
  });

  it('leaves out archived and nameless contacts and saves a contact with an invalid e-mail without it', async () => {
    const company = await webAppCompany();
    standIn.contacts = [
      { ContactID: 'x1', Name: 'Archived Ltd', ContactStatus: 'ARCHIVED' },
      { ContactID: 'x2', Name: '   ' },
      { ContactID: 'x3', Name: 'Bad Mail Ltd', EmailAddress: 'not-an-email' },
    ];
    expect((await runImport(company.cookies.tasksManager)).savedContacts).toBe(1);
    const [client] = await clientsOf(company.cookies.tasksManager);
    expect(client).toMatchObject({ displayName: 'Bad Mail Ltd', billingContact: {} });
  });

  it('refuses a cross-site navigation to the import (it writes)', async () => {
    const company = await webAppCompany();
    const response = await send(importContacts, {
      cookie: company.cookies.tasksManager,
      headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
    });
    expect(response.status).toBe(403);
    expect(contactCalls()).toHaveLength(0);
  });
});

describe('tokens', () => {
  it('refreshes a token close to its expiry before calling, with the refresh_token grant', async () => {
    standIn.control.expiresIn = 60;
    const company = await webAppCompany();
    await runImport(company.cookies.tasksManager);
    expect(standIn.tokenCalls('refresh_token')).toHaveLength(1);
    expect(contactCalls()).toHaveLength(1);
    expect(contactCalls()[0].authorization).not.toBe(standIn.requests[0].authorization);
  });

  it('refreshes once and retries when Xero answers 401 to a token it considers expired', async () => {
    const company = await webAppCompany();
    standIn.expireAccessTokens();
    expect((await runImport(company.cookies.tasksManager)).savedContacts).toBe(3);
    expect(standIn.tokenCalls('refresh_token')).toHaveLength(1);
    expect(contactCalls().map((r) => r.query.page)).toEqual(['1', '1']);
  });

  it('answers not connected and forgets the token when Xero still answers 401 after the refresh', async () => {
    const company = await webAppCompany();
    standIn.control.unauthorizedCalls = 2;
    await expectError(importContacts, { cookie: company.cookies.tasksManager }, 422, AccountingErrorCode.notConnected);
    const view = await expectOk<AccountingCredentialsView>(getCredentials, { cookie: company.cookies.tasksManager });
    expect(view).toMatchObject({ saved: true, authorised: false });
    await expectError(importContacts, { cookie: company.cookies.tasksManager }, 422, AccountingErrorCode.notConnected);
  });

  it('answers not connected when Xero no longer accepts the refresh token (the user disconnected the app)', async () => {
    standIn.control.expiresIn = 60;
    const company = await webAppCompany();
    standIn.revokeRefreshTokens();
    await expectError(importContacts, { cookie: company.cookies.tasksManager }, 422, AccountingErrorCode.notConnected);
    const view = await expectOk<AccountingCredentialsView>(getCredentials, { cookie: company.cookies.tasksManager });
    expect(view.authorised).toBe(false);
  });

  it('answers not connected for a web app never authorised, and for a tenant without credentials', async () => {
    const company = await companyWithSessions([5]);
    await expectError(importContacts, { cookie: company.cookies.tasksManager }, 422, AccountingErrorCode.notConnected);
    await expectOk(saveCredentials, {
      method: 'POST',
      cookie: company.cookies.tasksManager,
      json: { connectionMethod: 'WEB_APP', clientId: 'WEBAPPCLIENT01', clientSecret: 'web-secret-Zq8v1kP2xL' },
    });
    await expectError(importContacts, { cookie: company.cookies.tasksManager }, 422, AccountingErrorCode.notConnected);
  });

  it('answers ACCOUNTING_SUBSCRIPTION_INACTIVE when the organisation refuses the contacts', async () => {
    const company = await webAppCompany();
    standIn.control.subscriptionActive = false;
    const error = await expectError(importContacts, { cookie: company.cookies.tasksManager }, 422, AccountingErrorCode.subscriptionInactive);
    expect(error.message).toBe('Credentials are valid but subscription is inactive');
    expect(await clientsOf(company.cookies.tasksManager)).toHaveLength(0);
  });

  it('imports through a custom connection with client-credentials tokens, asking a new one when it expires', async () => {
    const company = await companyWithSessions([5]);
    await expectOk(saveCredentials, { method: 'POST', cookie: company.cookies.tasksManager, json: credentialsOf(customApp) });
    expect((await runImport(company.cookies.tasksManager)).savedContacts).toBe(3);
    expect(standIn.tokenCalls('client_credentials')).toHaveLength(1);
    standIn.contacts = standInContacts(4);
    expect((await runImport(company.cookies.tasksManager)).savedContacts).toBe(1);
    expect(standIn.tokenCalls('client_credentials')).toHaveLength(1);
    standIn.expireAccessTokens();
    standIn.contacts = standInContacts(5);
    expect((await runImport(company.cookies.tasksManager)).savedContacts).toBe(1);
    expect(standIn.tokenCalls('client_credentials')).toHaveLength(2);
    expect(standIn.tokenCalls('refresh_token')).toHaveLength(0);
  });
});

describe('PUT xero/override-duplicated-clients', () => {
  let company: Company;
  let other: Company;
  let mine: ClientView;
  let theirs: ClientView;
  const client = { displayName: 'Renamed Srl', defaultContact: {}, defaultTaskLocation: {}, billingContact: {} };

  beforeAll(async () => {
    [company, other] = await Promise.all([companyWithSessions([5]), companyWithSessions([5])]);
    mine = await expectOk<ClientView>(createClient, { method: 'POST', cookie: company.cookies.tasksManager, json: { displayName: 'Mine Srl' } });
    theirs = await expectOk<ClientView>(createClient, { method: 'POST', cookie: other.cookies.tasksManager, json: { displayName: 'Theirs Srl' } });
    await expectOk<ClientView>(createClient, { method: 'POST', cookie: company.cookies.tasksManager, json: { displayName: 'Taken Srl' } });
  });

  const put = (json: unknown, cookie = company.cookies.tasksManager) => send(override, { method: 'PUT', cookie, json });

  it('needs at least one client', async () => {
    expect((await put([])).status).toBe(400);
  });

  it("answers 404 for another tenant's client and changes nothing", async () => {
    const response = await put([
      { contactId: 'c1', clientId: mine.id, client },
      { contactId: 'c2', clientId: theirs.id, client: { ...client, displayName: 'Other' } },
    ]);
    expect(response.status).toBe(404);
    const names = (await clientsOf(company.cookies.tasksManager)).map((c) => c.displayName);
    expect(names).toContain('Mine Srl');
    expect((await clientsOf(other.cookies.tasksManager)).map((c) => c.displayName)).toEqual(['Theirs Srl']);
  });

  it('answers 409 when the new name belongs to another client', async () => {
    await expectError(override, { method: 'PUT', cookie: company.cookies.tasksManager, json: [{ contactId: 'c1', clientId: mine.id, client: { ...client, displayName: 'taken srl' } }] }, 409, ErrorCode.conflict);
  });

  it('is gated by feature 5', async () => {
    const off = await companyWithSessions([]);
    await expectError(override, { method: 'PUT', cookie: off.cookies.tasksManager, json: [{ contactId: 'c1', clientId: mine.id, client }] }, 403, ErrorCode.featureDisabled);
  });
});
