'use client';

import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { formatInstant, type ClockPreferences } from '@/lib/client/task-history/log-format';
import { efficiencyBand, efficiencyBarMax, type EfficiencyBand, type EfficiencyRow } from '@/lib/contract/efficiency-report';
import { assigneeNames, formatMinutes } from './report-csv';

/** Rows per page: a year of a busy tenant is tens of thousands of rows, the table shows them a page at a time. */
export const reportPageSize = 50;

/** The bar colours of the scale in lib/contract/efficiency-report.ts (efficiencyBand). */
const bandColours: Record<EfficiencyBand, string> = {
  none: 'bg-slate-300',
  poor: 'bg-red-500',
  fair: 'bg-orange-400',
  good: 'bg-green-500',
  over: 'bg-blue-500',
};

function EfficiencyBar({ percent }: { percent: number }) {
  const t = useTranslations('efficiencyReport');
  const band = efficiencyBand(percent);
  return (
    <div className="flex items-center gap-2" title={t(`band.${band}`)}>
      <div
        role="meter"
        aria-label={t('columns.efficiency')}
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={efficiencyBarMax}
        aria-valuetext={`${percent} % (${t(`band.${band}`)})`}
        data-band={band}
        className="h-2 w-24 overflow-hidden rounded-full bg-slate-100"
      >
        <div className={`h-full ${bandColours[band]}`} style={{ width: `${Math.min(100, (percent / efficiencyBarMax) * 100)}%` }} />
      </div>
      <span className="w-12 text-right tabular-nums">{percent} %</span>
    </div>
  );
}

/** What each bar colour stands for, under the table. */
function BandLegend() {
  const t = useTranslations('efficiencyReport');
  return (
    <ul aria-label={t('legend')} className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
      {(['poor', 'fair', 'good', 'over', 'none'] as const).map((band) => (
        <li key={band} className="flex items-center gap-1">
          <span aria-hidden className={`inline-block h-2 w-4 rounded-full ${bandColours[band]}`} />
          {t(`band.${band}`)}
        </li>
      ))}
    </ul>
  );
}

/** The report's rows a page at a time, with the footer's totals from the first row. */
export function EfficiencyTable({ rows, clock }: { rows: readonly EfficiencyRow[]; clock: ClockPreferences }) {
  const t = useTranslations('efficiencyReport');
  const [page, setPage] = useState(0);
  const [seenRows, setSeenRows] = useState(rows);
  // A new report starts on its first page.
  if (rows !== seenRows) {
    setSeenRows(rows);
    setPage(0);
  }
  const pages = Math.max(1, Math.ceil(rows.length / reportPageSize));
  const shown = rows.slice(page * reportPageSize, (page + 1) * reportPageSize);
  const totals = rows[0];
  const cell = 'px-3 py-2';
  const number = { headerClassName: 'text-right', className: 'text-right tabular-nums' };

  return (
    <div className="flex flex-col gap-2">
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <DataTable
          label={t('table')}
          rows={shown}
          columns={[
            {
              id: 'task',
              header: t('columns.task'),
              cell: (row) => (
                <>
                  <span className="mr-1 text-slate-500">#{row.task.referenceNumber}</span>
                  <span className="text-slate-900">{row.task.title}</span>
                </>
              ),
            },
            { id: 'assignees', header: t('columns.assignees'), cell: assigneeNames },
            { id: 'client', header: t('columns.client'), cell: (row) => row.task.client?.displayName ?? '' },
            { id: 'start', header: t('columns.start'), className: 'whitespace-nowrap', cell: (row) => (row.startDate ? formatInstant(row.startDate, clock) : '—') },
            { id: 'end', header: t('columns.end'), className: 'whitespace-nowrap', cell: (row) => formatInstant(row.endDate, clock) },
            { id: 'estimate', header: t('columns.estimate'), ...number, cell: (row) => formatMinutes(row.estimate) },
            { id: 'actual', header: t('columns.actual'), ...number, cell: (row) => formatMinutes(row.actual) },
            { id: 'difference', header: t('columns.difference'), ...number, cell: (row) => (row.difference === null ? '' : formatMinutes(row.difference, true)) },
            { id: 'efficiency', header: t('columns.efficiency'), cell: (row) => <EfficiencyBar percent={row.efficiency} /> },
          ]}
          rowId={(row) => row.task.id}
          className="w-full text-left text-sm"
          headClassName="bg-slate-50 text-xs text-slate-600 uppercase"
          headerCellClassName={`${cell} font-medium`}
          cellClassName={cell}
          rowClassName="border-t border-slate-100"
          footer={
            totals ? (
              <tfoot className="border-t-2 border-slate-200 bg-slate-50 text-slate-800">
                <tr>
                  <td colSpan={9} className={cell}>
                    <dl aria-label={t('totals')} className="flex flex-wrap gap-x-8 gap-y-1">
                      {(['totalEstimate', 'totalActual', 'workingHours'] as const).map((key) => (
                        <div key={key} className="flex gap-2">
                          <dt className="text-slate-600">{t(`footer.${key}`)}</dt>
                          <dd className="font-semibold tabular-nums">{formatMinutes(totals[key] ?? 0)}</dd>
                        </div>
                      ))}
                    </dl>
                  </td>
                </tr>
              </tfoot>
            ) : null
          }
        />
      </div>
      <BandLegend />
      {pages > 1 ? (
        <div className="flex items-center justify-end gap-2 text-sm text-slate-600">
          <Button variant="secondary" aria-label={t('previousPage')} disabled={page === 0} onClick={() => setPage(page - 1)}>
            <ChevronLeft size={16} aria-hidden />
          </Button>
          <span>{t('page', { page: page + 1, pages })}</span>
          <Button variant="secondary" aria-label={t('nextPage')} disabled={page >= pages - 1} onClick={() => setPage(page + 1)}>
            <ChevronRight size={16} aria-hidden />
          </Button>
        </div>
      ) : null}
    </div>
  );
}
