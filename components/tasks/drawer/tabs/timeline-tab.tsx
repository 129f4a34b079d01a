'use client';

import { useTranslations } from 'next-intl';
import { LogEntry } from '../history/log-entry';
import { StatusHistory } from '../history/status-history';
import { useClock } from '@/lib/client/use-clock';
import { loadHistory } from '../history/load-history';
import { LoadFailed } from './load-failed';
import type { TaskTabProps } from './tab-props';
import { useTaskResource } from './use-task-resource';

/** Timeline tab (spec 01 §2, "the activity log"): the status history, then every logged change, newest first. */
export function TimelineTab({ task }: TaskTabProps) {
  const t = useTranslations('taskHistory');
  const clock = useClock();
  // Read again whenever the task's `updated` moves, so a change made in the header or another tab shows up at once.
  const { data: history, failed, reload } = useTaskResource('history', loadHistory, task.id, task.updated);
  if (failed) return <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void reload()} />;
  if (!history) return <p className="text-sm text-slate-500">{t('loading')}</p>;
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="task-status-history" className="flex flex-col gap-2">
        <h3 id="task-status-history" className="text-sm font-semibold text-slate-900">
          {t('statusHistory')}
        </h3>
        <StatusHistory items={history.timeline} clock={clock} />
      </section>
      <section aria-labelledby="task-activity-log" className="flex flex-col gap-2">
        <h3 id="task-activity-log" className="text-sm font-semibold text-slate-900">
          {t('activityLog')}
        </h3>
        {history.logs.length === 0 ? (
          <p className="text-sm text-slate-500">{t('noEntries')}</p>
        ) : (
          <ul>
            {history.logs.map((entry) => (
              <LogEntry key={entry.id} entry={entry} clock={clock} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
