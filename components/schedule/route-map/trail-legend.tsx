'use client';

import { useTranslations } from 'next-intl';
import { trailColour } from './trail-layer';

/** What the route map's two lines are: the planned legs (solid blue) and the GPS trail (dashed orange). */
export function TrailLegend({ trailPoints }: { trailPoints: number }) {
  const t = useTranslations('routeMap');
  return (
    <ul aria-label={t('legend')} data-testid="route-map-legend" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700">
      <li className="flex items-center gap-1.5">
        <span aria-hidden className="inline-block h-1 w-6 rounded bg-[#1f6feb]" />
        {t('legendPlanned')}
      </li>
      <li className="flex items-center gap-1.5" data-testid="route-map-legend-trail">
        <span aria-hidden className="inline-block w-6 border-t-[3px] border-dashed" style={{ borderColor: trailColour }} />
        {t('legendTrail')} · {trailPoints > 0 ? t('trailPoints', { count: trailPoints }) : t('noTrail')}
      </li>
    </ul>
  );
}
