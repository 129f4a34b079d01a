'use client';

import { useLocale, useTranslations } from 'next-intl';
import { bucketAxisLabel, bucketFullLabel } from '@/lib/client/dashboard/labels';
import { hoursOf, listState } from '@/lib/client/dashboard/slices';
import { useWidget } from '@/lib/client/dashboard/use-widget';
import { bucketUnitOf, type CompletedTasksPoint, type DashboardPeriod, type EstimatedActualPoint } from '@/lib/contract/dashboard';
import { TextTable } from '@/components/ui/text-table';
import { dateLocaleOf } from '@/lib/contract/date-locale';
import { BarChart } from './bar-chart';
import { WidgetFrame } from './widget-frame';

const readCompleted = (answer: unknown) => listState<CompletedTasksPoint>(answer);
const readHours = (answer: unknown) => listState<EstimatedActualPoint>(answer);

/** The chart's figures as a table for screen readers (and for tests): a chart alone says nothing to them. */
function SeriesTable({ caption, columns, rows }: { caption: string; columns: string[]; rows: string[][] }) {
  return (
    // The clipping box is a div: browsers do not clip a table to sr-only's 1 px, and on a phone the hidden table
    // widened the page past the screen.
    <div className="sr-only">
      <TextTable caption={caption} headers={columns} rows={rows} firstColumnNamesRow />
    </div>
  );
}

function useLabels(period: DashboardPeriod) {
  const language = useLocale();
  const unit = bucketUnitOf(period);
  return { axis: bucketAxisLabel(language, unit), full: bucketFullLabel(language, unit), locale: dateLocaleOf(language) };
}

/** Completed tasks per day (1W, 1M), week (3M) or month (1Y). */
export function CompletedTasksWidget({ period, reload }: { period: DashboardPeriod; reload: number }) {
  const t = useTranslations('dashboard.completed');
  const labels = useLabels(period);
  const number = new Intl.NumberFormat(labels.locale);
  const state = useWidget(`dashboard/completed-tasks?period=${period}`, readCompleted, reload);
  return (
    <WidgetFrame title={t('title')} state={state}>
      {(points) => (
        <>
          <div className="h-56" aria-hidden>
            <BarChart
              buckets={points.map((point) => point.period)}
              series={[{ name: t('completed'), colour: '#22c55e', values: points.map((point) => point.completed) }]}
              axisLabel={labels.axis}
              fullLabel={labels.full}
              format={(value) => number.format(value)}
              minStep={1}
            />
          </div>
          <SeriesTable
            caption={t('title')}
            columns={[t('period'), t('completed')]}
            rows={points.map((point) => [labels.full(point.period), number.format(point.completed)])}
          />
        </>
      )}
    </WidgetFrame>
  );
}

/** Estimated against actual hours of the tasks completed in each bucket. */
export function HoursWidget({ period, reload }: { period: DashboardPeriod; reload: number }) {
  const t = useTranslations('dashboard.hours');
  const labels = useLabels(period);
  const hours = new Intl.NumberFormat(labels.locale, { maximumFractionDigits: 1 });
  const state = useWidget(`dashboard/estimated-hours-vs-actual-hours?period=${period}`, readHours, reload);
  return (
    <WidgetFrame title={t('title')} state={state}>
      {(points) => {
        const data = points.map((point) => ({ period: point.period, estimate: hoursOf(point.estimate), actual: hoursOf(point.actual) }));
        return (
          <>
            <div className="h-56" aria-hidden>
              <BarChart
                buckets={data.map((point) => point.period)}
                series={[
                  { name: t('estimate'), colour: '#3b82f6', values: data.map((point) => point.estimate) },
                  { name: t('actual'), colour: '#f97316', values: data.map((point) => point.actual) },
                ]}
                axisLabel={labels.axis}
                fullLabel={labels.full}
                format={(value) => hours.format(value)}
                // Hours are shown to a tenth: no finer tick than that.
                minStep={0.1}
              />
            </div>
            <SeriesTable
              caption={t('title')}
              columns={[t('period'), t('estimate'), t('actual')]}
              rows={data.map((point) => [labels.full(point.period), hours.format(point.estimate), hours.format(point.actual)])}
            />
          </>
        );
      }}
    </WidgetFrame>
  );
}
