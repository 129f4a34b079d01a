'use client';

import dynamic from 'next/dynamic';
import { useLocale, useTranslations } from 'next-intl';
import { listState } from '@/lib/client/dashboard/slices';
import { useWidget } from '@/lib/client/dashboard/use-widget';
import type { DashboardPeriod, TaskLocationPoint } from '@/lib/contract/dashboard';
import { dateLocaleOf } from '@/lib/contract/date-locale';
import { WidgetFrame } from './widget-frame';

/** MapLibre needs the browser (WebGL, a worker): loaded on the client only, like the task drawer's map. */
const HeatMap = dynamic(() => import('./heat-map'), { ssr: false });

const readPlaces = (answer: unknown) => listState<TaskLocationPoint>(answer);

/** Task location analysis: where the period's tasks are, as a heat map. */
export function LocationWidget({ period, reload, mapStyleUrl }: { period: DashboardPeriod; reload: number; mapStyleUrl: string | null }) {
  const t = useTranslations('dashboard.locations');
  const number = new Intl.NumberFormat(dateLocaleOf(useLocale()));
  const state = useWidget(`dashboard/task-location-analysis?period=${period}`, readPlaces, reload);
  return (
    <WidgetFrame title={t('title')} state={state}>
      {(points) => (
        <div className="flex flex-col gap-2">
          <HeatMap key={period} styleUrl={mapStyleUrl} points={points} label={t('map')} />
          <p className="text-xs text-slate-500">
            {t('summary', {
              places: number.format(points.length),
              tasks: number.format(points.reduce((sum, point) => sum + point.count, 0)),
            })}
          </p>
        </div>
      )}
    </WidgetFrame>
  );
}
