import 'server-only';
import { csvImportLimits } from '@/lib/contract/csv-import';
import { invalidField } from '@/lib/server/core/errors';
import { invalidCsvFile, type CsvUpload } from '@/lib/server/core/csv-import/table';
import { readBounded } from '@/lib/server/http/bounded-body';

const maxMb = csvImportLimits.fileBytes / (1024 * 1024);
const tooLarge = () => invalidCsvFile('import.tooLarge', `The file must be under ${maxMb} MB.`, { maxMb }, 413);

/** Control bytes that never appear in text: their presence marks a binary file named .csv. */
function looksLikeText(bytes: Uint8Array): boolean {
  for (const byte of bytes) {
    if (byte < 0x09 || byte === 0x0b || (byte >= 0x0e && byte <= 0x1f && byte !== 0x1b)) return false;
  }
  return true;
}

/** UTF-8 as spreadsheets export it today; a file that is not valid UTF-8 is read as Windows-1252, Excel's older default. */
function decode(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/**
 * Reads the multipart part `csvFile`: a .csv file of text under the size limit (413), never reading more of the
 * body than that; a file of another kind is 415.
 */
export async function readCsvUpload(request: Request): Promise<CsvUpload> {
  const body = await readBounded(request, csvImportLimits.fileBytes + 64 * 1024, tooLarge);
  let form: FormData;
  try {
    const contentType = request.headers.get('content-type') ?? '';
    form = await new Response(body as BlobPart, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw invalidField('csvFile', 'request.notMultipart', 'The body must be multipart/form-data with a part named csvFile.', { part: 'csvFile' });
  }
  const file = form.get('csvFile');
  if (!file || typeof file === 'string') throw invalidField('csvFile', 'file.required', 'A CSV file is required.');
  if (!file.name.toLowerCase().endsWith('.csv')) throw invalidCsvFile('import.notCsv', 'Only .csv files can be imported.', {}, 415);
  if (file.size > csvImportLimits.fileBytes) throw tooLarge();
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!looksLikeText(bytes)) throw invalidCsvFile('import.notText', 'The file is not a text CSV file.', {}, 415);
  return { fileName: file.name, text: decode(bytes) };
}
