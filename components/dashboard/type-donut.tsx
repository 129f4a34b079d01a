'use client';

import { useLocale, useTranslations } from 'next-intl';
import { groupSmallSlices, listState } from '@/lib/client/dashboard/slices';
import { useWidget } from '@/lib/client/dashboard/use-widget';
import type { DashboardPeriod, TaskTypeCount } from '@/lib/contract/dashboard';
import { dateLocaleOf } from '@/lib/contract/date-locale';
import { DonutChart } from './donut-chart';
import { WidgetFrame } from './widget-frame';

/** Slice colours in order; Others is always gray. */
const palette = ['#2563eb', '#16a34a', '#f59e0b', '#db2777', '#0891b2', '#7c3aed', '#ea580c', '#65a30d', '#0d9488', '#9333ea'];
const othersColour = '#94a3b8';

const readTypes = (answer: unknown) => listState<TaskTypeCount>(answer);

/** Task type analysis: a donut of the period's tasks by type, types under 5 % together as Others. */
export function TypeDonutWidget({ period, reload }: { period: DashboardPeriod; reload: number }) {
  const t = useTranslations('dashboard.types');
  const locale = dateLocaleOf(useLocale());
  const number = new Intl.NumberFormat(locale);
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const state = useWidget(`dashboard/task-type-analysis?period=${period}`, readTypes, reload);
  return (
    <WidgetFrame title={t('title')} state={state}>
      {(rows) => {
        const slices = groupSmallSlices(rows, t('others'));
        const colourOf = (index: number) => (slices[index].typeId === null ? othersColour : palette[index % palette.length]);
        return (
          // Side by side only where the card leaves the legend room for its names: in a third of a desktop row the
          // legend goes under the donut instead of cutting each type to a few letters.
          <div className="@container">
            <div className="flex flex-col items-center gap-3 @lg:flex-row">
              <div className="h-48 w-48 shrink-0" aria-hidden>
                <DonutChart
                  slices={slices.map((slice, index) => ({ key: String(slice.typeId ?? 'others'), name: slice.name, value: slice.count, colour: colourOf(index) }))}
                  format={(value) => number.format(value)}
                />
              </div>
              <ul className="flex w-full flex-col gap-1 text-sm" aria-label={t('legend')}>
                {slices.map((slice, index) => (
                  <li key={slice.typeId ?? 'others'} className="flex items-center gap-2">
                    <span className="h-3 w-3 shrink-0 rounded-sm" style={{ background: colourOf(index) }} aria-hidden />
                    <span className="min-w-0 flex-1 truncate text-slate-700" title={slice.name}>{slice.name}</span>
                    <span className="text-slate-900 tabular-nums">{number.format(slice.count)}</span>
                    <span className="w-14 text-right text-xs text-slate-500 tabular-nums">{percent.format(slice.share)}</span>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        );
      }}
    </WidgetFrame>
  );
}
