'use client';

import { useTranslations } from 'next-intl';
import { TaskStatusTag } from '@/components/tasks/status-tags';
import { formatInstant, type ClockPreferences } from '@/lib/client/task-history/log-format';
import type { TimelineItem } from '@/lib/contract/task-history';

/** Each status the task entered, oldest first, with who moved it and when. */
export function StatusHistory({ items, clock }: { items: readonly TimelineItem[]; clock: ClockPreferences }) {
  const t = useTranslations('taskHistory');
  if (items.length === 0) return <p className="text-sm text-slate-500">{t('noStatuses')}</p>;
  return (
    <ol className="flex flex-col gap-2 border-l-2 border-slate-200 pl-4">
      {items.map((item, index) => (
        <li key={`${item.date}-${index}`} className="flex flex-wrap items-center gap-2 text-sm">
          <TaskStatusTag statusId={item.statusId} />
          <span className="text-slate-700">{item.userName ?? t('system')}</span>
          <time dateTime={item.date} className="text-slate-500">
            {formatInstant(item.date, clock)}
          </time>
        </li>
      ))}
    </ol>
  );
}
