import { z } from 'zod';
import type { ClientView } from './clients';

/**
 * The columns of a clients CSV file, shared by POST clients/upload/csv, its sample file and the clients screen's
 * export, so an exported file imports again as it is. The header is the contract: these names in any order (case
 * ignored), each once, displayName present.
 */
export const clientCsvColumns = [
  'displayName',
  'contactName',
  'contactSurname',
  'contactPhoneCountryCode',
  'contactPhone',
  'address',
  'latitude',
  'longitude',
  'billingName',
  'billingSurname',
  'billingPhoneCountryCode',
  'billingPhone',
  'billingEmail',
  'billingAddress',
] as const;
export type ClientCsvColumn = (typeof clientCsvColumns)[number];

export const requiredClientCsvColumns: readonly ClientCsvColumn[] = ['displayName'];

export const clientSampleFileName = 'sample_clients_1.csv';

/** The client body's field paths, as ClientBody names them in its issues, to the file's columns. */
export const clientColumnOfPath: Record<string, ClientCsvColumn> = {
  displayName: 'displayName',
  'defaultContact.name': 'contactName',
  'defaultContact.surname': 'contactSurname',
  'defaultContact.phoneCountryCode': 'contactPhoneCountryCode',
  'defaultContact.phone': 'contactPhone',
  'defaultTaskLocation.address': 'address',
  'defaultTaskLocation.latitude': 'latitude',
  'defaultTaskLocation.longitude': 'longitude',
  'billingContact.name': 'billingName',
  'billingContact.surname': 'billingSurname',
  'billingContact.phoneCountryCode': 'billingPhoneCountryCode',
  'billingContact.phone': 'billingPhone',
  'billingContact.email': 'billingEmail',
  'billingContact.address': 'billingAddress',
};

type ClientDetails = Pick<ClientView, 'displayName' | 'defaultContact' | 'defaultTaskLocation' | 'billingContact'>;

const coordinateText = (value: number | undefined) => (value === undefined ? '' : String(value));

/** One client as the cells of a CSV line, by column. */
export function clientCsvCells(client: ClientDetails): Record<ClientCsvColumn, string> {
  const { defaultContact: contact, defaultTaskLocation: location, billingContact: billing } = client;
  return {
    displayName: client.displayName,
    contactName: contact.name ?? '',
    contactSurname: contact.surname ?? '',
    contactPhoneCountryCode: contact.phoneCountryCode ?? '',
    contactPhone: contact.phone ?? '',
    address: location.address ?? '',
    latitude: coordinateText(location.latitude),
    longitude: coordinateText(location.longitude),
    billingName: billing.name ?? '',
    billingSurname: billing.surname ?? '',
    billingPhoneCountryCode: billing.phoneCountryCode ?? '',
    billingPhone: billing.phone ?? '',
    billingEmail: billing.email ?? '',
    billingAddress: billing.address ?? '',
  };
}

/**
 * The body of POST clients that a line's cells describe (coordinates already read as numbers), for ClientBody to
 * check; a column the file lacks is absent.
 */
export function clientInputOfCells(
  cells: Partial<Record<ClientCsvColumn, string>>,
  coordinates: { latitude?: number; longitude?: number },
) {
  return {
    displayName: cells.displayName ?? '',
    defaultContact: {
      name: cells.contactName,
      surname: cells.contactSurname,
      phoneCountryCode: cells.contactPhoneCountryCode,
      phone: cells.contactPhone,
    },
    defaultTaskLocation: { address: cells.address, ...coordinates },
    billingContact: {
      name: cells.billingName,
      surname: cells.billingSurname,
      phoneCountryCode: cells.billingPhoneCountryCode,
      phone: cells.billingPhone,
      email: cells.billingEmail,
      address: cells.billingAddress,
    },
  };
}

/** Page sizes of the clients screen; GET clients answers at most the largest per page. */
export const clientPageSizes = [10, 20, 50, 100] as const;

/**
 * GET clients. Without page or size: every live client by name (the pickers' answer), narrowed by `filter` when
 * given. With page or size: one page, `{ items, total, page, size }`, as the clients screen reads thousands.
 * `filter` matches, in any case, the display name and every shown detail (contacts, phones, e-mail, addresses).
 */
export const ClientListQuery = z.object({
  filter: z.string().trim().max(200, 'Must be at most 200 characters').optional(),
  page: z.coerce.number('page must be a whole number from 1.').int('page must be a whole number from 1.').min(1, 'page must be a whole number from 1.').optional(),
  size: z.coerce
    .number('size must be a whole number from 1 to 100.')
    .int('size must be a whole number from 1 to 100.')
    .min(1, 'size must be a whole number from 1 to 100.')
    .max(clientPageSizes[clientPageSizes.length - 1], 'size must be a whole number from 1 to 100.')
    .optional(),
});
export type ClientListQuery = z.infer<typeof ClientListQuery>;

export interface ClientPage {
  items: ClientView[];
  total: number;
  page: number;
  size: number;
}
