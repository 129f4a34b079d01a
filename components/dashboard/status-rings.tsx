'use client';

import { useLocale, useTranslations } from 'next-intl';
import { objectState } from '@/lib/client/dashboard/slices';
import { useWidget } from '@/lib/client/dashboard/use-widget';
import type { TaskStatusAnalysisView } from '@/lib/contract/dashboard';
import { dateLocaleOf } from '@/lib/contract/date-locale';
import { TaskStatus } from '@/lib/contract/statuses';
import { WidgetFrame } from './widget-frame';

/** The status tags' colours (spec 01 §4: pending blue, in progress orange, paused violet, completed green, cancelled red). */
export const statusColours: Record<number, string> = {
  [TaskStatus.pending]: '#3b82f6',
  [TaskStatus.inProgress]: '#f97316',
  [TaskStatus.paused]: '#8b5cf6',
  [TaskStatus.completed]: '#22c55e',
  [TaskStatus.cancelled]: '#ef4444',
};

const rings: Array<{ statusId: number; field: keyof Omit<TaskStatusAnalysisView, 'total'> }> = [
  { statusId: TaskStatus.pending, field: 'pending' },
  { statusId: TaskStatus.inProgress, field: 'inProgress' },
  { statusId: TaskStatus.paused, field: 'paused' },
  { statusId: TaskStatus.completed, field: 'completed' },
  { statusId: TaskStatus.cancelled, field: 'cancelled' },
];

const readStatuses = (answer: unknown) =>
  objectState<TaskStatusAnalysisView>(answer, ['total', 'pending', 'inProgress', 'paused', 'completed', 'cancelled']);

const radius = 30;
const circumference = 2 * Math.PI * radius;

/** One ring: the arc is the status's share of all tasks, in the status colour, the percent in the middle. */
function Ring({ share, colour, text }: { share: number; colour: string; text: string }) {
  return (
    <svg viewBox="0 0 80 80" className="h-20 w-20" aria-hidden>
      <circle cx="40" cy="40" r={radius} fill="none" stroke="#e2e8f0" strokeWidth="8" />
      <circle
        cx="40"
        cy="40"
        r={radius}
        fill="none"
        stroke={colour}
        strokeWidth="8"
        strokeLinecap={share > 0 ? 'round' : 'butt'}
        strokeDasharray={`${share * circumference} ${circumference}`}
        transform="rotate(-90 40 40)"
      />
      <text x="40" y="45" textAnchor="middle" className="fill-slate-800 text-[13px] font-semibold">
        {text}
      </text>
    </svg>
  );
}

/** Task status analysis: a ring per status with its share of all live tasks (not tied to the period). */
export function StatusRingsWidget({ reload }: { reload: number }) {
  const t = useTranslations('dashboard.status');
  const statusName = useTranslations('statuses.task');
  const locale = dateLocaleOf(useLocale());
  const number = new Intl.NumberFormat(locale);
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
  const state = useWidget('dashboard/task-status-analysis', readStatuses, reload);
  return (
    <WidgetFrame title={t('title')} state={state} className="lg:col-span-2">
      {(data) => (
        <ul className="flex flex-wrap justify-around gap-4">
          {rings.map(({ statusId, field }) => {
            const share = data.total === 0 ? 0 : data[field] / data.total;
            const name = statusName(String(statusId) as '1');
            return (
              <li key={field} className="flex flex-col items-center gap-1" aria-label={t('ring', { status: name, count: number.format(data[field]), total: number.format(data.total), percent: percent.format(share) })}>
                <Ring share={share} colour={statusColours[statusId]} text={percent.format(share)} />
                <span className="text-sm font-medium text-slate-700">{name}</span>
                <span className="text-xs text-slate-500 tabular-nums">{t('count', { count: number.format(data[field]), total: number.format(data.total) })}</span>
              </li>
            );
          })}
        </ul>
      )}
    </WidgetFrame>
  );
}
