import 'server-only';
import { ClientBody } from '@/lib/contract/clients';
import { clientColumnOfPath, clientInputOfCells, type ClientCsvColumn } from '@/lib/contract/client-csv';
import { codedParse, problemOfIssue } from '@/lib/contract/problems';
import type { CsvLine } from '@/lib/server/core/csv-import/table';
import { parseNumber } from '@/lib/server/core/csv-import/cells';
import type { LineProblem } from '@/lib/server/core/csv-import/problems';
import { sharedLineProblem } from './line-codes';

export type CellsByColumn = Partial<Record<ClientCsvColumn, string>>;

/** A line's cells by column; blank cells are absent, so they count as not given. */
export function cellsOf(line: CsvLine, columns: readonly ClientCsvColumn[]): CellsByColumn {
  const cells: CellsByColumn = {};
  columns.forEach((column, index) => {
    const cell = line.cells[index];
    if (cell !== undefined && cell !== '') cells[column] = cell;
  });
  return cells;
}

/**
 * A line checked by the rules of POST clients: the body to create, or every reason it cannot be. The display
 * name's uniqueness is the caller's (it counts as already existing, not as an error of the line).
 */
export function readClientLine(line: CsvLine, columns: readonly ClientCsvColumn[]): ClientBody | LineProblem[] {
  if (line.cells.length !== columns.length) {
    return [{ column: null, ...sharedLineProblem('import.lineLength', { values: line.cells.length, columns: columns.length }) }];
  }
  const cells = cellsOf(line, columns);
  const problems: LineProblem[] = [];
  const coordinates: { latitude?: number; longitude?: number } = {};
  for (const column of ['latitude', 'longitude'] as const) {
    const text = cells[column];
    if (text === undefined) continue;
    const value = parseNumber(text);
    if (value === null) problems.push({ column, ...sharedLineProblem('import.notANumber') });
    else coordinates[column] = value;
  }
  const parsed = ClientBody.safeParse(clientInputOfCells(cells, coordinates), codedParse);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const column = clientColumnOfPath[issue.path.join('.')] ?? null;
      problems.push({ column, ...problemOfIssue(issue) });
    }
  }
  return problems.length > 0 || !parsed.success ? problems : parsed.data;
}
