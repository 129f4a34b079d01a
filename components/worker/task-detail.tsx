'use client';

import { MapPin, Navigation, Phone } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useQuery } from '@tanstack/react-query';
import { TaskStatusTag } from '@/components/tasks/status-tags';
import { apiBase } from '@/lib/client/api';
import { useErrorText } from '@/lib/client/error-text';
import { workerKeys } from '@/lib/client/query-keys';
import { formatDayAndTime } from '@/lib/client/format-date-time';
import { withPendingStatus } from '@/lib/client/worker/pending';
import type { WorkerData } from '@/lib/client/worker/use-worker-data';
import type { TaskView } from '@/lib/contract/tasks';
import { WorkerFieldValue } from './field-value';
import { SignatureSection } from './signature-section';
import { StatusActions } from './status-actions';
import { contactName, TaskTime, telHref } from './task-list';
import { touchTarget } from './touch';
import { useWorkerClock } from './worker-clock';
import { WorkerNotes } from './worker-notes';
import { WorkerPhotos } from './worker-photos';

type Lookup = { state: 'loading' } | { state: 'found'; task: TaskView } | { state: 'notFound' } | { state: 'unavailable' };

/** A task outside the loaded days: asked of the server, which answers 404 for a task that is not the worker's. */
function useTaskOutsideList(taskId: number, listed: TaskView | undefined, listLoaded: boolean): Lookup {
  const { data: lookup } = useQuery({
    queryKey: workerKeys.task(taskId),
    // Raw fetch, no global notice: offline or refused, the screen itself says why the task is not shown.
    queryFn: async (): Promise<Lookup> => {
      try {
        const response = await fetch(`${apiBase}tasks/${taskId}`, { credentials: 'same-origin' });
        if (response.ok) return { state: 'found', task: (await response.json()) as TaskView };
        return { state: response.status === 404 || response.status === 403 ? 'notFound' : 'unavailable' };
      } catch {
        return { state: 'unavailable' };
      }
    },
    enabled: !listed && listLoaded,
    gcTime: 0,
    retry: false,
  });
  return listed ? { state: 'found', task: listed } : (lookup ?? { state: 'loading' });
}

/** Map links built here, so the app itself fetches nothing from outside: the phone's maps app or OpenStreetMap opens. */
function mapLinks(location: TaskView['location']): { geo: string; web: string } | null {
  const { latitude, longitude, address } = location;
  if (latitude !== null && longitude !== null) {
    return {
      geo: `geo:${latitude},${longitude}?q=${latitude},${longitude}`,
      web: `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`,
    };
  }
  if (!address) return null;
  return { geo: `geo:0,0?q=${encodeURIComponent(address)}`, web: `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}` };
}

export function WorkerTaskDetail({ taskId, data, online }: { taskId: number; data: WorkerData; online: boolean }) {
  const t = useTranslations('worker');
  const errorText = useErrorText();
  const listed = data.tasks?.find((task) => task.id === taskId);
  const lookup = useTaskOutsideList(taskId, listed, data.tasks !== null);
  const clock = useWorkerClock();

  if (lookup.state === 'loading') return <p className="py-6 text-center text-sm text-slate-500">{t('loading')}</p>;
  if (lookup.state === 'notFound' || lookup.state === 'unavailable') {
    return (
      <section role="alert" className="mt-6 rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center">
        <h2 className="mb-1 text-base font-semibold">{lookup.state === 'notFound' ? t('notFound') : t('unavailable')}</h2>
        <p className="text-sm text-slate-600">{lookup.state === 'notFound' ? t('notFoundHint') : t('unavailableHint')}</p>
      </section>
    );
  }
  const task = withPendingStatus(lookup.task, data.queue);
  const links = mapLinks(task.location);
  const tel = telHref(task.contact);
  const conflict = data.conflicts.get(task.id);
  const refused = data.refused.get(task.id);
  const values = task.customFieldValues.filter((value) => value.fieldValue);

  return (
    <article className="flex flex-col gap-4 pt-3">
      <header className="flex flex-col gap-1">
        <div className="flex items-center justify-between gap-2">
          <TaskTime task={task} />
          <TaskStatusTag statusId={task.statusId} />
        </div>
        <h2 className="text-lg font-semibold">{task.title ?? task.type.type}</h2>
        <p className="text-sm text-slate-600">
          {task.type.type} · #{task.referenceNumber}
          {task.client ? ` · ${task.client.displayName}` : ''}
        </p>
      </header>

      {conflict ? (
        <section role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <p className="font-medium">{t('conflict.title')}</p>
          {conflict.office ? (
            <p className="mt-1 flex items-center gap-2">
              {t('conflict.officeVersion')} <TaskStatusTag statusId={conflict.office.statusId} />
              {conflict.office.scheduleDate ? formatDayAndTime(conflict.office.scheduleDate, conflict.office.scheduleTime, clock) : ''}
            </p>
          ) : null}
          <p className="mt-1">{t('conflict.kept', { note: conflict.note })}</p>
        </section>
      ) : null}
      {refused ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {t('refused')}
          {errorText(refused) ? <span className="mt-1 block">{errorText(refused)}</span> : null}
        </p>
      ) : null}

      <StatusActions task={task} data={data} />

      {task.location.address || links ? (
        <section aria-label={t('address')} className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3">
          {task.location.address ? (
            <p className="flex items-start gap-2 text-sm">
              <MapPin size={16} className="mt-0.5 shrink-0" aria-hidden /> {task.location.address}
            </p>
          ) : null}
          {links ? (
            <div className="flex flex-wrap gap-2">
              <a href={links.geo} className={`${touchTarget} gap-2 bg-brand px-4 text-sm font-medium text-white`}>
                <Navigation size={16} aria-hidden /> {t('navigate')}
              </a>
              <a href={links.web} target="_blank" rel="noreferrer" className={`${touchTarget} border border-slate-300 px-4 text-sm`}>
                {t('openMap')}
              </a>
            </div>
          ) : null}
        </section>
      ) : null}

      {tel || contactName(task.contact) ? (
        <section aria-label={t('contact')} className="flex items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white p-3">
          <span className="text-sm">{contactName(task.contact)}</span>
          {tel ? (
            <a href={tel} className={`${touchTarget} gap-2 border border-slate-300 px-3 text-sm text-brand`}>
              <Phone size={16} aria-hidden /> {t('call', { name: task.contact.phone ?? '' })}
            </a>
          ) : null}
        </section>
      ) : null}

      {task.description ? (
        <section aria-label={t('description')} className="rounded-lg border border-slate-200 bg-white p-3 text-sm whitespace-pre-wrap wrap-anywhere">
          {task.description}
        </section>
      ) : null}

      {values.length > 0 ? (
        <section aria-label={t('customFields')} className="rounded-lg border border-slate-200 bg-white p-3">
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            {values.map((value) => (
              <div key={value.customFieldId} className="contents">
                <dt className="text-slate-600">{value.customFieldName}</dt>
                <dd className="break-words">
                  <WorkerFieldValue value={value} />
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}

      <WorkerNotes taskId={task.id} data={data} online={online} />
      <WorkerPhotos taskId={task.id} data={data} online={online} />
      <SignatureSection taskId={task.id} data={data} online={online} />
    </article>
  );
}
