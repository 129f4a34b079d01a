import { getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '@/lib/server/core/db';

/**
 * A multi-row insert that sends one array per column (`insert ... select * from unnest($1::int[], ...)`)
 * instead of one parameter per value. Building the ordinary multi-row statement costs the ORM more time than
 * the database spends on it; this keeps the 100,000-task seed quick. Every row must set the same fields.
 */
export async function insertColumns<TTable extends PgTable>(
  db: DbOrTx,
  table: TTable,
  rows: Array<TTable['$inferInsert']>,
): Promise<void> {
  await db.execute(insertStatement(table, rows));
}

export function insertStatement<TTable extends PgTable>(table: TTable, rows: Array<TTable['$inferInsert']>) {
  if (rows.length === 0) throw new Error('insertColumns needs at least one row');
  const columns: Record<string, PgColumn> = getTableColumns(table);
  const fields = Object.keys(rows[0] as object);
  const arrays = fields.map((field) => {
    const column = columns[field];
    if (!column) throw new Error(`insertColumns: no column for ${field}`);
    const values = rows.map((row) => {
      const record = row as Record<string, unknown>;
      if (!(field in record)) throw new Error(`insertColumns: a row lacks ${field}`);
      const value = record[field];
      return value === null || value === undefined ? null : column.mapToDriverValue(value);
    });
    return sql`${sql.param(values)}::${sql.raw(column.getSQLType())}[]`;
  });
  const names = fields.map((field) => sql.identifier(columns[field].name));
  return sql`insert into ${table} (${sql.join(names, sql`, `)}) select * from unnest(${sql.join(arrays, sql`, `)})`;
}

/**
 * Writes `rows` in consecutive slices of at most `size`, one after another: statements of one transaction cannot run
 * side by side, and a slice keeps a statement under PostgreSQL's 65,535 bind parameters.
 */
export async function inChunks<Row>(rows: readonly Row[], size: number, write: (chunk: Row[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += size) await write(rows.slice(start, start + size));
}
