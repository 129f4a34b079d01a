'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { BillingStatusTag, TaskStatusTag } from '@/components/tasks/status-tags';
import { useCancellationReasonName } from '@/lib/client/cancellation-reason-name';
import {
  describeLogEntry,
  detailLines,
  formatInstant,
  type ClockPreferences,
  type LoggedStatus,
} from '@/lib/client/task-history/log-format';
import { isKnownLogAction, type LogEntryView } from '@/lib/contract/task-history';

const empty = '—';

function Change({ from, to }: { from: ReactNode; to: ReactNode }) {
  return (
    <span className="inline-flex max-w-full min-w-0 flex-wrap items-center gap-1">
      {from}
      <span aria-hidden className="text-slate-400">→</span>
      <span className="sr-only">,</span>
      {to}
    </span>
  );
}

function Status({ value, billing }: { value: LoggedStatus; billing?: boolean }) {
  if ('id' in value) return billing ? <BillingStatusTag billingStatusId={value.id} /> : <TaskStatusTag statusId={value.id} />;
  return <span>{value.text ?? empty}</span>;
}

/** What changed: statuses as their tags, detail edits as "field: old → new" lines, other values as text. */
function EntryBody({ entry, clock }: { entry: LogEntryView; clock: ClockPreferences }) {
  const t = useTranslations('taskHistory');
  const reasonName = useCancellationReasonName();
  const description = describeLogEntry(entry);
  switch (description.kind) {
    case 'created':
      return description.referenceNumber ? <span>{t('createdNumber', { referenceNumber: description.referenceNumber })}</span> : null;
    case 'taskStatus':
      return <Change from={<Status value={description.from} />} to={<Status value={description.to} />} />;
    case 'billingStatus':
      return <Change from={<Status value={description.from} billing />} to={<Status value={description.to} billing />} />;
    case 'cancel':
      return (
        <span className="flex flex-col gap-1">
          <Change from={<Status value={description.from} />} to={<Status value={{ id: 5 }} />} />
          <span>{t('reason', { reason: description.reason === null ? empty : reasonName(description.reason) })}</span>
        </span>
      );
    case 'details': {
      const lines = detailLines(description.changes, clock, {
        fieldLabel: (field) => t(`fields.${field}`),
        customFieldLabel: (id) => t('fields.customField', { id: id ?? '' }),
        minutes: (minutes) => t('minutes', { minutes }),
      });
      return (
        <ul className="flex flex-col gap-0.5">
          {lines.map((line, index) => (
            <li key={index}>
              <span className="font-medium">{line.label}:</span> <Change from={<span>{line.from ?? empty}</span>} to={<span>{line.to ?? empty}</span>} />
            </li>
          ))}
        </ul>
      );
    }
    case 'values': {
      const { from, to } = description;
      if (from !== null && to !== null) return <Change from={<span className="whitespace-pre-wrap">{from}</span>} to={<span className="whitespace-pre-wrap">{to}</span>} />;
      const only = to ?? from;
      return only === null ? null : <span className="whitespace-pre-wrap">{only}</span>;
    }
  }
}

/** One entry of the activity log: who, when, what they did and the values it changed. */
export function LogEntry({ entry, clock }: { entry: LogEntryView; clock: ClockPreferences }) {
  const t = useTranslations('taskHistory');
  const label = isKnownLogAction(entry.action) ? t(`actions.${entry.action}`) : t('actions.other', { action: entry.action });
  return (
    // Overflow-wrap "anywhere" is inherited and, unlike "break-word", lets a flex item shrink below its longest word:
    // a 3,000-character note with no space wraps inside the drawer instead of widening it.
    <li className="flex min-w-0 flex-col gap-1 border-b border-slate-100 py-2 text-sm wrap-anywhere last:border-0">
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-xs text-slate-500">
        <span>{entry.userName ?? t('system')}</span>
        <time dateTime={entry.created}>{formatInstant(entry.created, clock)}</time>
      </div>
      <p className="font-medium text-slate-900">{label}</p>
      <div className="text-slate-700">
        <EntryBody entry={entry} clock={clock} />
      </div>
    </li>
  );
}
