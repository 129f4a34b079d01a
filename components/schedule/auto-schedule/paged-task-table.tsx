'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { DataTable } from '@/components/ui/data-table';
import { clampPage, Pager, type PageState } from '@/components/ui/pager';
import { autoSchedulePageSize } from '@/lib/contract/auto-schedule';

export interface TaskRow {
  id: number;
  referenceNumber: number;
  title: string;
  /** A third column's text (why the task was not placed), when the table has one. */
  note?: string;
}

const cellClass = 'border-b border-slate-100 px-3 py-1.5 text-left align-top';

/**
 * Tasks by reference number and title, five a page (spec 02 §9), with the product's pager under them. `noteHeading`
 * adds a third column for each row's note.
 */
export function PagedTaskTable({ label, rows, noteHeading }: { label: string; rows: TaskRow[]; noteHeading?: string }) {
  const t = useTranslations('autoSchedule.table');
  const [page, setPage] = useState<PageState>({ pageIndex: 0, pageSize: autoSchedulePageSize });
  // A shorter list (a new date's) never leaves the table on an empty page.
  const shownPage = clampPage(page, rows.length);
  const first = shownPage.pageIndex * shownPage.pageSize;
  const pageRows = rows.slice(first, first + shownPage.pageSize);
  return (
    <div className="space-y-2">
      <DataTable
        label={label}
        rows={pageRows}
        columns={[
          { id: 'reference', header: t('reference'), headerClassName: 'w-28', className: 'font-medium text-slate-900', cell: (row) => `#${row.referenceNumber}` },
          { id: 'title', header: t('title'), className: 'text-slate-800', cell: (row) => row.title },
          ...(noteHeading ? [{ id: 'note', header: noteHeading, className: 'text-slate-700', cell: (row: TaskRow) => row.note }] : []),
        ]}
        rowId={(row) => row.id}
        className="w-full border-collapse text-sm"
        headClassName="bg-slate-50 text-xs font-semibold text-slate-600 uppercase"
        headerCellClassName={cellClass}
        cellClassName={cellClass}
      />
      {rows.length > autoSchedulePageSize ? (
        <Pager page={shownPage} total={rows.length} onChange={setPage} namespace="autoSchedule.pager" sizes={[autoSchedulePageSize]} />
      ) : null}
    </div>
  );
}
