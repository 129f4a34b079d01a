'use client';

import { RefreshCw } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { formatInstant } from '@/lib/client/task-history/log-format';
import { useClock } from '@/lib/client/use-clock';
import { dashboardPeriods, defaultDashboardPeriod, type DashboardPeriod } from '@/lib/contract/dashboard';
import { CustomerAnalysisWidget, WorkforceAnalysisWidget } from './analysis-tables';
import { LocationWidget } from './location-widget';
import { CompletedTasksWidget, HoursWidget } from './series-charts';
import { StatusRingsWidget } from './status-rings';
import { TotalTasksWidget, WorkforceAvailabilityWidget } from './summary-widgets';
import { TypeDonutWidget } from './type-donut';

/** The period buttons (1W default, 1M, 3M, 1Y) that drive every period widget. */
function PeriodSelector({ value, onChange }: { value: DashboardPeriod; onChange: (period: DashboardPeriod) => void }) {
  const t = useTranslations('dashboard.period');
  return (
    <div role="radiogroup" aria-label={t('label')} className="inline-flex overflow-hidden rounded-md border border-slate-300 bg-white">
      {dashboardPeriods.map((period) => (
        <button
          key={period}
          type="button"
          role="radio"
          aria-checked={value === period}
          title={t(`${period}.long`)}
          aria-label={t(`${period}.long`)}
          onClick={() => onChange(period)}
          className={`px-3 py-1.5 text-sm font-medium ${value === period ? 'bg-brand text-white' : 'text-slate-700 hover:bg-slate-50'} border-l border-slate-300 first:border-l-0`}
        >
          {t(`${period}.short`)}
        </button>
      ))}
    </div>
  );
}

/**
 * Dashboard → all (spec 03 §2.9): the three widgets of the present (totals, availability, statuses) and the six of
 * the chosen period. Refresh asks every call again; the time of the last load shows on the user's clock.
 */
export function Dashboard({ mapStyleUrl }: { mapStyleUrl: string | null }) {
  const t = useTranslations('dashboard');
  const clock = useClock();
  const [period, setPeriod] = useState<DashboardPeriod>(defaultDashboardPeriod);
  const [reload, setReload] = useState(0);
  const [loadedAt, setLoadedAt] = useState(() => new Date().toISOString());
  const refresh = () => {
    setReload((value) => value + 1);
    setLoadedAt(new Date().toISOString());
  };
  return (
    <section className="mx-auto flex w-full max-w-7xl flex-col gap-4 p-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="flex-1 text-lg font-semibold text-slate-900">{t('title')}</h1>
        <span className="text-xs text-slate-500">{t('updated', { time: formatInstant(loadedAt, clock) })}</span>
        <Button variant="secondary" onClick={refresh} aria-label={t('refresh')}>
          <RefreshCw size={16} aria-hidden />
        </Button>
        <PeriodSelector
          value={period}
          onChange={(next) => {
            setPeriod(next);
            setLoadedAt(new Date().toISOString());
          }}
        />
      </div>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-4">
        <TotalTasksWidget reload={reload} />
        <WorkforceAvailabilityWidget reload={reload} />
        <StatusRingsWidget reload={reload} />
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <TypeDonutWidget period={period} reload={reload} />
        <CompletedTasksWidget period={period} reload={reload} />
        <HoursWidget period={period} reload={reload} />
      </div>
      {/* The two tables share a column beside the map: a quarter of the row each left a name six letters. */}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <LocationWidget period={period} reload={reload} mapStyleUrl={mapStyleUrl} />
        <div className="flex min-w-0 flex-col gap-4">
          <WorkforceAnalysisWidget period={period} reload={reload} />
          <CustomerAnalysisWidget period={period} reload={reload} />
        </div>
      </div>
    </section>
  );
}
