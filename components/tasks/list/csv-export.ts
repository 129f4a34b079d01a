'use client';

import { exportFileName, toCsv } from '@/lib/client/tasks/csv';
import type { CustomFieldView } from '@/lib/contract/custom-fields';
import type { TaskView } from '@/lib/contract/tasks';
import { cellText, columnLabel, type CellFormat } from './columns';

/** Downloads the filtered list (every page) with the shown columns, as the spec's comma-separated file. */
export function downloadTasksCsv(
  tasks: readonly TaskView[],
  keys: readonly string[],
  customFields: readonly CustomFieldView[],
  format: CellFormat,
  now: Date = new Date(),
): string {
  const header = keys.map((key) => columnLabel(key, customFields, format));
  const rows = tasks.map((task) => keys.map((key) => cellText(key, task, format)));
  const blob = new Blob([toCsv(header, rows)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  const fileName = exportFileName(now);
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return fileName;
}
