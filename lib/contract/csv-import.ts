import { z } from 'zod';
import type { ErrorCodeName } from '@/lib/contract/error-catalogue';
import type { ProblemParams } from '@/lib/contract/errors';

/**
 * What every CSV import shares (tasks/upload/csv, clients/upload/csv): the file's limits, the codes that refuse a
 * file as a whole, the validateOnly query and the answer's shape, so one modal and one client serve them all.
 */
export const csvImportLimits = {
  /** The upload's size: a 10,000-line task file with every column filled is about 2 MB. */
  fileBytes: 10 * 1024 * 1024,
  /** Lines after the header. */
  rows: 20_000,
} as const;

export const CsvImportErrorCode = {
  /** The header names an unknown or repeated column, or lacks a required one: each problem under csvFile. */
  invalidHeader: 'import.invalidHeader',
  notCsv: 'import.notCsv',
  notText: 'import.notText',
  tooLarge: 'import.tooLarge',
  empty: 'import.empty',
  tooManyRows: 'import.tooManyRows',
} as const satisfies Record<string, ErrorCodeName>;

/**
 * The codes that refuse a file as a whole (not CSV, not text, empty, over the limits): each is the error's code
 * and the one problem under csvFile.
 */
export type CsvFileErrorCode = Exclude<(typeof CsvImportErrorCode)[keyof typeof CsvImportErrorCode], 'import.invalidHeader'>;

export const CsvImportQuery = z.object({
  validateOnly: z
    .enum(['true', 'false'], 'validateOnly must be true or false.')
    .optional()
    .transform((value) => value === 'true'),
});

/**
 * How long the server remembers which lines of an import landed: importing the same file again within this time
 * skips them. There is no "import again anyway": to import the same lines twice on purpose, change the file (any
 * change to its content makes it another import).
 */
export const csvImportRecordDays = 30;

/** Line numbers as a spreadsheet shows them: the header is line 1. */
export interface CsvImportResult {
  /**
   * This import: a hash of the tenant, the kind of import and the file's content. Importing the same file again
   * (after a crash or a lost answer) is the same import, and skips the lines it already wrote.
   */
  importId: string;
  /** true: nothing was written; importedCount says how many lines would have been imported. */
  validateOnly: boolean;
  processedRecordsCount: number;
  importedCount: number;
  invalidCount: number;
  alreadyExistsCount: number;
  /** Lines an earlier run of this same import (importId) wrote: skipped, and not listed in lineErrors. */
  alreadyImportedCount: number;
  /**
   * Every other line not imported, invalid or already existing, with its reasons in English ("column: message").
   */
  lineErrors: Record<string, string[]>;
  /**
   * The same reasons for the clients to translate: the same lines, one problem per text of lineErrors, in the
   * same order, each a code of the error catalogue (lib/contract/error-catalogue.ts): the import's own checks in
   * the `import` namespace, and for a rule the import shares with the API call (POST tasks, POST clients) the very
   * code that call answers. A client that does not know a code shows the English text instead.
   */
  lineProblems: Record<string, CsvImportLineProblem[]>;
}

/** One reason a line was not imported. */
export interface CsvImportLineProblem {
  /** The file's column (a custom field's column is the field's name); null when the whole line is at fault. */
  column: string | null;
  /** A code of the error catalogue, e.g. import.taskTypeNotFound. */
  code: ErrorCodeName;
  /** What the text names, e.g. { name: 'Painting' } for import.taskTypeNotFound. */
  params: ProblemParams;
}

/**
 * With `Accept: application/x-ndjson` the answer streams one JSON object per line: progress lines while the rows
 * are checked and written, then the result, or an error when the import stopped on a failure.
 */
export type CsvImportStreamLine =
  | { type: 'progress'; importId: string; processed: number; total: number }
  | ({ type: 'result' } & CsvImportResult)
  | { type: 'error'; importId: string; error: { code: ErrorCodeName; message: string; params?: ProblemParams }; processed: number; importedCount: number };

export const ndjsonContentType = 'application/x-ndjson';
