import { XeroError } from './errors';
import { xeroEndpoints } from './endpoints';
import { isRecord, jsonOf, xeroFetch } from './http';
import type { Fetched } from '../fetched';

/** The fields of a Xero contact the import reads (Accounting API, GET Contacts). */
export interface XeroContact {
  ContactID: string;
  Name: string;
  ContactStatus?: string;
  FirstName?: string;
  LastName?: string;
  EmailAddress?: string;
  Phones?: { PhoneType?: string; PhoneNumber?: string; PhoneAreaCode?: string; PhoneCountryCode?: string }[];
  Addresses?: {
    AddressType?: string;
    AddressLine1?: string;
    AddressLine2?: string;
    AddressLine3?: string;
    AddressLine4?: string;
    City?: string;
    Region?: string;
    PostalCode?: string;
    Country?: string;
  }[];
}

/** Xero's page size for Contacts when no pageSize is given. */
export const xeroContactsPageSize = 100;

function failureOf(response: Fetched, what: string): XeroError {
  if (response.status === 401) return new XeroError('unauthorized', `Xero refused the access token for ${what}.`);
  if (response.status === 403) return new XeroError('forbidden', `Xero refused access to the organisation for ${what}.`);
  return new XeroError('unavailable', `Xero answered ${response.status} for ${what}.`);
}

/** The organisation to read: the first tenant of GET /connections (one organisation per connection here). */
export async function connectedTenantId(accessToken: string): Promise<string> {
  const response = await xeroFetch(xeroEndpoints().connections, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
  });
  if (!response.ok) throw failureOf(response, 'the connections');
  const body = await jsonOf(response);
  if (!Array.isArray(body)) throw new XeroError('unavailable', 'Xero answered the connections with an unexpected shape.');
  const organisation = body.find(
    (connection): connection is { tenantId: string } =>
      isRecord(connection) &&
      typeof connection.tenantId === 'string' &&
      (connection.tenantType === undefined || connection.tenantType === 'ORGANISATION'),
  );
  // A token that reaches no organisation is what Xero gives once an organisation's subscription has lapsed.
  if (!organisation) throw new XeroError('forbidden', 'No Xero organisation is connected.');
  return organisation.tenantId;
}

const isContact = (value: unknown): value is XeroContact =>
  isRecord(value) && typeof value.ContactID === 'string' && typeof value.Name === 'string';

/**
 * One page (from 1) of the organisation's contacts; archived ones are left out by Xero itself. `count` is how many
 * the page held, malformed ones included, so the caller knows whether another page follows.
 */
export async function contactsPage(
  accessToken: string,
  tenantId: string,
  page: number,
): Promise<{ contacts: XeroContact[]; count: number }> {
  const url = new URL(`${xeroEndpoints().api}/Contacts`);
  url.searchParams.set('page', String(page));
  const response = await xeroFetch(url, {
    headers: { authorization: `Bearer ${accessToken}`, 'xero-tenant-id': tenantId, accept: 'application/json' },
  });
  if (!response.ok) throw failureOf(response, 'the contacts');
  const body = await jsonOf(response);
  if (!isRecord(body) || !Array.isArray(body.Contacts)) {
    throw new XeroError('unavailable', 'Xero answered the contacts with an unexpected shape.');
  }
  return { contacts: body.Contacts.filter(isContact), count: body.Contacts.length };
}
