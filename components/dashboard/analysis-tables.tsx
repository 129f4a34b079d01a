'use client';

import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { DataTable } from '@/components/ui/data-table';
import { hoursOf, listState } from '@/lib/client/dashboard/slices';
import { useWidget } from '@/lib/client/dashboard/use-widget';
import type { CustomerAnalysisRow, DashboardPeriod, WorkforceAnalysisRow, WorkSummary } from '@/lib/contract/dashboard';
import { dateLocaleOf } from '@/lib/contract/date-locale';
import { WidgetFrame } from './widget-frame';

/** Spec 03 §9: dashboard tables show 5 rows a page. */
export const dashboardPageSize = 5;

const readWorkforce = (answer: unknown) => listState<WorkforceAnalysisRow>(answer);
const readCustomers = (answer: unknown) => listState<CustomerAnalysisRow>(answer);

interface Row extends WorkSummary {
  key: number;
  name: string;
}

/** A name column then completed, estimated and actual hours; paged 5 at a time. */
function SummaryTable({ label, nameHeader, rows }: { label: string; nameHeader: string; rows: Row[] }) {
  const t = useTranslations('dashboard.table');
  const full = useTranslations('dashboard');
  const locale = dateLocaleOf(useLocale());
  const number = new Intl.NumberFormat(locale);
  const hours = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(rows.length / dashboardPageSize));
  const shown = Math.min(page, pages - 1);
  const visible = rows.slice(shown * dashboardPageSize, (shown + 1) * dashboardPageSize);
  const figure = { className: 'text-right tabular-nums' };
  return (
    <div className="flex flex-col gap-2">
      <DataTable
        label={label}
        rows={visible}
        columns={[
          { id: 'name', header: nameHeader, className: 'truncate pr-2 text-slate-900', cellTitle: (row) => row.name, cell: (row) => row.name },
          { id: 'completed', header: t('completed'), headerTitle: full('completed.completed'), headerClassName: 'w-16 text-right', ...figure, cell: (row) => number.format(row.completed) },
          { id: 'estimate', header: t('estimate'), headerTitle: full('hours.estimate'), headerClassName: 'w-14 text-right', ...figure, cell: (row) => hours.format(hoursOf(row.estimate)) },
          { id: 'actual', header: t('actual'), headerTitle: full('hours.actual'), headerClassName: 'w-16 text-right', ...figure, cell: (row) => hours.format(hoursOf(row.actual)) },
        ]}
        rowId={(row) => row.key}
        className="w-full table-fixed text-left text-sm"
        headClassName="text-xs text-slate-500"
        headerCellClassName="py-1 font-medium"
        cellClassName="py-1.5"
        rowClassName="border-t border-slate-100"
      />
      {pages > 1 ? (
        <nav className="flex items-center justify-end gap-2 text-xs text-slate-600" aria-label={t('pages', { label })}>
          <button type="button" className="rounded p-1 hover:bg-slate-100 disabled:opacity-40" aria-label={t('previous')} disabled={shown === 0} onClick={() => setPage(shown - 1)}>
            <ChevronLeft size={16} aria-hidden />
          </button>
          <span className="tabular-nums">{t('page', { page: number.format(shown + 1), pages: number.format(pages) })}</span>
          <button type="button" className="rounded p-1 hover:bg-slate-100 disabled:opacity-40" aria-label={t('next')} disabled={shown >= pages - 1} onClick={() => setPage(shown + 1)}>
            <ChevronRight size={16} aria-hidden />
          </button>
        </nav>
      ) : null}
    </div>
  );
}

/** Workforce analysis: per worker, the period's completed tasks and their estimated and actual hours. */
export function WorkforceAnalysisWidget({ period, reload }: { period: DashboardPeriod; reload: number }) {
  const t = useTranslations('dashboard.workforce');
  const state = useWidget(`dashboard/workforce-analysis?period=${period}`, readWorkforce, reload);
  return (
    <WidgetFrame title={t('title')} state={state}>
      {(rows) => (
        <SummaryTable
          key={period}
          label={t('title')}
          nameHeader={t('worker')}
          rows={rows.map((row) => ({ ...row, key: row.assigneeId, name: `${row.name} ${row.surname}`.trim() }))}
        />
      )}
    </WidgetFrame>
  );
}

/** Customer analysis: per client, the period's completed tasks and their estimated and actual hours. */
export function CustomerAnalysisWidget({ period, reload }: { period: DashboardPeriod; reload: number }) {
  const t = useTranslations('dashboard.customers');
  const state = useWidget(`dashboard/customer-analysis?period=${period}`, readCustomers, reload);
  return (
    <WidgetFrame title={t('title')} state={state}>
      {(rows) => (
        <SummaryTable key={period} label={t('title')} nameHeader={t('client')} rows={rows.map((row) => ({ ...row, key: row.clientId, name: row.displayName }))} />
      )}
    </WidgetFrame>
  );
}
