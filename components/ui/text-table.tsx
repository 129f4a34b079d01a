'use client';

import { DataTable, type DataColumn, type DataTableLook } from '@/components/ui/data-table';

export interface TextTableProps extends Omit<DataTableLook<string[]>, 'rowClassName'> {
  headers: readonly string[];
  /** Each row's cells in column order; a row may be shorter or longer than the headers. */
  rows: readonly string[][];
  /** Per column, added to the cell classes (a code column in a monospace font, say). */
  columnClassNames?: readonly (string | undefined)[];
  /** Per column, added to the header cell classes. */
  headerClassNames?: readonly (string | undefined)[];
  rowClassName?: string;
  label?: string;
  caption?: string;
  /** The first cell of each row names the row (`<th scope="row">`). */
  firstColumnNamesRow?: boolean;
  stickyHeader?: boolean;
}

/**
 * DataTable over plain text: the rows are strings, so a server component can hand them over (functions, such as
 * DataTable's cell renderers, cannot cross to the client).
 */
export function TextTable({ headers, rows, columnClassNames, headerClassNames, firstColumnNamesRow, ...rest }: TextTableProps) {
  // A ragged grid keeps every cell: as many columns as its longest row, the missing headings blank.
  const width = Math.max(headers.length, ...rows.map((row) => row.length));
  const columns: DataColumn<string[]>[] = Array.from({ length: width }, (_, index) => ({
    id: String(index),
    header: headers[index] ?? '',
    className: columnClassNames?.[index],
    headerClassName: headerClassNames?.[index],
    rowHeader: firstColumnNamesRow === true && index === 0,
    cell: (row) => row[index],
  }));
  return <DataTable {...rest} rows={rows} columns={columns} rowId={(_row, index) => index} />;
}
