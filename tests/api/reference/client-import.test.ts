import { and, count, eq, isNull } from 'drizzle-orm';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as list, POST as create } from '@/app/api/web/clients/route';
import { POST as uploadCsv } from '@/app/api/web/clients/upload/csv/route';
import { GET as sample } from '@/app/api/web/clients/upload/csv/sample/route';
import { clients } from '@/db/schema';
import { clientCsvColumns } from '@/lib/contract/client-csv';
import type { ClientView } from '@/lib/contract/clients';
import type { CsvImportResult, CsvImportStreamLine } from '@/lib/contract/csv-import';
import { codesOf, messagesOf, type ApiErrorBody } from '@/lib/contract/errors';
import { getDb } from '@/lib/server/core/db';
import { call } from '../setup/http';
import { companyWithSessions, expectOk } from './helpers';

type Company = Awaited<ReturnType<typeof companyWithSessions>>;
let a: Company;
let b: Company;

beforeAll(async () => {
  [a, b] = await Promise.all([companyWithSessions(), companyWithSessions()]);
});

const csvText = (header: readonly string[], lines: ReadonlyArray<ReadonlyArray<string>>) =>
  Papa.unparse({ fields: [...header], data: lines.map((line) => [...line]) }, { newline: '\r\n' });

interface UploadOptions {
  cookie: string;
  validateOnly?: boolean;
  fileName?: string;
  accept?: string;
}

function upload(text: string | Uint8Array, options: UploadOptions) {
  const form = new FormData();
  form.set('csvFile', new File([text as BlobPart], options.fileName ?? 'clients.csv', { type: 'text/csv' }));
  return call(uploadCsv, {
    method: 'POST',
    path: '/api/web/clients/upload/csv',
    query: { validateOnly: String(options.validateOnly ?? false) },
    body: form,
    cookie: options.cookie,
    headers: options.accept ? { accept: options.accept } : {},
  });
}

async function importCsv(text: string, options: UploadOptions): Promise<CsvImportResult> {
  const response = await upload(text, options);
  const body = await response.text();
  if (response.status !== 200) throw new Error(`import answered ${response.status}: ${body}`);
  return JSON.parse(body) as CsvImportResult;
}

async function errorOf(response: Response) {
  return ((await response.json()) as ApiErrorBody).error;
}

async function liveClientCount(tenantId: number): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ value: count() })
    .from(clients)
    .where(and(eq(clients.tenantId, tenantId), isNull(clients.deleted)));
  return row.value;
}

const listed = (cookie: string) => expectOk<ClientView[]>(list, { cookie });

describe('POST clients/upload/csv: the file', () => {
  it('refuses an unknown, repeated or nameless column and a header without displayName, writing nothing', async () => {
    const before = await liveClientCount(a.tenantId);
    const unknown = await upload(csvText(['displayName', 'colour'], [['Alfa', 'red']]), { cookie: a.cookies.owner });
    expect(unknown.status).toBe(400);
    const unknownError = await errorOf(unknown);
    expect(unknownError.code).toBe('import.invalidHeader');
    expect(unknownError.fields?.csvFile).toEqual([{ code: 'import.unknownColumn', params: { column: 'colour' }, message: 'Unknown column "colour".' }]);
    const missing = await upload(csvText(['contactName'], [['Mario']]), { cookie: a.cookies.owner });
    expect((await errorOf(missing)).fields?.csvFile).toEqual([
      { code: 'import.columnRequired', params: { column: 'displayName' }, message: 'The column "displayName" is required.' },
    ]);
    const twice = await upload(csvText(['displayName', 'DISPLAYNAME', ''], [['Alfa', 'Alfa', '']]), { cookie: a.cookies.owner });
    expect((await errorOf(twice)).fields?.csvFile).toEqual([
      { code: 'import.columnRepeated', params: { column: 'DISPLAYNAME' }, message: 'The column "DISPLAYNAME" appears more than once.' },
      { code: 'import.columnUnnamed', params: { index: 3 }, message: 'Column 3 has no name.' },
    ]);
    expect(await liveClientCount(a.tenantId)).toBe(before);
  });

  it('accepts only .csv files of text: another kind is 415', async () => {
    const named = await upload(csvText(['displayName'], [['Alfa']]), { cookie: a.cookies.owner, fileName: 'clients.xlsx' });
    expect(named.status).toBe(415);
    const namedError = await errorOf(named);
    expect(namedError.code).toBe('import.notCsv');
    expect(codesOf(namedError.fields)).toEqual({ csvFile: ['import.notCsv'] });
    expect(messagesOf(namedError.fields)).toEqual({ csvFile: ['Only .csv files can be imported.'] });
    const binary = await upload(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x01]), { cookie: a.cookies.owner });
    expect(binary.status).toBe(415);
    const binaryError = await errorOf(binary);
    expect(binaryError.code).toBe('import.notText');
    expect(codesOf(binaryError.fields)).toEqual({ csvFile: ['import.notText'] });
    const empty = await upload('', { cookie: a.cookies.owner });
    const emptyError = await errorOf(empty);
    expect(emptyError.code).toBe('import.empty');
    expect(messagesOf(emptyError.fields)).toEqual({ csvFile: ['The file is empty: the first line must be the header.'] });
  });

  it('refuses a file over the row limit as a whole', async () => {
    const lines = Array.from({ length: 20_001 }, (_, index) => [`Bulk ${index}`]);
    const response = await upload(csvText(['displayName'], lines), { cookie: a.cookies.owner, validateOnly: true });
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.code).toBe('import.tooManyRows');
    expect(error.fields?.csvFile).toEqual([
      { code: 'import.tooManyRows', params: { lines: 20_001, max: 20_000 }, message: 'The file has 20001 lines; at most 20000 can be imported at once.' },
    ]);
  });

  it('is for tasks managers only', async () => {
    const text = csvText(['displayName'], [['Forbidden Srl']]);
    for (const cookie of [a.cookies.worker, a.cookies.usersManager, a.cookies.billingManager]) {
      expect((await upload(text, { cookie })).status).toBe(403);
    }
    expect((await call(sample, { cookie: a.cookies.worker })).status).toBe(403);
    expect((await upload(text, { cookie: a.cookies.tasksManager, validateOnly: true })).status).toBe(200);
  });
});

describe('POST clients/upload/csv: the lines', () => {
  const header = ['displayName', 'contactName', 'contactPhoneCountryCode', 'contactPhone', 'address', 'latitude', 'longitude', 'billingEmail'];

  it('imports every detail of each good line, in any column order, and lists the clients', async () => {
    const text = csvText(header, [
      ['Import Alfa', 'Mario', "'+39", '3331234567', 'Via Roma 1, Milano', '45.4642', '9.19', 'Billing@Alfa.example'],
      ['Import Beta', '', '', '', '', '', '', ''],
    ]);
    const result = await importCsv(text, { cookie: a.cookies.tasksManager });
    expect(result).toEqual({
      importId: expect.stringMatching(/^[0-9a-f]{16}$/),
      validateOnly: false,
      processedRecordsCount: 2,
      importedCount: 2,
      invalidCount: 0,
      alreadyExistsCount: 0,
      alreadyImportedCount: 0,
      lineErrors: {},
      lineProblems: {},
    });
    const alfa = (await listed(a.cookies.owner)).find((client) => client.displayName === 'Import Alfa');
    expect(alfa).toMatchObject({
      defaultContact: { name: 'Mario', phoneCountryCode: '+39', phone: '3331234567' },
      defaultTaskLocation: { address: 'Via Roma 1, Milano', latitude: 45.4642, longitude: 9.19 },
      billingContact: { email: 'billing@alfa.example' },
      disabled: false,
      deleted: null,
    });
  });

  it('reports bad lines with their spreadsheet line numbers, columns and codes, and imports the others', async () => {
    const text = csvText(header, [
      ['Import Good', '', '', '', '', '', '', ''],
      ['', 'Nameless', '', '', '', '', '', ''],
      ['Import Bad Mail', '', '', '', '', 'north', '200', 'not-an-email'],
      ['Import Long', 'x'.repeat(101), '', '', '', '', '', ''],
    ]);
    const result = await importCsv(text, { cookie: a.cookies.owner });
    expect(result).toMatchObject({ processedRecordsCount: 4, importedCount: 1, invalidCount: 3, alreadyExistsCount: 0 });
    expect(result.lineErrors).toEqual({
      '3': ['displayName: Display name is required'],
      '4': ['latitude: Must be a number.', 'longitude: Longitude must be between -180 and 180', 'billingEmail: Invalid email address provided'],
      '5': ['contactName: Must be at most 100 characters'],
    });
    // The codes POST clients answers for the same values (the client rules), and the import's own.
    expect(result.lineProblems['3']).toEqual([{ column: 'displayName', code: 'validation.required', params: {} }]);
    expect(result.lineProblems['4']).toEqual([
      { column: 'latitude', code: 'import.notANumber', params: {} },
      { column: 'longitude', code: 'client.longitudeRange', params: {} },
      { column: 'billingEmail', code: 'client.invalidEmail', params: {} },
    ]);
    expect(result.lineProblems['5']).toEqual([{ column: 'contactName', code: 'validation.tooLong', params: { max: 100 } }]);
    const names = (await listed(a.cookies.owner)).map((client) => client.displayName);
    expect(names).toContain('Import Good');
    expect(names).not.toContain('Import Bad Mail');
  });

  it('reports a line whose cells do not match the header, and a line it cannot read', async () => {
    const text = 'displayName,contactName\r\nImport Short\r\nImport Wide,Mario,extra\r\n"Import Open,Mario\r\n';
    const result = await importCsv(text, { cookie: a.cookies.owner, validateOnly: true });
    expect(result.lineProblems['2']).toEqual([{ column: null, code: 'import.lineLength', params: { values: 1, columns: 2 } }]);
    expect(result.lineProblems['3']).toEqual([{ column: null, code: 'import.lineLength', params: { values: 3, columns: 2 } }]);
    expect(result.lineProblems['4']?.[0]).toMatchObject({ column: null, code: 'import.unreadable' });
    expect(result.importedCount).toBe(0);
  });

  it('counts a name an existing client has, or an earlier line has, as already existing, ignoring case and spaces', async () => {
    await expectOk(create, { method: 'POST', cookie: a.cookies.owner, json: { displayName: 'Existing Rossi' } });
    const text = csvText(['displayName', 'contactName'], [
      ['  existing   ROSSI ', 'Changed'],
      ['Twice Verdi', 'First'],
      ['twice verdi', 'Second'],
    ]);
    const result = await importCsv(text, { cookie: a.cookies.owner });
    expect(result).toMatchObject({ processedRecordsCount: 3, importedCount: 1, invalidCount: 0, alreadyExistsCount: 2 });
    expect(result.lineErrors).toEqual({
      '2': ['displayName: A client named "existing   ROSSI" already exists.'],
      '4': ['displayName: The client "twice verdi" is already on line 3 of this file.'],
    });
    expect(result.lineProblems['2']).toEqual([{ column: 'displayName', code: 'import.clientExists', params: { name: 'existing   ROSSI' } }]);
    expect(result.lineProblems['4']).toEqual([{ column: 'displayName', code: 'import.clientRepeated', params: { name: 'twice verdi', line: 3 } }]);
    const rows = await listed(a.cookies.owner);
    expect(rows.find((client) => client.displayName === 'Existing Rossi')?.defaultContact).toEqual({});
    expect(rows.filter((client) => client.displayName.toLowerCase() === 'twice verdi')).toHaveLength(1);
    expect(rows.find((client) => client.displayName === 'Twice Verdi')?.defaultContact).toEqual({ name: 'First' });
  });

  it('writes nothing with validateOnly, and says how many lines would be imported', async () => {
    const before = await liveClientCount(a.tenantId);
    const text = csvText(['displayName'], [['Check One'], ['Check Two'], ['']]);
    const result = await importCsv(text, { cookie: a.cookies.owner, validateOnly: true });
    expect(result).toMatchObject({ validateOnly: true, processedRecordsCount: 2, importedCount: 2, invalidCount: 0 });
    expect(await liveClientCount(a.tenantId)).toBe(before);
  });

  it('streams progress and the result as NDJSON when asked', async () => {
    const response = await upload(csvText(['displayName'], [['Stream One'], ['Stream Two']]), {
      cookie: a.cookies.owner,
      accept: 'application/x-ndjson',
      validateOnly: true,
    });
    expect(response.headers.get('content-type')).toContain('application/x-ndjson');
    const lines = (await response.text())
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as CsvImportStreamLine);
    const result = lines.at(-1);
    expect(result).toMatchObject({ type: 'result', validateOnly: true, importedCount: 2, importId: expect.stringMatching(/^[0-9a-f]{16}$/) });
    const importId = result?.type === 'result' ? result.importId : '';
    expect(lines[0]).toEqual({ type: 'progress', importId, processed: 0, total: 2 });
  });

  it('keeps tenants apart: names are unique per company, and imported clients are listed only to their own', async () => {
    await importCsv(csvText(['displayName'], [['Tenant A Only'], ['Shared Name']]), { cookie: a.cookies.owner });
    const result = await importCsv(csvText(['displayName'], [['Shared Name']]), { cookie: b.cookies.owner });
    expect(result).toMatchObject({ importedCount: 1, alreadyExistsCount: 0 });
    const namesOfB = (await listed(b.cookies.owner)).map((client) => client.displayName);
    expect(namesOfB).toEqual(['Shared Name']);
    expect((await listed(a.cookies.owner)).filter((client) => client.displayName === 'Shared Name')).toHaveLength(1);
  });
});

describe('GET clients/upload/csv/sample', () => {
  it('answers sample_clients_1.csv, whose lines import as they are', async () => {
    const response = await call(sample, { cookie: a.cookies.tasksManager });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('sample_clients_1.csv');
    const text = await response.text();
    expect(text.replace(/^\ufeff/, '').split('\r\n')[0]).toBe(clientCsvColumns.join(','));
    const result = await importCsv(text, { cookie: b.cookies.owner });
    expect(result).toMatchObject({ importedCount: 2, invalidCount: 0 });
    const rossi = (await listed(b.cookies.owner)).find((client) => client.displayName === 'Rossi Impianti Srl');
    expect(rossi?.defaultContact.phoneCountryCode).toBe('+39');
  });
});
