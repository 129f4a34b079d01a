import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdColumn } from './columns';
import { tenantIdColumn } from './tenancy';

/**
 * The lines of a CSV import that landed, each written in the transaction of its batch. The import id is a hash of
 * the tenant, the kind of import and the file's content, so importing the same file again after a crash skips the
 * lines already written instead of creating them twice (a line without an external reference has nothing else that
 * tells it was imported). Kept 30 days after the import's last line landed (lib/server/messaging/retention/purge.ts).
 */
export const csvImportLines = pgTable(
  'csv_import_lines',
  {
    tenantId: tenantIdColumn(),
    importId: text('import_id').notNull(),
    /** The line as a spreadsheet numbers it: the header is 1. */
    line: integer('line').notNull(),
    created: createdColumn(),
  },
  (t) => [
    primaryKey({ name: 'csv_import_lines_pk', columns: [t.tenantId, t.importId, t.line] }),
    index('csv_import_lines_created_idx').on(t.created),
  ],
);
