import 'server-only';
import Papa from 'papaparse';
import { CsvImportErrorCode, csvImportLimits } from '@/lib/contract/csv-import';
import { HttpError, validationError } from '@/lib/server/core/errors';
import { readBounded } from '@/lib/server/http/bounded-body';

export interface CsvLine {
  /** The line as a spreadsheet numbers it: the header is 1. */
  line: number;
  cells: string[];
}

export interface CsvTable {
  fileName: string;
  header: string[];
  /** Data lines with at least one value; blank lines are skipped but keep their numbers. */
  lines: CsvLine[];
  /** Lines the parser could not read (an unclosed quote, say), by line number, with the parser's reason. */
  unreadable: Map<number, string>;
}

/** The import modal shows the message of any INVALID_CSV_FILE; the status says what was wrong with the upload. */
const invalidFile = (message: string, status: 400 | 413 | 415 = 400) =>
  new HttpError(status, CsvImportErrorCode.invalidFile, message, { csvFile: [message] });
const tooLargeMessage = 'The file must be under 10 MB.';
const tooLarge = () => invalidFile(tooLargeMessage, 413);

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

/** A cell an export wrote with a leading apostrophe (so a spreadsheet reads it as text) gets its value back. */
function unescapeCell(cell: string): string {
  const trimmed = cell.trim();
  return /^'[=+\-@]/.test(trimmed) ? trimmed.slice(1) : trimmed;
}

/**
 * Reads the multipart part `csvFile`: a .csv file of text under the size limit (413), never reading more of the
 * body than that; a file of another kind is 415.
 */
export async function readCsvUpload(request: Request): Promise<{ fileName: string; text: string }> {
  const body = await readBounded(request, csvImportLimits.fileBytes + 64 * 1024, tooLarge);
  let form: FormData;
  try {
    const contentType = request.headers.get('content-type') ?? '';
    form = await new Response(body as BlobPart, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw validationError({ csvFile: ['The body must be multipart/form-data with a part named csvFile.'] });
  }
  const file = form.get('csvFile');
  if (!file || typeof file === 'string') throw validationError({ csvFile: ['A CSV file is required.'] });
  if (!file.name.toLowerCase().endsWith('.csv')) throw invalidFile('Only .csv files can be imported.', 415);
  if (file.size > csvImportLimits.fileBytes) throw tooLarge();
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!looksLikeText(bytes)) throw invalidFile('The file is not a text CSV file.', 415);
  return { fileName: file.name, text: decode(bytes) };
}

/**
 * Splits the text into the header and the data lines. Comma, semicolon or tab, whichever the file uses; quoted
 * cells may hold separators and line breaks. Blank lines are skipped but still counted, so line numbers match
 * what a spreadsheet shows.
 */
export function parseCsv(fileName: string, text: string): CsvTable {
  const content = text.startsWith('\ufeff') ? text.slice(1) : text;
  const parsed = Papa.parse<string[]>(content, {
    header: false,
    skipEmptyLines: false,
    delimitersToGuess: [',', ';', '\t'],
  });
  const rows = parsed.data;
  const unreadable = new Map<number, string>();
  for (const error of parsed.errors) {
    if (error.row !== undefined && error.code !== 'UndetectableDelimiter') {
      unreadable.set(error.row + 1, error.message);
    }
  }
  const header = (rows[0] ?? []).map((cell) => cell.trim());
  if (header.every((cell) => cell === '')) throw invalidFile('The file is empty: the first line must be the header.');
  const lines: CsvLine[] = [];
  for (let index = 1; index < rows.length; index += 1) {
    const cells = rows[index].map(unescapeCell);
    if (cells.every((cell) => cell === '')) continue;
    lines.push({ line: index + 1, cells });
  }
  if (lines.length > csvImportLimits.rows) {
    throw invalidFile(`The file has ${lines.length} lines; at most ${csvImportLimits.rows} can be imported at once.`);
  }
  return { fileName, header, lines, unreadable };
}
