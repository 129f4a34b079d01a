'use client';

import { downloadCsv, exportFileName, toCsvFile } from '@/lib/client/tasks/csv';
import type { CustomFieldView } from '@/lib/contract/custom-fields';
import type { TaskView } from '@/lib/contract/tasks';
import { cellText, columnLabel, type CellFormat } from './columns';

/** Columns a spreadsheet should sum: the CSV writes them as a plain number of minutes. */
const minuteColumns: ReadonlySet<string> = new Set(['duration', 'actualDuration']);

export interface CsvOptions {
  /** The tenant's zone: the file name tells the export time as the company's clock reads it. */
  timeZone: string;
  /** The header of a minutes column, e.g. 'Duration (min)', from the translated column label. */
  minutesHeader: (columnLabel: string) => string;
}

/** The filtered list (every page) with the shown columns, as the text of the spec's comma-separated file. */
export function tasksCsvText(
  tasks: readonly TaskView[],
  keys: readonly string[],
  customFields: readonly CustomFieldView[],
  format: CellFormat,
  options: Pick<CsvOptions, 'minutesHeader'>,
): string {
  const csvFormat: CellFormat = { ...format, minutes: (minutes) => String(minutes) };
  const header = keys.map((key) => {
    const label = columnLabel(key, customFields, format);
    return minuteColumns.has(key) ? options.minutesHeader(label) : label;
  });
  const rows = tasks.map((task) => keys.map((key) => cellText(key, task, csvFormat)));
  return toCsvFile(header, rows);
}

/** Downloads the list as CSV and answers the file name. */
export function downloadTasksCsv(
  tasks: readonly TaskView[],
  keys: readonly string[],
  customFields: readonly CustomFieldView[],
  format: CellFormat,
  options: CsvOptions,
  now: Date = new Date(),
): string {
  const fileName = exportFileName(now, options.timeZone);
  downloadCsv(tasksCsvText(tasks, keys, customFields, format, options), fileName);
  return fileName;
}
