'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
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
      <table aria-label={label} className="w-full border-collapse text-sm">
        <thead className="bg-slate-50 text-xs font-semibold text-slate-600 uppercase">
          <tr>
            <th scope="col" className={`${cellClass} w-28`}>
              {t('reference')}
            </th>
            <th scope="col" className={cellClass}>
              {t('title')}
            </th>
            {noteHeading ? (
              <th scope="col" className={cellClass}>
                {noteHeading}
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {pageRows.map((row) => (
            <tr key={row.id}>
              <td className={`${cellClass} font-medium text-slate-900`}>#{row.referenceNumber}</td>
              <td className={`${cellClass} text-slate-800`}>{row.title}</td>
              {noteHeading ? <td className={`${cellClass} text-slate-700`}>{row.note}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length > autoSchedulePageSize ? (
        <Pager page={shownPage} total={rows.length} onChange={setPage} namespace="autoSchedule.pager" sizes={[autoSchedulePageSize]} />
      ) : null}
    </div>
  );
}
