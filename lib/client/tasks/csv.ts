import Papa from 'papaparse';

const formulaStart = /^[=+\-@]/;

/** A cell a spreadsheet would run as a formula gets a leading apostrophe, so it reads as text. */
export function escapeCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
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

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** The export's file name carries its timestamp: tasks-2026-11-23_15-07-58.csv, in local time. */
export function exportFileName(at: Date): string {
  const date = `${at.getFullYear()}-${twoDigits(at.getMonth() + 1)}-${twoDigits(at.getDate())}`;
  const time = `${twoDigits(at.getHours())}-${twoDigits(at.getMinutes())}-${twoDigits(at.getSeconds())}`;
  return `tasks-${date}_${time}.csv`;
}
