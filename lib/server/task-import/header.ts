import 'server-only';
import {
  requiredImportColumns,
  TaskImportErrorCode,
  taskImportColumns,
  type TaskImportColumn,
} from '@/lib/contract/task-import';
import { HttpError } from '@/lib/server/http/errors';
import type { CustomFieldRecord } from '@/lib/server/tasks/custom-field-values';
import { nameKey } from './references';

export type ColumnSlot = { kind: 'standard'; column: TaskImportColumn } | { kind: 'field'; field: CustomFieldRecord };

const standardByKey = new Map<string, TaskImportColumn>(taskImportColumns.map((column) => [nameKey(column), column]));

/**
 * What each column of the file holds. The header is the contract: a standard column or a live custom field's
 * name, each once, and taskType present. Anything else refuses the whole file with INVALID_CSV_FILE_HEADER,
 * naming every problem.
 */
export function readHeader(header: readonly string[], liveFields: ReadonlyMap<string, CustomFieldRecord>): ColumnSlot[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  const slots: ColumnSlot[] = [];
  header.forEach((name, index) => {
    const key = nameKey(name);
    if (key === '') problems.push(`Column ${index + 1} has no name.`);
    else if (seen.has(key)) problems.push(`The column "${name}" appears more than once.`);
    seen.add(key);
    const column = standardByKey.get(key);
    const field = liveFields.get(key);
    if (column) slots.push({ kind: 'standard', column });
    else if (field) slots.push({ kind: 'field', field });
    else if (key !== '') problems.push(`Unknown column "${name}".`);
  });
  for (const required of requiredImportColumns) {
    if (!seen.has(nameKey(required))) problems.push(`The column "${required}" is required.`);
  }
  if (problems.length > 0) {
    throw new HttpError(400, TaskImportErrorCode.invalidHeader, 'The header of the file is not valid.', { csvFile: problems });
  }
  return slots;
}
