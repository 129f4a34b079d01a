'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { DialogActions } from '@/components/ui/dialog-actions';
import { Modal } from '@/components/ui/modal';
import { routeStops } from '@/lib/client/route-map/bounds';
import { formatInstant, type ClockPreferences } from '@/lib/client/task-history/log-format';
import { useClock } from '@/lib/client/use-clock';
import { numericDateFormatter } from '@/lib/contract/numeric-date';
import type { BoardTask, BoardWorker } from '@/lib/contract/schedule-board';
import type { RouteStop } from '@/lib/contract/task-direction';
import { zonedDateAndTime } from '@/lib/contract/zoned-time';
import { TrailLegend } from './trail-legend';
import { useRouteLegs } from './use-route-legs';
import { useWorkerTrail } from './use-worker-trail';

// MapLibre needs the browser (WebGL, window): loaded on the client only, as the task drawer's map is.
const RouteMapView = dynamic(() => import('./route-map-view'), { ssr: false });

function rangeText(from: Date, to: Date, clock: ClockPreferences): { from: string; to: string } {
  const format = numericDateFormatter(clock.language);
  // `to` is the end of the range, excluded: its last day is the one just before it.
  const lastMoment = new Date(Math.max(from.getTime(), to.getTime() - 1));
  return {
    from: format(zonedDateAndTime(from, clock.timeZone).date),
    to: format(zonedDateAndTime(lastMoment, clock.timeZone).date),
  };
}

/**
 * The route map of spec 02 §2.3: the worker's legs over the board's visible range [from, to) on a map, numbered
 * stops with their address and appointment, 'No route found' without legs, and a warning naming the tasks that have
 * no location (the board passes them: `tasksWithoutLocation` of lib/client/route-map/without-location.ts).
 * Escape and the Close button close it. The board opens it from a row's route icon like this (mapStyleUrl is the
 * server's env.mapStyleUrl ?? null, passed down as the task drawer gets it):
 *
 *   <RouteMapModal worker={worker} from={new Date(range.start)} to={new Date(range.end)}
 *     tasksWithoutLocation={tasksWithoutLocation(events, worker.id, new Date(range.start), new Date(range.end))}
 *     mapStyleUrl={mapStyleUrl} onClose={() => setRouteWorker(null)} />
 */
export function RouteMapModal({
  worker,
  from,
  to,
  tasksWithoutLocation,
  mapStyleUrl,
  onClose,
}: {
  worker: BoardWorker;
  from: Date;
  to: Date;
  tasksWithoutLocation: BoardTask[];
  mapStyleUrl: string | null;
  onClose(): void;
}) {
  const t = useTranslations('routeMap');
  const clock = useClock();
  const state = useRouteLegs(worker.id, from, to);
  const trail = useWorkerTrail(worker.id, from, to);
  const [selected, setSelected] = useState<number | null>(null);
  const name = `${worker.name} ${worker.surname}`.trim();
  const legs = state.kind === 'loaded' ? state.legs : [];
  const stops = routeStops(legs);
  const stopName = (stop: Pick<RouteStop, 'referenceNumber' | 'title'>) => `#${stop.referenceNumber} ${stop.title}`;

  return (
    <Modal
      open
      onClose={onClose}
      title={t('title', { name })}
      width={960}
      footer={<DialogActions cancelLabel={t('close')} onCancel={onClose} />}
    >
      <div data-testid="route-map-modal" className="space-y-3 text-sm">
        <p className="text-slate-600">{t('range', rangeText(from, to, clock))}</p>
        {state.kind === 'loading' || trail === null ? (
          <p role="status" className="text-slate-600">
            {t('loading')}
          </p>
        ) : state.kind === 'failed' ? (
          <p role="alert" className="text-red-700">
            {t('loadFailed')}
          </p>
        ) : stops.length === 0 && trail.length === 0 ? (
          <p role="status" data-testid="route-map-no-route" className="rounded-md border border-slate-200 bg-slate-50 px-3 py-6 text-center text-slate-700">
            {t('noRoute')}
          </p>
        ) : (
          <>
            {stops.length === 0 ? (
              <p role="status" data-testid="route-map-no-route" className="text-slate-700">
                {t('noRoute')}
              </p>
            ) : null}
            <RouteMapView
              trail={trail}
              legs={legs}
              styleUrl={mapStyleUrl}
              label={t('mapLabel', { name })}
              markerLabel={(stop, number) => t('stop', { number, title: stopName(stop) })}
              selected={selected}
              onSelect={setSelected}
              popup={(stop, number) => (
                <div className="space-y-1 text-xs text-slate-800" data-testid="route-map-popup">
                  <p className="font-semibold">{t('stop', { number, title: stopName(stop) })}</p>
                  <p>
                    <span className="text-slate-500">{t('address')}: </span>
                    {stop.location.address ?? t('noAddress')}
                  </p>
                  <p>
                    <span className="text-slate-500">{t('appointment')}: </span>
                    {formatInstant(stop.appointment.date, clock)}
                  </p>
                </div>
              )}
            />
            <TrailLegend trailPoints={trail.length} />
            <ol aria-label={t('stops')} className="max-h-32 space-y-0.5 overflow-y-auto">
              {stops.map((stop, index) => (
                <li key={`${stop.id}-${index}`}>
                  <button
                    type="button"
                    onClick={() => setSelected(index)}
                    aria-pressed={selected === index}
                    className="w-full rounded px-2 py-1 text-left hover:bg-slate-100 aria-pressed:bg-blue-50"
                  >
                    <span className="font-semibold">{index + 1}.</span> {formatInstant(stop.appointment.date, clock)} · {stopName(stop)} ·{' '}
                    <span className="text-slate-600">{stop.location.address ?? t('noAddress')}</span>
                  </button>
                </li>
              ))}
            </ol>
          </>
        )}
        {tasksWithoutLocation.length > 0 ? (
          <div role="alert" data-testid="route-map-no-location" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-900">
            <p>{t('noLocation', { count: tasksWithoutLocation.length })}</p>
            <ul className="mt-1 list-disc pl-5">
              {tasksWithoutLocation.map((task) => (
                <li key={task.id}>
                  {task.start ? `${formatInstant(task.start, clock)} · ` : ''}
                  {stopName(task)}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </Modal>
  );
}
