'use client';

import { ArrowLeft, LogOut, MonitorSmartphone, WifiOff } from 'lucide-react';
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { toast } from 'sonner';
import { FirstLoginModal } from '@/components/shell/first-login-modal';
import { api } from '@/lib/client/api';
import { formatInstant, formatInstantTime, type ClockPreferences } from '@/lib/client/format-date-time';
import type { QueueItem } from '@/lib/client/worker/queue';
import { useLocationSharing } from '@/lib/client/worker/use-location-sharing';
import { useWorkerData } from '@/lib/client/worker/use-worker-data';
import { TaskStatus } from '@/lib/contract/tasks';
import { LocationPanel } from './location-panel';
import { WorkerClockProvider, useWorkerClock } from './worker-clock';
import { forgetWorkerPageCopy, registerWorkerServiceWorker } from './service-worker';
import { WorkerTaskDetail } from './task-detail';
import { WorkerTaskList } from './task-list';
import { touchTarget } from './touch';

function subscribeOnline(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

type WorkerAppProps = {
  user: { id: number; name: string; surname: string; firstLogin: boolean };
  tenantTimeZone: string;
  /** The worker's 12/24-hour choice and zone, which every date and time of the view follows. */
  clock: Pick<ClockPreferences, 'twentyFourHour' | 'timeZone'>;
  /** An office user who is also a worker: the header links back to the console. */
  officeUser: boolean;
};

export function WorkerApp({ clock, ...props }: WorkerAppProps) {
  return (
    <WorkerClockProvider clock={clock}>
      <WorkerScreen {...props} />
    </WorkerClockProvider>
  );
}

function WorkerScreen({ user, tenantTimeZone, officeUser }: Omit<WorkerAppProps, 'clock'>) {
  const t = useTranslations('worker');
  const clock = useWorkerClock();
  const router = useRouter();
  const searchParams = useSearchParams();
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine, () => true);

  const conflictNote = useCallback(
    (item: Extract<QueueItem, { kind: 'status' }>) =>
      t('conflictNote', {
        change: t(`statusChange.${item.body.statusId}` as 'statusChange.2'),
        time: formatInstantTime(item.madeAt, clock),
      }),
    [t, clock],
  );
  const data = useWorkerData(user.id, conflictNote);
  const inProgress = data.tasks?.some((task) => task.statusId === TaskStatus.inProgress) ?? false;
  const location = useLocationSharing(inProgress);

  useEffect(() => {
    registerWorkerServiceWorker();
  }, []);

  // The API refused the day's tasks until the first password change; the refreshed page reads them again.
  const { reload } = data;
  const mustChangePassword = useRef(user.firstLogin);
  useEffect(() => {
    if (mustChangePassword.current && !user.firstLogin) void reload();
    mustChangePassword.current = user.firstLogin;
  }, [user.firstLogin, reload]);

  const openTaskId = Number(searchParams.get('task')) || null;
  // The opened task is a query parameter set through the history API: opening one needs no server round trip, so
  // it works offline from the cached page.
  const openTask = useCallback((id: number | null) => {
    window.history.pushState(null, '', id ? `?task=${id}` : window.location.pathname);
  }, []);

  async function signOut() {
    try {
      await api('logout', { method: 'POST' });
      await forgetWorkerPageCopy().catch(() => undefined);
      router.replace('/app/signed-out');
    } catch {
      toast.error(t('signOutFailed'));
    }
  }

  const pending = data.queue.length;
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="sticky top-0 z-10 flex items-center gap-2 border-b border-slate-200 bg-white px-3 py-1">
        {openTaskId ? (
          <button type="button" onClick={() => openTask(null)} className={`${touchTarget} -ml-2 px-2`} aria-label={t('back')}>
            <ArrowLeft size={22} aria-hidden />
          </button>
        ) : null}
        <h1 className="flex-1 truncate text-base font-semibold">{openTaskId ? t('taskTitle') : t('title')}</h1>
        {officeUser ? (
          <Link href="/app/main" className={`${touchTarget} px-2 text-sm text-brand`} aria-label={t('console')}>
            <MonitorSmartphone size={20} aria-hidden />
          </Link>
        ) : null}
        <button type="button" onClick={() => void signOut()} className={`${touchTarget} gap-1 px-2 text-sm text-slate-700`}>
          <LogOut size={18} aria-hidden /> {t('signOut')}
        </button>
      </header>
      {!online ? (
        <p role="status" className="flex items-center gap-2 bg-amber-100 px-3 py-2 text-sm text-amber-900">
          <WifiOff size={16} aria-hidden /> {t('offline')}
        </p>
      ) : null}
      {pending > 0 ? (
        <p role="status" aria-label={t('pendingLabel')} className="bg-sky-50 px-3 py-2 text-sm text-sky-900">
          {t('pending', { count: pending })}
        </p>
      ) : null}
      {data.offlineCopyFrom ? (
        <p className="px-3 pt-2 text-xs text-slate-500">
          {t('offlineCopy', { time: formatInstant(data.offlineCopyFrom, clock) })}
        </p>
      ) : null}
      <LocationPanel location={location} inProgress={inProgress} />
      <main className="flex-1 px-3 pb-8">
        {openTaskId ? (
          <WorkerTaskDetail key={openTaskId} taskId={openTaskId} data={data} online={online} />
        ) : (
          <WorkerTaskList tasks={data.tasks} queue={data.queue} tenantTimeZone={tenantTimeZone} onOpen={openTask} />
        )}
      </main>
      {user.firstLogin ? <FirstLoginModal /> : null}
    </div>
  );
}
