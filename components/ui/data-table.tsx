'use client';

import {
  getCoreRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type PaginationState,
  type Row as TableRow,
  type RowSelectionState,
  type SortingState,
  type Table,
  type Updater,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useState, type ReactNode } from 'react';

/** Joins class lists, leaving the attribute out when nothing is left (the bare tables carry no class at all). */
const cx = (...parts: (string | false | undefined)[]) => parts.filter(Boolean).join(' ') || undefined;

/**
 * A column of a list. `sortValue` orders the column when the table sorts (absent: not sortable); a `rowHeader`
 * column is the row's name, a `<th scope="row">` that screen readers read out with each of the row's other cells.
 */
export interface DataColumn<Row> {
  id: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Added to the table's `headerCellClassName`. */
  headerClassName?: string;
  /** Added to the table's `cellClassName`. */
  className?: string;
  headerTitle?: string;
  /** The cell's full text on hover, for a cell cut short. */
  cellTitle?: (row: Row) => string;
  rowHeader?: boolean;
  sortValue?: (row: Row) => string | number;
}

/** Tick boxes in a first column: one per row, and one that ticks or clears the page. */
export interface DataTableSelection<Row> {
  selected: RowSelectionState;
  onChange: (next: RowSelectionState) => void;
  /** Absent: every row can be ticked. */
  canSelect?: (row: Row) => boolean;
  pageLabel: string;
  rowLabel: (row: Row) => string;
  checkboxClassName?: string;
  /** Shows the page box as mixed while only some rows are ticked. */
  mixed?: boolean;
  headerClassName?: string;
  className?: string;
}

/** The looks of a table: each list keeps the classes it had, and the bare tables (screen-reader only) have none. */
export interface DataTableLook<Row> {
  className?: string;
  headClassName?: string;
  headRowClassName?: string;
  headerCellClassName?: string;
  cellClassName?: string;
  rowClassName?: string | ((row: Row, selected: boolean) => string);
}

export interface DataTableProps<Row> extends DataTableLook<Row> {
  rows: readonly Row[];
  columns: readonly DataColumn<Row>[];
  rowId: (row: Row, index: number) => string | number;
  /** The table's accessible name, when it has no caption. */
  label?: string;
  caption?: ReactNode;
  captionClassName?: string;
  busy?: boolean;
  /** The one row shown when there are no rows (loading, no match, nothing yet); absent: the body stays empty. */
  emptyText?: ReactNode;
  /** The header stays in view while the box around the table scrolls. */
  stickyHeader?: boolean;
  /** The sort buttons' title; given, columns with a `sortValue` sort on a click of their header. */
  sortLabel?: string;
  /** Shows one page of the (sorted) rows; absent: all of them. */
  page?: PaginationState;
  selection?: DataTableSelection<Row>;
  onOpen?: (row: Row) => void;
  openOn?: 'click' | 'doubleClick';
  /** Rows take the focus and open with Enter: the keyboard's way to what a click or double click opens. */
  openWithEnter?: boolean;
  /** A `<tfoot>` under the rows. */
  footer?: ReactNode;
}

const stopPropagation = (event: { stopPropagation: () => void }) => event.stopPropagation();

/** The page's tick box: ticks or clears every row of the page that can be ticked. */
function PageTick<Row>({ table, selection }: { table: Table<Row>; selection: DataTableSelection<Row> }) {
  const all = table.getIsAllPageRowsSelected();
  return (
    <input
      type="checkbox"
      className={selection.checkboxClassName}
      aria-label={selection.pageLabel}
      checked={all}
      ref={(input) => {
        if (input && selection.mixed) input.indeterminate = table.getIsSomePageRowsSelected() && !all;
      }}
      onChange={table.getToggleAllPageRowsSelectedHandler()}
    />
  );
}

/** A row's tick box; a tick must not also click or double-click the row (open it, or tick it a second time). */
function RowTick<Row>({ row, selection }: { row: TableRow<Row>; selection: DataTableSelection<Row> }) {
  return row.getCanSelect() ? (
    <input
      type="checkbox"
      className={selection.checkboxClassName}
      aria-label={selection.rowLabel(row.original)}
      checked={row.getIsSelected()}
      onChange={row.getToggleSelectedHandler()}
      onClick={stopPropagation}
      onDoubleClick={stopPropagation}
    />
  ) : null;
}

const selectId = 'select';

/**
 * The one table of every list: a header row, the rows, one empty-state row, and on demand sorting, paging, tick
 * boxes and rows that open on a click, a double click or Enter.
 */
export function DataTable<Row>({
  rows,
  columns,
  rowId,
  label,
  caption,
  captionClassName,
  busy,
  emptyText,
  stickyHeader,
  sortLabel,
  page,
  selection,
  onOpen,
  openOn = 'doubleClick',
  openWithEnter,
  footer,
  className,
  headClassName,
  headRowClassName,
  headerCellClassName,
  cellClassName,
  rowClassName,
}: DataTableProps<Row>) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const byId = new Map(columns.map((column) => [column.id, column]));
  const tableColumns: ColumnDef<Row>[] = columns.map((column) => ({
    id: column.id,
    accessorFn: (row) => (column.sortValue ? column.sortValue(row) : ''),
    enableSorting: sortLabel !== undefined && column.sortValue !== undefined,
    sortingFn: 'alphanumeric',
  }));
  const onSelectionChange = (updater: Updater<RowSelectionState>) => {
    if (selection) selection.onChange(typeof updater === 'function' ? updater(selection.selected) : updater);
  };

  // TanStack Table keeps its instance stable across renders; the React Compiler rule does not know that.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: rows as Row[],
    columns: selection ? [{ id: selectId }, ...tableColumns] : tableColumns,
    getRowId: (row, index) => String(rowId(row, index)),
    state: { sorting, rowSelection: selection?.selected ?? {}, ...(page ? { pagination: page } : {}) },
    onSortingChange: setSorting,
    enableRowSelection: (row) => selection?.canSelect?.(row.original) ?? true,
    onRowSelectionChange: onSelectionChange,
    autoResetPageIndex: false,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: sortLabel === undefined ? undefined : getSortedRowModel(),
    getPaginationRowModel: page ? getPaginationRowModel() : undefined,
  });
  const columnCount = columns.length + (selection ? 1 : 0);

  return (
    <table className={className} aria-label={label} aria-busy={busy}>
      {caption === undefined ? null : <caption className={captionClassName}>{caption}</caption>}
      <thead className={cx(stickyHeader && 'sticky top-0', headClassName)}>
        {table.getHeaderGroups().map((group) => (
          <tr key={group.id} className={headRowClassName}>
            {group.headers.map((header) => {
              const column = byId.get(header.column.id);
              const sorted = header.column.getIsSorted();
              // Headers and cells are rendered here, not through flexRender: it would mount each renderer as a component
              // of a new type on every render, remounting the cells (a focused button or an open editor lost).
              const content = column ? column.header : selection ? <PageTick table={table} selection={selection} /> : null;
              return (
                <th
                  key={header.id}
                  scope="col"
                  title={column?.headerTitle}
                  className={cx(headerCellClassName, column ? column.headerClassName : selection?.headerClassName)}
                  aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                >
                  {header.column.getCanSort() ? (
                    <button
                      type="button"
                      className="inline-flex items-center gap-1 uppercase hover:text-slate-900"
                      onClick={header.column.getToggleSortingHandler()}
                      title={sortLabel}
                    >
                      {content}
                      {sorted === 'asc' ? <ArrowUp size={12} aria-hidden /> : sorted === 'desc' ? <ArrowDown size={12} aria-hidden /> : <ArrowUpDown size={12} aria-hidden className="opacity-40" />}
                    </button>
                  ) : (
                    content
                  )}
                </th>
              );
            })}
          </tr>
        ))}
      </thead>
      <tbody>
        {table.getRowModel().rows.map((row) => {
          const open = onOpen ? () => onOpen(row.original) : undefined;
          return (
            <tr
              key={row.id}
              tabIndex={openWithEnter ? 0 : undefined}
              onClick={openOn === 'click' ? open : undefined}
              onDoubleClick={openOn === 'doubleClick' ? open : undefined}
              onKeyDown={
                openWithEnter
                  ? (event) => {
                      if (event.key === 'Enter' && event.target === event.currentTarget) open?.();
                    }
                  : undefined
              }
              className={typeof rowClassName === 'function' ? rowClassName(row.original, row.getIsSelected()) : rowClassName}
            >
              {row.getVisibleCells().map((cell) => {
                const column = byId.get(cell.column.id);
                const Cell = column?.rowHeader ? 'th' : 'td';
                return (
                  <Cell
                    key={cell.id}
                    scope={column?.rowHeader ? 'row' : undefined}
                    title={column?.cellTitle?.(row.original)}
                    className={cx(cellClassName, column ? column.className : selection?.className)}
                  >
                    {column ? column.cell(row.original) : selection ? <RowTick row={row} selection={selection} /> : null}
                  </Cell>
                );
              })}
            </tr>
          );
        })}
        {rows.length === 0 && emptyText !== undefined ? (
          <tr>
            <td colSpan={columnCount} className="px-3 py-8 text-center text-slate-500">
              {emptyText}
            </td>
          </tr>
        ) : null}
      </tbody>
      {footer}
    </table>
  );
}
