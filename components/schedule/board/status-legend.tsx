'use client';

import { useTranslations } from 'next-intl';
import { memo } from 'react';
import { Tag, type TagColour } from '@/components/ui/tag';
import { taskStatusCatalogue } from '@/lib/contract/statuses';

/** The task statuses as coloured tags, in the colours the bars use (spec 2.1), and the grey of time off. */
export const StatusLegend = memo(function StatusLegend({ showUnavailable }: { showUnavailable: boolean }) {
  const t = useTranslations('statuses.task');
  const tBoard = useTranslations('schedule.legend');
  return (
    <ul aria-label={tBoard('label')} className="flex flex-wrap items-center gap-1.5">
      {taskStatusCatalogue.map((entry) => (
        <li key={entry.id}>
          <Tag colour={entry.color as TagColour}>{t(String(entry.id) as '1')}</Tag>
        </li>
      ))}
      {showUnavailable ? (
        <li>
          <Tag colour="gray">{tBoard('unavailable')}</Tag>
        </li>
      ) : null}
    </ul>
  );
});
