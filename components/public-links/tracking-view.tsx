'use client';

import dynamic from 'next/dynamic';
import { useFormatter, useTranslations } from 'next-intl';
import { useQuery } from '@tanstack/react-query';
import { publicLinkKeys } from '@/lib/client/query-keys';
import type { TrackingView as Tracking } from '@/lib/contract/public-links';
import { RescheduleForm } from './reschedule-form';

// WebGL and the worker exist only in the browser; a failing map must leave the rest of the page usable.
const TrackingMap = dynamic(() => import('./tracking-map'), { ssr: false });

/**
 * Spec 03 §4: the page asks for the position again every refreshMs; the first failed answer (task completed,
 * cancelled, deleted or the link gone) stops the polling for good and shows the failure.
 */
export function TrackingView({
  token,
  initial,
  companyTimeZone,
  refreshMs,
  mapStyleUrl,
}: {
  token: string;
  initial: Tracking;
  /** The clock "Request another time" is read on. */
  companyTimeZone: string;
  refreshMs: number;
  mapStyleUrl: string | null;
}) {
  const t = useTranslations('publicPages');
  const format = useFormatter();
  const { data: tracking } = useQuery({
    queryKey: publicLinkKeys.tracking(token),
    // null is the server's refusal, kept for good; no answer at all (offline for a moment) throws, so the last
    // position stays and the next tick tries again.
    queryFn: async (): Promise<Tracking | null> => {
      const response = await fetch(`/api/web/tasks/tracking?token=${encodeURIComponent(token)}`, { cache: 'no-store' });
      return response.ok ? ((await response.json()) as Tracking) : null;
    },
    initialData: initial,
    // The server's render is the first answer: the first read is one period later, then every period, hidden or not.
    staleTime: Infinity,
    refetchInterval: (query) => (query.state.data === null ? false : refreshMs),
    refetchIntervalInBackground: true,
    retry: false,
  });

  if (!tracking) return <TrackingFailure title={t('notFoundTitle')} message={t('trackingFailed')} />;
  const icsHref = `/api/web/tasks/tracking/ics?token=${encodeURIComponent(token)}`;
  return (
    <div className="flex flex-col gap-3">
      <h1 className="text-lg font-semibold">{tracking.taskTitle}</h1>
      {tracking.appointmentDate ? (
        <p className="text-sm text-slate-600">
          {t('appointment', {
            // On the company's clock, like the time the client may ask for below: no visitor signs in to say theirs.
            date: format.dateTime(new Date(tracking.appointmentDate), { dateStyle: 'full', timeStyle: 'short', timeZone: companyTimeZone }),
          })}
        </p>
      ) : null}
      {tracking.workerFirstName ? <p className="text-sm">{t('worker', { name: tracking.workerFirstName })}</p> : null}
      {tracking.latLng ? (
        <TrackingMap
          styleUrl={mapStyleUrl}
          lat={tracking.latLng.lat}
          lng={tracking.latLng.lng}
          label={tracking.latLngSource === 'worker' ? t('mapLabel') : t('taskMapLabel')}
          markerLabel={tracking.latLngSource === 'worker' ? t('markerLabel') : t('taskMarkerLabel')}
        />
      ) : (
        <p className="text-sm text-slate-600">{t('noLocation')}</p>
      )}
      {tracking.appointmentDate ? (
        <a href={icsHref} download className="self-start text-sm text-brand underline">
          {t('addToCalendar')}
        </a>
      ) : null}
      <RescheduleForm token={token} companyTimeZone={companyTimeZone} />
    </div>
  );
}

export function TrackingFailure({ title, message }: { title: string; message: string }) {
  return (
    <div role="alert" className="text-center">
      <p className="text-4xl font-bold text-slate-500">404</p>
      <h1 className="mt-2 font-semibold">{title}</h1>
      <p className="mt-1 text-red-700">{message}</p>
    </div>
  );
}
