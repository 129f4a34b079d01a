import 'server-only';
import { requiredImportColumns, taskImportColumns, type TaskImportColumn } from '@/lib/contract/task-import';
import { readHeaderColumns } from '@/lib/server/core/csv-import/header';
import { nameKey } from '@/lib/server/core/csv-import/cells';
import type { CustomFieldRecord } from '@/lib/server/tasks/custom-field-values';

export type ColumnSlot = { kind: 'standard'; column: TaskImportColumn } | { kind: 'field'; field: CustomFieldRecord };

const standardByKey = new Map<string, TaskImportColumn>(taskImportColumns.map((column) => [nameKey(column), column]));

/** What each column of the file holds: a standard column or a live custom field's name, each once, and taskType present. */
export function readHeader(header: readonly string[], liveFields: ReadonlyMap<string, CustomFieldRecord>): ColumnSlot[] {
  return readHeaderColumns<ColumnSlot>(
    header,
    (key) => {
      const column = standardByKey.get(key);
      if (column) return { kind: 'standard', column };
      const field = liveFields.get(key);
      return field ? { kind: 'field', field } : undefined;
    },
    requiredImportColumns,
  );
}
