'use client';

import { useLocale, useTranslations } from 'next-intl';
import { objectState } from '@/lib/client/dashboard/slices';
import { useWidget } from '@/lib/client/dashboard/use-widget';
import type { TotalTasksView, WorkforceAvailabilityView } from '@/lib/contract/dashboard';
import { dateLocaleOf } from '@/lib/contract/date-locale';
import { WidgetFrame } from './widget-frame';

const readTotals = (answer: unknown) => objectState<TotalTasksView>(answer, ['totalAllTime', 'totalLastSevenDays']);
const readAvailability = (answer: unknown) =>
  objectState<WorkforceAvailabilityView>(answer, ['totalWorkers', 'totalWorkersLoggedIn']);

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-2xl font-semibold text-slate-900 tabular-nums">{value}</dd>
    </div>
  );
}

/** Total tasks: all time and the last 7 days, not tied to the period selector. */
export function TotalTasksWidget({ reload }: { reload: number }) {
  const t = useTranslations('dashboard.totalTasks');
  const number = new Intl.NumberFormat(dateLocaleOf(useLocale()));
  const state = useWidget('dashboard/total-tasks', readTotals, reload);
  return (
    <WidgetFrame title={t('title')} state={state}>
      {(data) => (
        <dl className="grid grid-cols-2 gap-4">
          <Figure label={t('allTime')} value={number.format(data.totalAllTime)} />
          <Figure label={t('lastSevenDays')} value={number.format(data.totalLastSevenDays)} />
        </dl>
      )}
    </WidgetFrame>
  );
}

/** Workforce availability: logged-in workers over all workers, with the percent (spec 03 §9). */
export function WorkforceAvailabilityWidget({ reload }: { reload: number }) {
  const t = useTranslations('dashboard.availability');
  const locale = dateLocaleOf(useLocale());
  const number = new Intl.NumberFormat(locale);
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
  const state = useWidget('dashboard/workforce-availability', readAvailability, reload);
  return (
    <WidgetFrame title={t('title')} state={state}>
      {(data) => {
        const share = data.totalWorkers === 0 ? 0 : data.totalWorkersLoggedIn / data.totalWorkers;
        return (
          <div className="flex flex-col gap-2">
            <p className="text-2xl font-semibold text-slate-900 tabular-nums">
              {t('ratio', { loggedIn: number.format(data.totalWorkersLoggedIn), total: number.format(data.totalWorkers) })}
            </p>
            <div
              role="meter"
              aria-label={t('meter')}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(share * 100)}
              aria-valuetext={percent.format(share)}
              className="h-2 overflow-hidden rounded bg-slate-100"
            >
              <div className="h-full bg-emerald-500" style={{ width: `${share * 100}%` }} />
            </div>
            <p className="text-xs text-slate-500">{t('loggedIn', { percent: percent.format(share) })}</p>
          </div>
        );
      }}
    </WidgetFrame>
  );
}
