'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { DatePicker } from '@/components/ui/date-picker';
import type { AutoScheduleSummary } from '@/lib/contract/auto-schedule';
import { hoursAndMinutes, summaryNotices } from './modal-rules';
import { PagedTaskTable } from './paged-task-table';
import type { SummaryState } from './use-summary';

const templatesPath = '/app/main/working-hours/template';

function Notice({ tone, children, testId }: { tone: 'warning' | 'info'; children: ReactNode; testId?: string }) {
  const colours = tone === 'warning' ? 'border-amber-300 bg-amber-50 text-amber-900' : 'border-slate-200 bg-slate-50 text-slate-700';
  return (
    <div role={tone === 'warning' ? 'alert' : 'status'} data-testid={testId} className={`rounded-md border px-3 py-2 ${colours}`}>
      {children}
    </div>
  );
}

function LoadedSummary({ summary }: { summary: AutoScheduleSummary }) {
  const t = useTranslations('autoSchedule');
  const notices = summaryNotices(summary);
  return (
    <div className="space-y-3">
      {notices.includes('noWorkingHours') ? (
        <Notice tone="warning" testId="auto-schedule-no-working-hours">
          <p>{t('noWorkingHours')}</p>
          <Link href={templatesPath} className="font-medium text-brand underline">
            {t('openTemplates')}
          </Link>
        </Notice>
      ) : null}
      {notices.includes('noUnscheduled') ? <Notice tone="info">{t('noUnscheduled')}</Notice> : null}
      {notices.includes('nothingToSchedule') ? <Notice tone="info">{t('nothingToSchedule')}</Notice> : null}
      {summary.tasks.length > 0 ? (
        <section className="space-y-1">
          <h3 className="font-medium text-slate-900">{t('tasksHeading', { count: summary.tasks.length })}</h3>
          <PagedTaskTable label={t('tasksTable')} rows={summary.tasks} />
        </section>
      ) : null}
      <section className="space-y-1" aria-label={t('workersLabel')}>
        <h3 className="font-medium text-slate-900">{t('workersHeading', { count: summary.workers.length })}</h3>
        {summary.workers.length > 0 ? (
          <ul className="flex flex-wrap gap-1.5" data-testid="auto-schedule-workers">
            {summary.workers.map((worker) => (
              <li key={worker.id} className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs text-slate-700">
                {`${worker.name} ${worker.surname}`.trim()} · {t('freeTime', hoursAndMinutes(worker.freeMinutes))}
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </div>
  );
}

/**
 * Step one of spec 02 §2.2: the date (a day after today in the tenant's zone, else the spec's warning), then what a
 * run would do that day: the tasks it would place, paged by five, and the workers with free time.
 */
export function SummaryStep({
  date,
  onDateChange,
  dateWarning,
  state,
  disabled,
}: {
  date: string;
  onDateChange: (date: string) => void;
  /** The spec's 'The date must be greater than today.' when the chosen day is refused, by the modal or the server. */
  dateWarning: string | undefined;
  state: SummaryState;
  disabled: boolean;
}) {
  const t = useTranslations('autoSchedule');
  return (
    <div className="space-y-3 text-sm">
      <div className="w-56">
        <DatePicker label={t('date')} value={date} onChange={onDateChange} error={dateWarning} disabled={disabled} />
      </div>
      {state.kind === 'idle' && !dateWarning ? <p className="text-slate-600">{t('chooseDate')}</p> : null}
      {state.kind === 'loading' ? (
        <p role="status" className="text-slate-600">
          {t('loading')}
        </p>
      ) : null}
      {state.kind === 'failed' && state.problem === 'failed' ? (
        <p role="alert" className="text-red-700">
          {t('loadFailed')}
        </p>
      ) : null}
      {state.kind === 'loaded' ? <LoadedSummary summary={state.summary} /> : null}
    </div>
  );
}
