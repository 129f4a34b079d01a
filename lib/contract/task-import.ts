import { z } from 'zod';
import { formatDateFieldValue, type CustomFieldType } from './custom-fields';

/**
 * POST tasks/upload/csv: a CSV file (multipart part `csvFile`) of tasks, one per line after the header. The header
 * is the contract: the standard columns below in any order, then one column per live custom field named by the
 * field's name. Names match case-insensitively; unknown or repeated columns, or a missing taskType, refuse the file.
 */
export const taskImportColumns = [
  'externalReference',
  'title',
  'taskType',
  'client',
  'description',
  'scheduleDate',
  'scheduleTime',
  'durationMins',
  'worker',
  'timeSlot',
  'contactName',
  'contactSurname',
  'contactPhoneCountryCode',
  'contactPhone',
  'address',
  'latitude',
  'longitude',
  'billingStatus',
] as const;
export type TaskImportColumn = (typeof taskImportColumns)[number];

export const requiredImportColumns: readonly TaskImportColumn[] = ['taskType'];

export const taskImportLimits = {
  /** The upload's size: a 10,000-line file with every column filled is about 2 MB. */
  fileBytes: 10 * 1024 * 1024,
  /** Lines after the header. */
  rows: 20_000,
  /** Lines written per transaction: each batch is all or nothing. */
  batchSize: 500,
} as const;

export const TaskImportErrorCode = {
  /** The header names an unknown or repeated column, or lacks a required one. */
  invalidHeader: 'INVALID_CSV_FILE_HEADER',
  /** Not a .csv file, not text, empty, or over the limits. */
  invalidFile: 'INVALID_CSV_FILE',
} as const;

export const TaskImportQuery = z.object({
  validateOnly: z
    .enum(['true', 'false'], 'validateOnly must be true or false.')
    .optional()
    .transform((value) => value === 'true'),
});

/** Line numbers as a spreadsheet shows them: the header is line 1. */
export interface TaskImportResult {
  /** true: nothing was written; importedCount says how many lines would have been imported. */
  validateOnly: boolean;
  processedRecordsCount: number;
  importedCount: number;
  invalidCount: number;
  alreadyExistsCount: number;
  /** Every line not imported, invalid or already existing, with its reasons in English ("column: message"). */
  lineErrors: Record<string, string[]>;
  /**
   * The same reasons for the clients to translate: the same lines, one problem per text of lineErrors, in the
   * same order. Codes and their parameters are listed with their English texts in
   * lib/server/task-import/line-codes.ts; a client that does not know a code shows the English text instead.
   */
  lineProblems: Record<string, TaskImportLineProblem[]>;
}

/** One reason a line was not imported. */
export interface TaskImportLineProblem {
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
export type TaskImportStreamLine =
  | { type: 'progress'; processed: number; total: number }
  | ({ type: 'result' } & TaskImportResult)
  | { type: 'error'; error: { code: string; message: string }; processed: number; importedCount: number };

export const ndjsonContentType = 'application/x-ndjson';

export const sampleFileName = 'tasks-import-sample.csv';

/** A value of this custom field that an import takes, on `date` (YYYY-MM-DD): the sample file's and the bench's. */
export function exampleValue(field: { fieldType: CustomFieldType; options: readonly string[] }, date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  const option = field.options[0] ?? '';
  switch (field.fieldType) {
    case 'TEXT':
      return 'Text';
    case 'NUMBER':
      return '12';
    case 'DATE':
      return formatDateFieldValue({ year, month, day });
    case 'BOOLEAN':
      return 'true';
    case 'SINGLE_SELECT':
    case 'MULTI_SELECT':
      return option;
    case 'MULTI_SELECT_QUANTITY':
      return JSON.stringify([{ id: 1, value: option, quantity: 1 }]);
  }
}
