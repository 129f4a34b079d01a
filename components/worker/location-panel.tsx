'use client';

import { MapPin } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Switch } from '@/components/ui/switch';
import { formatInstantTime } from '@/lib/client/format-date-time';
import type { LocationState } from '@/lib/client/worker/use-location-sharing';
import { useWorkerClock } from './worker-clock';

const dotClass: Record<LocationState, string> = {
  off: 'bg-slate-300',
  waiting: 'bg-amber-400',
  sharing: 'bg-green-500',
  denied: 'bg-red-500',
  unavailable: 'bg-red-500',
};

/** The small location indicator and the worker's opt-in for the day. */
export function LocationPanel({
  location,
  inProgress,
}: {
  location: { state: LocationState; lastSent: string | null; optedIn: boolean; setOptIn(value: boolean): void };
  inProgress: boolean;
}) {
  const t = useTranslations('worker.location');
  const clock = useWorkerClock();
  const text =
    location.state === 'sharing' && location.lastSent
      ? t('sharing', { time: formatInstantTime(location.lastSent, clock) })
      : t(location.state);
  return (
    <section aria-label={t('label')} className="flex items-center gap-2 px-3 py-1 text-sm text-slate-700">
      <span role="status" className="flex flex-1 items-center gap-2">
        <MapPin size={16} aria-hidden />
        <span aria-hidden className={`inline-block size-2.5 rounded-full ${dotClass[location.state]}`} />
        <span>{text}</span>
      </span>
      <label className="flex min-h-11 items-center gap-2">
        <span className="text-xs text-slate-600">{t('optIn')}</span>
        <Switch checked={location.optedIn || inProgress} disabled={inProgress} onCheckedChange={location.setOptIn} />
      </label>
    </section>
  );
}
