import 'server-only';
import Papa from 'papaparse';
import { bodyAnswer, type BodyAnswer } from '@/lib/server/core/answer';
import { clientCsvCells, clientCsvColumns, clientSampleFileName } from '@/lib/contract/client-csv';

/** Two clients: one with every detail, one with its name alone, which is all a client needs. */
const sampleClients = [
  {
    displayName: 'Rossi Impianti Srl',
    defaultContact: { name: 'Mario', surname: 'Rossi', phoneCountryCode: '+39', phone: '3331234567' },
    defaultTaskLocation: { address: 'Via Roma 1, 20121 Milano', latitude: 45.4642, longitude: 9.19 },
    billingContact: {
      name: 'Anna',
      surname: 'Bianchi',
      phoneCountryCode: '+39',
      phone: '021234567',
      email: 'billing@rossi-impianti.example',
      address: 'Via Verdi 2, 20121 Milano',
    },
  },
  { displayName: 'Bianchi Giardini', defaultContact: {}, defaultTaskLocation: {}, billingContact: {} },
];

/**
 * The sample file: the header the import takes and two example lines. Phone codes start with '+', which a
 * spreadsheet would read as a formula: quoted as text the way the clients export writes them (a leading apostrophe,
 * which the import removes).
 */
export function clientImportSample(): BodyAnswer {
  const data = sampleClients.map((client) => {
    const cells = clientCsvCells(client);
    return clientCsvColumns.map((column) => (/^[=+\-@]/.test(cells[column]) ? `'${cells[column]}` : cells[column]));
  });
  const csv = Papa.unparse({ fields: [...clientCsvColumns], data }, { newline: '\r\n' });
  return bodyAnswer({
    body: `\ufeff${csv}\r\n`,
    contentType: 'text/csv; charset=utf-8',
    disposition: { type: 'attachment', filename: clientSampleFileName },
  });
}
