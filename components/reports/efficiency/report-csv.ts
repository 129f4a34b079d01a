import { toCsvFile } from '@/lib/client/tasks/csv';
import type { EfficiencyRow } from '@/lib/contract/efficiency-report';

/** Minutes as hours and minutes, 'h:mm' (95 → '1:35', -30 → '-0:30'); the sign only when asked or negative. */
export function formatMinutes(minutes: number, signed = false): string {
  const sign = minutes < 0 ? '-' : signed && minutes > 0 ? '+' : '';
  const whole = Math.abs(Math.round(minutes));
  return `${sign}${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

export const assigneeNames = (row: Pick<EfficiencyRow, 'assignees'>) =>
  row.assignees.map((person) => `${person.name} ${person.surname}`.trim()).join(', ');

export interface ReportCsvTexts {
  /** The column headers, in the file's order. */
  header: readonly [
    reference: string,
    title: string,
    assignees: string,
    client: string,
    start: string,
    end: string,
    estimate: string,
    actual: string,
    difference: string,
    efficiency: string,
  ];
  totalEstimate: string;
  totalActual: string;
  workingHours: string;
  /** An instant as the screen shows it, on the user's clock. */
  instant: (iso: string) => string;
}

/**
 * The report as the spec's comma-separated file: one line per row (durations as plain minutes, so a spreadsheet
 * sums them; the efficiency as a plain percent), then an empty line and the three totals, label then minutes (padded to the width of the header).
 */
export function efficiencyCsvText(rows: readonly EfficiencyRow[], texts: ReportCsvTexts): string {
  const lines: Array<Array<string | number | null>> = rows.map((row) => [
    row.task.referenceNumber,
    row.task.title,
    assigneeNames(row),
    row.task.client?.displayName ?? '',
    row.startDate ? texts.instant(row.startDate) : '',
    texts.instant(row.endDate),
    row.estimate,
    row.actual,
    row.difference,
    row.efficiency,
  ]);
  const first = rows[0];
  if (first) {
    lines.push(
      [],
      [texts.totalEstimate, first.totalEstimate ?? 0],
      [texts.totalActual, first.totalActual ?? 0],
      [texts.workingHours, first.workingHours ?? 0],
    );
  }
  return toCsvFile(texts.header, lines);
}
