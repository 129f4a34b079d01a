import Papa from 'papaparse';
import { zonedDateAndTime } from '@/lib/contract/zoned-time';

/** What a spreadsheet may run as a formula (OWASP's list): = + - @, and a tab or carriage return before one. */
const formulaStart = /^[=+\-@\t\r]/;

/** Excel reads a CSV as UTF-8 (accents and all) only when the file starts with this byte-order mark. */
export const utf8Bom = '\uFEFF';

/**
 * A cell a spreadsheet would run as a formula gets a leading apostrophe, so it reads as text. A number given as a
 * number (-30 minutes) is written as it is: its digits cannot hold a formula, and it stays a number to sum.
 */
export function escapeCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  const text = String(value);
  return formulaStart.test(text) ? `'${text}` : text;
}

/** Comma-separated, header first, every cell escaped. */
export function toCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>): string {
  return Papa.unparse(
    { fields: header.map(escapeCell), data: rows.map((row) => row.map(escapeCell)) },
    { delimiter: ',', newline: '\r\n', quotes: false, escapeFormulae: false },
  );
}

/** The text of a downloadable CSV file: the BOM, then the comma-separated rows. */
export function toCsvFile(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>): string {
  return `${utf8Bom}${toCsv(header, rows)}`;
}

/** The export's file name carries its time in the tenant's zone, whatever the browser's: tasks-2026-11-26_1432.csv. */
export function exportFileName(at: Date, timeZone: string, prefix = 'tasks'): string {
  const { date, time } = zonedDateAndTime(at, timeZone);
  return `${prefix}-${date}_${time.replace(':', '')}.csv`;
}

/** Hands the text to the browser as a downloaded CSV file. */
export function downloadCsv(text: string, fileName: string): void {
  const blob = new Blob([text], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
