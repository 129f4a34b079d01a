import { describe, expect, it } from 'vitest';
import { clientOfContact, sameClientData } from '@/lib/server/clients/accounting/contact-mapping';

describe('a Xero contact as a client', () => {
  it('takes the DEFAULT phone, else the mobile, with the country code as +NN', () => {
    const client = clientOfContact({
      ContactID: 'c1',
      Name: '  Bianchi Srl ',
      Phones: [
        { PhoneType: 'DEFAULT', PhoneNumber: '' },
        { PhoneType: 'MOBILE', PhoneNumber: '333 1234567', PhoneCountryCode: '+39' },
      ],
    });
    expect(client).toMatchObject({
      displayName: 'Bianchi Srl',
      defaultContact: { phone: '333 1234567', phoneCountryCode: '+39' },
      billingContact: { phone: '333 1234567', phoneCountryCode: '+39' },
    });
  });

  it('uses the street address for billing when there is no postal one, and leaves out empty parts', () => {
    const client = clientOfContact({
      ContactID: 'c2',
      Name: 'Verdi',
      Addresses: [
        { AddressType: 'POBOX' },
        { AddressType: 'STREET', AddressLine1: 'Via Po 3', City: 'Torino', Country: '' },
      ],
    });
    expect(client?.defaultTaskLocation).toEqual({ address: 'Via Po 3, Torino' });
    expect(client?.billingContact.address).toBe('Via Po 3, Torino');
  });

  it('skips archived and nameless contacts and cuts a very long name', () => {
    expect(clientOfContact({ ContactID: 'c3', Name: 'Old', ContactStatus: 'ARCHIVED' })).toBeNull();
    expect(clientOfContact({ ContactID: 'c4', Name: ' ' })).toBeNull();
    expect(clientOfContact({ ContactID: 'c5', Name: 'x'.repeat(500) })?.displayName).toHaveLength(200);
  });

  it('compares clients by their data, whatever the key order or empty values', () => {
    const a = { displayName: 'A', defaultContact: { name: 'N', phone: undefined }, defaultTaskLocation: {}, billingContact: {} };
    const b = { displayName: 'A', billingContact: {}, defaultTaskLocation: {}, defaultContact: { name: 'N' } };
    expect(sameClientData(a, b)).toBe(true);
    expect(sameClientData(a, { ...b, displayName: 'B' })).toBe(false);
  });
});
