'use client';

import { Crosshair, Search } from 'lucide-react';
import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { Switch } from '@/components/ui/switch';
import { formatInstant } from '@/lib/client/task-history/log-format';
import { dotColours, fullName, matchesFilter, openingBox, trackingCounts, type LngLatBox } from '@/lib/client/tracking/summary';
import { useTrackingItems } from '@/lib/client/tracking/use-tracking-items';
import { useClock } from '@/lib/client/use-clock';
import { trackingDot, type TrackingItem } from '@/lib/contract/tracking';
import type { MapFocus, MapWorker } from './tracking-map';

// MapLibre needs the browser (WebGL, window): loaded on the client only, as the other maps are.
const TrackingMap = dynamic(() => import('./tracking-map'), { ssr: false });

/**
 * Tracking → all (spec 02 §2.4, the full variant): a filter box, the three counters, the workers with their dot,
 * a show/hide switch and a zoom-to button each, and the map of their last positions, refreshed every 10 s.
 */
export function TrackingScreen({ mapStyleUrl, tenantBox }: { mapStyleUrl: string | null; tenantBox: LngLatBox | null }) {
  const t = useTranslations('tracking');
  const clock = useClock();
  const state = useTrackingItems();
  const [filter, setFilter] = useState('');
  const [hidden, setHidden] = useState<ReadonlySet<number>>(new Set());
  const [selected, setSelected] = useState<number | null>(null);
  const [focus, setFocus] = useState<MapFocus | null>(null);

  const items = useMemo(() => (state.kind === 'loaded' ? state.items : []), [state]);
  const now = state.kind === 'loaded' ? state.now : 0;
  // The map opens once, on the first answer; later refreshes move the markers, never the view.
  const [opening, setOpening] = useState<{ box: LngLatBox | null } | null>(null);
  if (state.kind === 'loaded' && opening === null) setOpening({ box: openingBox(state.items, tenantBox) });

  const shown = items.filter((item) => matchesFilter(item, filter));
  const counts = trackingCounts(items, now);
  const markers: MapWorker[] = shown.flatMap((item) =>
    item.latLng && !hidden.has(item.id)
      ? [{ id: item.id, name: fullName(item), lat: item.latLng.lat, lng: item.latLng.lng, dot: trackingDot(item.latLngTimestamp, now) }]
      : [],
  );
  const lastMovement = (item: TrackingItem | undefined) =>
    item?.latLngTimestamp ? formatInstant(item.latLngTimestamp, clock) : t('none');
  const toggle = (id: number, show: boolean) =>
    setHidden((held) => {
      const next = new Set(held);
      if (show) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <section className="space-y-3">
      <h1 className="text-lg font-semibold text-slate-900">{t('title')}</h1>
      <ul aria-label={t('counters')} className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        <Counter testId="tracking-count-active" colour={dotColours.green} label={t('countActive')} value={counts.active} />
        <Counter testId="tracking-count-inactive" colour={dotColours.red} label={t('countInactive')} value={counts.inactive} />
        <Counter testId="tracking-count-unused" colour={dotColours.gray} label={t('countUnused')} value={counts.accountNotUsed} />
      </ul>
      {state.kind === 'loaded' && state.failed ? (
        <p role="alert" className="text-sm text-red-700">
          {t('refreshFailed')}
        </p>
      ) : null}
      <div className="grid gap-3 lg:grid-cols-[24rem_minmax(0,1fr)]">
        <div className="order-2 space-y-2 lg:order-1">
          <label className="relative block">
            <span className="sr-only">{t('filter')}</span>
            <Search size={16} aria-hidden className="absolute top-2.5 left-2.5 text-slate-400" />
            <input
              type="search"
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
              placeholder={t('filterPlaceholder')}
              className="w-full rounded-md border border-slate-300 py-2 pr-3 pl-8 text-sm"
            />
          </label>
          {state.kind === 'loading' ? (
            <p role="status" className="text-sm text-slate-600">
              {t('loading')}
            </p>
          ) : state.kind === 'failed' ? (
            <p role="alert" className="text-sm text-red-700">
              {t('loadFailed')}
            </p>
          ) : shown.length === 0 ? (
            <p role="status" className="text-sm text-slate-600">
              {items.length === 0 ? t('noWorkers') : t('noMatch')}
            </p>
          ) : (
            <ul aria-label={t('workers')} className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white lg:max-h-[calc(100vh-16rem)] lg:overflow-y-auto">
              {shown.map((item) => {
                const name = fullName(item);
                const dot = trackingDot(item.latLngTimestamp, now);
                return (
                  <li key={item.id} data-testid="tracking-worker" data-dot={dot} className="flex items-center gap-2 px-3 py-2">
                    <span role="img" aria-label={t(`dot.${dot}`)} style={{ backgroundColor: dotColours[dot] }} className="size-3 shrink-0 rounded-full" />
                    <button
                      type="button"
                      onClick={() => setSelected(item.latLng ? item.id : null)}
                      className="min-w-0 flex-1 text-left"
                    >
                      <span className="block truncate text-sm font-medium text-slate-900">{name}</span>
                      <span className="block truncate text-xs text-slate-500">
                        {t('lastMovement')}: {lastMovement(item)}
                      </span>
                    </button>
                    <Switch
                      checked={item.latLng !== null && !hidden.has(item.id)}
                      disabled={item.latLng === null}
                      onCheckedChange={(show) => toggle(item.id, show)}
                      aria-label={t('showMarker', { name })}
                    />
                    <button
                      type="button"
                      disabled={item.latLng === null}
                      aria-label={t('zoomTo', { name })}
                      title={t('zoomTo', { name })}
                      onClick={() => {
                        if (!item.latLng) return;
                        toggle(item.id, true);
                        setFocus((held) => ({ lat: item.latLng?.lat ?? 0, lng: item.latLng?.lng ?? 0, seq: (held?.seq ?? 0) + 1 }));
                      }}
                      className="rounded p-2 text-slate-600 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-300"
                    >
                      <Crosshair size={18} aria-hidden />
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
        <div className="order-1 lg:order-2">
          {opening ? (
            <TrackingMap
              workers={markers}
              opening={opening.box}
              focus={focus}
              styleUrl={mapStyleUrl}
              label={t('mapLabel')}
              markerLabel={(worker) => t('marker', { name: worker.name })}
              selected={selected}
              onSelect={setSelected}
              popup={(worker) => (
                <div className="space-y-1 text-xs text-slate-800" data-testid="tracking-popup">
                  <p className="font-semibold">{worker.name}</p>
                  <p>
                    <span className="text-slate-500">{t('lastMovement')}: </span>
                    {lastMovement(items.find((item) => item.id === worker.id))}
                  </p>
                </div>
              )}
            />
          ) : (
            <div className="h-[55vh] min-h-80 rounded-md border border-slate-200 bg-slate-100 lg:h-[calc(100vh-12rem)]" />
          )}
        </div>
      </div>
    </section>
  );
}

function Counter({ testId, colour, label, value }: { testId: string; colour: string; label: string; value: number }) {
  return (
    <li data-testid={testId} className="flex items-center gap-3 rounded-md border border-slate-200 bg-white px-3 py-2">
      <span aria-hidden style={{ backgroundColor: colour }} className="size-3 rounded-full" />
      <span className="flex-1 text-sm text-slate-700">{label}</span>
      <span className="text-lg font-semibold text-slate-900">{value}</span>
    </li>
  );
}
