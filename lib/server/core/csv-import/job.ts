import type { CsvImportResult } from '@/lib/contract/csv-import';
import type { LineProblem } from './problems';

export type ImportProgress = (processed: number, total: number) => void;

/** Thrown when a write failed part way: what was written before it stays (`importedCount`), the rest is not written. */
export class ImportStopped extends Error {
  constructor(
    readonly processed: number,
    readonly importedCount: number,
    readonly cause: unknown,
  ) {
    super('The import stopped: a batch could not be written.');
    this.name = 'ImportStopped';
  }
}

/**
 * An import whose file and header were accepted, ready to run: the HTTP edge runs it and answers one JSON result, or
 * streams progress lines and the result as it goes (lib/server/http/csv-import/answer.ts). `what` names the import in
 * the server log.
 */
export interface ImportJob<R extends CsvImportResult = CsvImportResult> {
  importId: string;
  total: number;
  what: string;
  run: (progress: ImportProgress) => Promise<R>;
}

/** An empty result, to be counted up line by line. */
export function emptyResult(importId: string, validateOnly: boolean): CsvImportResult {
  return {
    importId,
    validateOnly,
    processedRecordsCount: 0,
    importedCount: 0,
    invalidCount: 0,
    alreadyExistsCount: 0,
    alreadyImportedCount: 0,
    lineErrors: {},
    lineProblems: {},
  };
}

/** Writes a line's reasons into the result: the English texts ("column: message") and the codes, in one order. */
export function reportLine(result: CsvImportResult, line: number, problems: readonly LineProblem[]): void {
  result.lineErrors[String(line)] = problems.map(({ column, message }) => (column === null ? message : `${column}: ${message}`));
  result.lineProblems[String(line)] = problems.map(({ column, code, params }) => ({ column, code, params }));
}
