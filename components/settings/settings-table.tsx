'use client';

import {
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown, Plus, RefreshCw } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { selectClass } from '@/components/ui/field';
import { Pager, type PageState } from '@/components/ui/pager';

export const settingsPageSizes = [10, 20, 50, 100] as const;

/** A row that is out of play (a deactivated user, like a cancelled record): greyed and struck through, still openable. */
export const cancelledRowClass = 'bg-slate-50 opacity-60 line-through';

/**
 * A column of a settings table. `filterValue` is the text the filter box searches (leave it out for columns such as
 * switches or pictures); `sortValue` orders the column (absent: not sortable).
 */
export interface SettingsColumn<Row> {
  id: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  filterValue?: (row: Row) => string;
  sortValue?: (row: Row) => string | number;
  className?: string;
}

export interface SettingsTableProps<Row> {
  /** The table's accessible name, usually the screen's title. */
  label: string;
  rows: readonly Row[] | null;
  columns: readonly SettingsColumn<Row>[];
  rowId: (row: Row) => number | string;
  /** The spec opens cancellation reasons and API keys on one click, the other settings on a double click. */
  openOn: 'click' | 'doubleClick';
  onOpen: (row: Row) => void;
  onRefresh: () => void;
  /** Absent: no add button (a screen whose rows cannot be created). */
  onAdd?: () => void;
  addLabel?: string;
  /** Extra classes per row, e.g. deactivated users styled like cancelled rows. */
  rowClassName?: (row: Row) => string;
  /** Controls shown beside the add button (an Actions menu, say). */
  toolbar?: ReactNode;
  emptyText?: string;
}

const normalised = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The one table of the settings screens (spec 03 §2.5): a filter box, refresh and add, sortable headers, and pages
 * with a size changer and a quick jumper. Rows open their drawer on a click or a double click, or with Enter.
 */
export function SettingsTable<Row>({
  label,
  rows,
  columns,
  rowId,
  openOn,
  onOpen,
  onRefresh,
  onAdd,
  addLabel,
  rowClassName,
  toolbar,
  emptyText,
}: SettingsTableProps<Row>) {
  const t = useTranslations('settingsTable');
  const [filter, setFilter] = useState('');
  const [sorting, setSorting] = useState<SortingState>([]);
  const [page, setPage] = useState<PageState>({ pageIndex: 0, pageSize: settingsPageSizes[0] });

  const tableColumns: ColumnDef<Row>[] = columns.map((column) => ({
    id: column.id,
    header: () => column.header,
    cell: ({ row }) => column.cell(row.original),
    accessorFn: (row) => (column.sortValue ? column.sortValue(row) : ''),
    enableSorting: column.sortValue !== undefined,
    sortingFn: 'alphanumeric',
  }));

  // TanStack Table keeps its instance stable across renders; the React Compiler rule does not know that.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: (rows ?? []) as Row[],
    columns: tableColumns,
    getRowId: (row) => String(rowId(row)),
    state: { sorting, globalFilter: filter, pagination: page },
    onSortingChange: setSorting,
    globalFilterFn: (row, _columnId, wanted: string) => {
      const text = columns.map((column) => column.filterValue?.(row.original) ?? '').join(' ');
      return normalised(text).includes(normalised(wanted.trim()));
    },
    autoResetPageIndex: false,
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
  });
  const filteredCount = table.getFilteredRowModel().rows.length;

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <input
          type="search"
          className={`${selectClass} max-w-xs flex-1`}
          placeholder={t('filter')}
          aria-label={t('filter')}
          value={filter}
          onChange={(event) => {
            setFilter(event.target.value);
            setPage((current) => ({ ...current, pageIndex: 0 }));
          }}
        />
        <Button variant="secondary" onClick={onRefresh} aria-label={t('refresh')} title={t('refresh')}>
          <RefreshCw size={16} aria-hidden />
        </Button>
        <div className="flex-1" />
        {toolbar}
        {onAdd ? (
          <Button onClick={onAdd}>
            <Plus size={16} aria-hidden />
            {addLabel ?? t('add')}
          </Button>
        ) : null}
      </div>
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className="w-full text-left text-sm" aria-label={label} aria-busy={rows === null}>
          <thead className="bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const content = flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      className="px-3 py-2 font-medium whitespace-nowrap"
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    >
                      {header.column.getCanSort() ? (
                        <button
                          type="button"
                          className="inline-flex items-center gap-1 uppercase hover:text-slate-900"
                          onClick={header.column.getToggleSortingHandler()}
                          title={t('sort')}
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
            {table.getRowModel().rows.map((row) => (
              <tr
                key={row.id}
                tabIndex={0}
                onClick={openOn === 'click' ? () => onOpen(row.original) : undefined}
                onDoubleClick={openOn === 'doubleClick' ? () => onOpen(row.original) : undefined}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' && event.target === event.currentTarget) onOpen(row.original);
                }}
                className={`cursor-pointer border-t border-slate-100 select-none hover:bg-slate-50 focus:bg-slate-50 focus:outline-none ${rowClassName?.(row.original) ?? ''}`}
              >
                {row.getVisibleCells().map((cell, index) => (
                  <td key={cell.id} className={`px-3 py-2 align-middle text-slate-800 ${columns[index]?.className ?? ''}`}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
            {filteredCount === 0 ? (
              <tr>
                <td colSpan={columns.length} className="px-3 py-8 text-center text-slate-500">
                  {rows === null ? t('loading') : filter.trim() !== '' ? t('noMatch') : (emptyText ?? t('empty'))}
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      <Pager page={page} total={filteredCount} onChange={setPage} namespace="settingsTable.pager" sizes={settingsPageSizes} />
    </div>
  );
}
