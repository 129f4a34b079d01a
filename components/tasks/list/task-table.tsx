'use client';

import type { OnChangeFn, PaginationState, RowSelectionState } from '@tanstack/react-table';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { Button } from '@/components/ui/button';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
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
  columns: readonly DataColumn<TaskView>[];
  loading: boolean;
  selection: RowSelectionState;
  onSelectionChange: OnChangeFn<RowSelectionState>;
  pagination: PaginationState;
  onPaginationChange: OnChangeFn<PaginationState>;
  onOpenTask: (taskId: number) => void;
}) {
  const t = useTranslations('taskList.table');
  const withOpenButton = useMemo(
    () =>
      columns.map((column): DataColumn<TaskView> =>
        column.id === 'id'
          ? {
              ...column,
              // The double click is the pointer's way in; the number is the keyboard's (Tab, then Enter).
              cell: (task) => (
                <button
                  type="button"
                  className="rounded font-medium text-brand hover:underline focus-visible:ring-2 focus-visible:ring-brand/40 focus-visible:outline-none"
                  onClick={() => onOpenTask(task.id)}
                  onDoubleClick={(event) => event.stopPropagation()}
                >
                  {column.cell(task)}
                </button>
              ),
            }
          : column,
      ),
    [columns, onOpenTask],
  );

  const pageCount = Math.max(1, Math.ceil(rows.length / pagination.pageSize));
  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <DataTable
          label={t('label')}
          rows={rows}
          columns={withOpenButton}
          rowId={(task) => task.id}
          busy={loading}
          page={pagination}
          selection={{
            selected: selection,
            onChange: onSelectionChange,
            canSelect: isTickable,
            pageLabel: t('tickPage'),
            rowLabel: (task) => t('tick', { id: task.referenceNumber }),
            checkboxClassName: 'size-4 accent-brand',
            mixed: true,
          }}
          onOpen={(task) => onOpenTask(task.id)}
          className="w-full text-left text-sm"
          headClassName="bg-slate-50 text-xs tracking-wide text-slate-600 uppercase"
          headerCellClassName="px-3 py-2 font-medium whitespace-nowrap"
          cellClassName="px-3 py-2 align-middle text-slate-800"
          rowClassName={(_task, selected) => `cursor-pointer border-t border-slate-100 hover:bg-slate-50 ${selected ? 'bg-blue-50/60' : ''}`}
          emptyText={loading ? t('loading') : t('empty')}
        />
      </div>
      <nav aria-label={t('pagination')} className="flex items-center justify-end gap-3 text-sm text-slate-600">
        <span>{t('total', { count: rows.length })}</span>
        <Button
          variant="secondary"
          className="px-2"
          aria-label={t('previous')}
          disabled={pagination.pageIndex <= 0}
          onClick={() => onPaginationChange({ ...pagination, pageIndex: pagination.pageIndex - 1 })}
        >
          <ChevronLeft size={16} aria-hidden />
        </Button>
        <span>{t('page', { page: pagination.pageIndex + 1, pages: pageCount })}</span>
        <Button
          variant="secondary"
          className="px-2"
          aria-label={t('next')}
          disabled={pagination.pageIndex + 1 >= pageCount}
          onClick={() => onPaginationChange({ ...pagination, pageIndex: pagination.pageIndex + 1 })}
        >
          <ChevronRight size={16} aria-hidden />
        </Button>
      </nav>
    </div>
  );
}
