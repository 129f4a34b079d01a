import { z } from 'zod';
import type { ErrorCodeName } from '@/lib/contract/error-catalogue';

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
  /** The header names an unknown or repeated column, or lacks a required one. */
  invalidHeader: 'import.invalidHeader',
  /** Not a .csv file, not text, empty, or over the limits. */
  invalidFile: 'import.invalidFile',
} as const satisfies Record<string, ErrorCodeName>;

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
   * same order. Each import lists its codes with their English texts (lib/server/tasks/import/line-codes.ts,
   * lib/server/clients/import/line-codes.ts); a client that does not know a code shows the English text instead.
   */
  lineProblems: Record<string, CsvImportLineProblem[]>;
}

/** One reason a line was not imported. */
export interface CsvImportLineProblem {
  /** The file's column (a custom field's column is the field's name); null when the whole line is at fault. */
  column: string | null;
  /** A stable code, e.g. taskTypeNotFound; `other` carries a text the import has no code for in params.message. */
  code: string;
  /** What the text names, e.g. { name: 'Painting' } for taskTypeNotFound. */
  params: Record<string, string | number>;
}

/**
 * With `Accept: application/x-ndjson` the answer streams one JSON object per line: progress lines while the rows
 * are checked and written, then the result, or an error when the import stopped on a failure.
 */
export type CsvImportStreamLine =
  | { type: 'progress'; importId: string; processed: number; total: number }
  | ({ type: 'result' } & CsvImportResult)
  | { type: 'error'; importId: string; error: { code: string; message: string }; processed: number; importedCount: number };

export const ndjsonContentType = 'application/x-ndjson';
