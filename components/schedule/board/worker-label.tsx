'use client';

import { Route } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { memo } from 'react';
import { WorkerAvatar } from '@/components/working-hours/working-template/worker-avatar';
import type { BoardWorker } from '@/lib/contract/schedule-board';

/** A row's head: the worker's picture (initials without one), their name, and the button to their route map. */
export const WorkerLabel = memo(function WorkerLabel({
  worker,
  onRouteClick,
}: {
  worker: BoardWorker;
  onRouteClick: (worker: BoardWorker) => void;
}) {
  const t = useTranslations('schedule.grid');
  const name = `${worker.name} ${worker.surname}`.trim();
  return (
    <div className="flex h-12 items-center gap-2 pr-1" data-testid="board-worker" data-worker-id={worker.id}>
      <WorkerAvatar userId={worker.id} name={worker.name} surname={worker.surname} profilePictureId={worker.profilePictureId} />
      <span className="min-w-0 flex-1 truncate text-sm text-slate-800" title={name}>
        {name}
      </span>
      <button
        type="button"
        className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-brand"
        aria-label={t('route', { name })}
        title={t('route', { name })}
        onClick={() => onRouteClick(worker)}
      >
        <Route size={16} aria-hidden />
      </button>
    </div>
  );
});
