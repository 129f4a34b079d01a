import {
  CsvImportErrorCode,
  csvImportLimits,
  CsvImportQuery,
  ndjsonContentType,
  type CsvImportLineProblem,
  type CsvImportResult,
  type CsvImportStreamLine,
} from './csv-import';
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
  ...csvImportLimits,
  /** Lines written per transaction: each batch is all or nothing. */
  batchSize: 500,
} as const;

export const TaskImportErrorCode = CsvImportErrorCode;
export const TaskImportQuery = CsvImportQuery;
export type TaskImportResult = CsvImportResult;
export type TaskImportLineProblem = CsvImportLineProblem;
export type TaskImportStreamLine = CsvImportStreamLine;
export { ndjsonContentType };

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
