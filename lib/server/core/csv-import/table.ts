import 'server-only';
import Papa from 'papaparse';
import { csvImportLimits, type CsvFileErrorCode } from '@/lib/contract/csv-import';
import type { ProblemParams } from '@/lib/contract/errors';
import { fieldProblem, HttpError } from '@/lib/server/core/errors';

/** An uploaded CSV file as the HTTP edge read it (lib/server/http/csv-import/csv-file.ts): its name and its text. */
export interface CsvUpload {
  fileName: string;
  text: string;
}

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

/**
 * A refusal of the file as a whole: its own code, also as the one problem under csvFile, which the import modal
 * shows; the status says what was wrong with the upload.
 */
export const invalidCsvFile = (code: CsvFileErrorCode, message: string, params: ProblemParams = {}, status: 400 | 413 | 415 = 400) =>
  new HttpError(status, code, message, fieldProblem('csvFile', code, message, params), undefined, undefined, params);
/** A cell an export wrote with a leading apostrophe (so a spreadsheet reads it as text) gets its value back. */
function unescapeCell(cell: string): string {
  const trimmed = cell.trim();
  return /^'[=+\-@]/.test(trimmed) ? trimmed.slice(1) : trimmed;
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
  if (header.every((cell) => cell === '')) throw invalidCsvFile('import.empty', 'The file is empty: the first line must be the header.');
  const lines: CsvLine[] = [];
  for (let index = 1; index < rows.length; index += 1) {
    const cells = rows[index].map(unescapeCell);
    if (cells.every((cell) => cell === '')) continue;
    lines.push({ line: index + 1, cells });
  }
  if (lines.length > csvImportLimits.rows) {
    throw invalidCsvFile('import.tooManyRows', `The file has ${lines.length} lines; at most ${csvImportLimits.rows} can be imported at once.`, {
      lines: lines.length,
      max: csvImportLimits.rows,
    });
  }
  return { fileName, header, lines, unreadable };
}
