import { describe, expect, it } from 'vitest';
import { clientsCsvText } from '@/components/clients/clients-csv';
import { mapHref, phoneText } from '@/components/clients/clients-table';
import { clientCsvColumns } from '@/lib/contract/client-csv';

describe('the clients export', () => {
  it('writes the import columns, escapes cells a spreadsheet would run as formulas, and starts with the BOM', () => {
    const text = clientsCsvText([
      {
        id: 1,
        displayName: '=HYPERLINK("x")',
        defaultContact: { name: 'Mario', phoneCountryCode: '+39', phone: '333' },
        defaultTaskLocation: { address: 'Via Roma 1, Milano', latitude: 45.5, longitude: 9.2 },
        billingContact: { email: 'a@b.example' },
        disabled: false,
        deleted: null,
      },
    ]);
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [header, line] = text.slice(1).split('\r\n');
    expect(header).toBe(clientCsvColumns.join(','));
    expect(line).toBe(`"'=HYPERLINK(""x"")",Mario,,'+39,333,"Via Roma 1, Milano",45.5,9.2,,,,,a@b.example,`);
  });

  it('shows phones with their country code and links locations to the map', () => {
    expect(phoneText({ phoneCountryCode: '+39', phone: '333' })).toBe('(+39) 333');
    expect(phoneText({ phone: '333' })).toBe('333');
    expect(phoneText({ phoneCountryCode: '+39' })).toBe('');
    expect(mapHref({ latitude: 45.5, longitude: 9.2 })).toBe('https://www.openstreetmap.org/?mlat=45.5&mlon=9.2#map=17/45.5/9.2');
    expect(mapHref({ address: 'Via Roma 1' })).toBe('https://www.openstreetmap.org/search?query=Via%20Roma%201');
    expect(mapHref({})).toBeNull();
  });
});
