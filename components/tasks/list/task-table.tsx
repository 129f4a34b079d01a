'use client';

import {
  flexRender,
  getCoreRowModel,
  getPaginationRowModel,
  useReactTable,
  type ColumnDef,
  type OnChangeFn,
  type PaginationState,
  type RowSelectionState,
} from '@tanstack/react-table';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { Button } from '@/components/ui/button';
import type { TaskView } from '@/lib/contract/tasks';

export const taskPageSize = 10;

const isTickable = (task: TaskView) => task.statusId !== 5 && task.cancelled === null;

/** The task rows, 10 to a page; cancelled tasks have no tick box, and a double click opens the task. */
export function TaskTable({
  rows,
  columns,
  loading,
  selection,
  onSelectionChange,
  pagination,
  onPaginationChange,
  onOpenTask,
}: {
  rows: readonly TaskView[];
  columns: ColumnDef<TaskView>[];
  loading: boolean;
  selection: RowSelectionState;
  onSelectionChange: OnChangeFn<RowSelectionState>;
  pagination: PaginationState;
  onPaginationChange: OnChangeFn<PaginationState>;
  onOpenTask: (taskId: number) => void;
}) {
  const t = useTranslations('taskList.table');
  const withSelection = useMemo<ColumnDef<TaskView>[]>(
    () => [
      {
        id: 'select',
        header: ({ table }) => (
          <input
            type="checkbox"
            className="size-4 accent-brand"
            aria-label={t('tickPage')}
            checked={table.getIsAllPageRowsSelected()}
            ref={(input) => {
              if (input) input.indeterminate = table.getIsSomePageRowsSelected() && !table.getIsAllPageRowsSelected();
            }}
            onChange={table.getToggleAllPageRowsSelectedHandler()}
          />
        ),
        cell: ({ row }) =>
          row.getCanSelect() ? (
            <input
              type="checkbox"
              className="size-4 accent-brand"
              aria-label={t('tick', { id: row.original.referenceNumber })}
              checked={row.getIsSelected()}
              onChange={row.getToggleSelectedHandler()}
              onDoubleClick={(event) => event.stopPropagation()}
            />
          ) : null,
      },
      ...columns,
    ],
    [columns, t],
  );

  // TanStack Table keeps its instance stable across renders; the React Compiler rule does not know that.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: rows as TaskView[],
    columns: withSelection,
    getRowId: (task) => String(task.id),
    enableRowSelection: (row) => isTickable(row.original),
    state: { rowSelection: selection, pagination },
    onRowSelectionChange: onSelectionChange,
    onPaginationChange,
    autoResetPageIndex: false,
    getCoreRowModel: getCoreRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
  });

  const pageCount = Math.max(1, table.getPageCount());
  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className="w-full text-left text-sm" aria-label={t('label')} aria-busy={loading}>
          <thead className="bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th key={header.id} scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                    {flexRender(header.column.columnDef.header, header.getContext())}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr
                key={row.id}
                onDoubleClick={() => onOpenTask(row.original.id)}
                className={`cursor-pointer border-t border-slate-100 hover:bg-slate-50 ${row.getIsSelected() ? 'bg-blue-50/60' : ''}`}
              >
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className="px-3 py-2 align-middle text-slate-800">
                    {cell.column.id === 'id' ? (
                      // The double click is the pointer's way in; the number is the keyboard's (Tab, then Enter).
                      <button
                        type="button"
                        className="rounded font-medium text-brand hover:underline focus-visible:ring-2 focus-visible:ring-brand/40 focus-visible:outline-none"
                        onClick={() => onOpenTask(row.original.id)}
                        onDoubleClick={(event) => event.stopPropagation()}
                      >
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </button>
                    ) : (
                      flexRender(cell.column.columnDef.cell, cell.getContext())
                    )}
                  </td>
                ))}
              </tr>
            ))}
            {rows.length === 0 ? (
              <tr>
                <td colSpan={withSelection.length} className="px-3 py-10 text-center text-slate-500">
                  {loading ? t('loading') : t('empty')}
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      <nav aria-label={t('pagination')} className="flex items-center justify-end gap-3 text-sm text-slate-600">
        <span>{t('total', { count: rows.length })}</span>
        <Button variant="secondary" className="px-2" aria-label={t('previous')} disabled={!table.getCanPreviousPage()} onClick={() => table.previousPage()}>
          <ChevronLeft size={16} aria-hidden />
        </Button>
        <span>{t('page', { page: pagination.pageIndex + 1, pages: pageCount })}</span>
        <Button variant="secondary" className="px-2" aria-label={t('next')} disabled={!table.getCanNextPage()} onClick={() => table.nextPage()}>
          <ChevronRight size={16} aria-hidden />
        </Button>
      </nav>
    </div>
  );
}
