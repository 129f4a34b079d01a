import { z } from 'zod';
import { ClientBody } from '@/lib/contract/clients';
import { nameMaxLength } from '@/lib/contract/reference-data';
import type { XeroContact } from '@/lib/server/integrations/xero/accounting-api';

const cut = (value: string | undefined, max: number) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, max) : undefined;
};

type Phone = NonNullable<XeroContact['Phones']>[number];
type Address = NonNullable<XeroContact['Addresses']>[number];

/** Xero's main number is the DEFAULT one; a contact with only a mobile gives that. */
function mainPhone(contact: XeroContact): Phone | undefined {
  const usable = (contact.Phones ?? []).filter((phone) => phone.PhoneNumber?.trim());
  return usable.find((phone) => phone.PhoneType === 'DEFAULT') ?? usable.find((phone) => phone.PhoneType === 'MOBILE') ?? usable[0];
}

function addressText(address: Address | undefined): string | undefined {
  if (!address) return undefined;
  const parts = [
    address.AddressLine1,
    address.AddressLine2,
    address.AddressLine3,
    address.AddressLine4,
    [address.PostalCode, address.City].filter((part) => part?.trim()).join(' '),
    address.Region,
    address.Country,
  ];
  return cut(parts.filter((part) => part?.trim()).map((part) => part?.trim()).join(', '), 500);
}

const addressOf = (contact: XeroContact, type: 'POBOX' | 'STREET') =>
  addressText((contact.Addresses ?? []).find((address) => address.AddressType === type && addressText(address)));

/**
 * A Xero contact as a client: the contact person is both the default and the billing contact, the postal (POBOX)
 * address is the billing address and the street address the default task location. A value the client form would
 * refuse (an invalid e-mail, say) is left out rather than losing the whole contact.
 */
export function clientOfContact(contact: XeroContact): ClientBody | null {
  const displayName = cut(contact.Name, nameMaxLength);
  if (!displayName || contact.ContactStatus === 'ARCHIVED') return null;
  const phone = mainPhone(contact);
  const person = {
    name: cut(contact.FirstName, 100),
    surname: cut(contact.LastName, 100),
    phoneCountryCode: cut(phone?.PhoneCountryCode?.replace(/^\+?/, '+'), 8),
    phone: cut([phone?.PhoneAreaCode, phone?.PhoneNumber].filter((part) => part?.trim()).join(' '), 30),
  };
  const email = cut(contact.EmailAddress, 320);
  const parsed = ClientBody.safeParse({
    displayName,
    defaultContact: person,
    defaultTaskLocation: { address: addressOf(contact, 'STREET') },
    billingContact: {
      ...person,
      email: email && z.email().safeParse(email).success ? email : undefined,
      address: addressOf(contact, 'POBOX') ?? addressOf(contact, 'STREET'),
    },
  });
  return parsed.success ? parsed.data : null;
}

/** Key order and absent keys do not make two clients differ. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value)
        .filter((entry) => entry[1] !== undefined && entry[1] !== null && entry[1] !== '')
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, inner]) => [key, canonical(inner)]),
    );
  }
  return value;
}

export function sameClientData(a: Omit<ClientBody, 'disabled'>, b: Omit<ClientBody, 'disabled'>): boolean {
  const pick = (client: Omit<ClientBody, 'disabled'>) =>
    canonical({
      displayName: client.displayName,
      defaultContact: client.defaultContact,
      defaultTaskLocation: client.defaultTaskLocation,
      billingContact: client.billingContact,
    });
  return JSON.stringify(pick(a)) === JSON.stringify(pick(b));
}
