'use client';

import { useLocale, useTranslations } from 'next-intl';
import { DataTable } from '@/components/ui/data-table';
import { formatDate } from '@/lib/client/date-input';
import type { AutoScheduleResult } from '@/lib/contract/auto-schedule';
import { PagedTaskTable } from './paged-task-table';
import type { UndoState } from './use-run';

const cellClass = 'border-b border-slate-100 px-3 py-1.5 text-left';

function WorkersTable({ result }: { result: AutoScheduleResult }) {
  const t = useTranslations('autoSchedule.result');
  return (
    <DataTable
      label={t('workersTable')}
      rows={result.workers}
      columns={[
        { id: 'worker', header: t('worker'), className: 'text-slate-900', cell: (worker) => `${worker.name} ${worker.surname}`.trim() },
        { id: 'tasksPlaced', header: t('tasksPlaced'), headerClassName: 'text-right', className: 'text-right tabular-nums', cell: (worker) => worker.tasksPlaced },
        {
          id: 'travel',
          header: t('travel'),
          headerClassName: 'text-right',
          className: 'text-right tabular-nums',
          cell: (worker) => t('travelMinutes', { minutes: worker.travelMinutes }),
        },
      ]}
      rowId={(worker) => worker.id}
      className="w-full border-collapse text-sm"
      headClassName="bg-slate-50 text-xs font-semibold text-slate-600 uppercase"
      headerCellClassName={cellClass}
      cellClassName={cellClass}
    />
  );
}

function UndoOutcome({ undo }: { undo: UndoState }) {
  const t = useTranslations('autoSchedule.undo');
  if (undo.kind === 'running') {
    return (
      <p role="status" className="text-slate-600">
        {t('running')}
      </p>
    );
  }
  if (undo.kind === 'done') {
    return (
      <p role="status" data-testid="auto-schedule-undone" className="rounded-md border border-emerald-300 bg-emerald-50 px-3 py-2 text-emerald-900">
        {t('done', { count: undo.restoredCount })}
      </p>
    );
  }
  if (undo.kind !== 'failed') return null;
  const { problem } = undo;
  return (
    <div role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-red-800">
      {problem.kind === 'changedSince' ? (
        <>
          <p>{t('changedSince', { count: problem.tasks.length })}</p>
          <ul className="mt-1 list-disc pl-5">
            {problem.tasks.map((task) => (
              <li key={task.id}>
                #{task.referenceNumber} {task.title}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>{t(problem.kind)}</p>
      )}
    </div>
  );
}

/**
 * Step two: what the run did. How many tasks it placed, each worker's share and travel, the tasks it could not place
 * with a reason a dispatcher can act on, a notice when the router failed and straight lines stood in for it, and
 * how the undo went.
 */
export function ResultStep({ result, undo }: { result: AutoScheduleResult; undo: UndoState }) {
  const t = useTranslations('autoSchedule.result');
  const language = useLocale();
  const notPlaced = result.notPlaced.map((task) => ({ ...task, note: t(`reasons.${task.reason}`) }));
  return (
    <div className="space-y-3 text-sm" data-testid="auto-schedule-result">
      <p role="status" className="font-medium text-slate-900">
        {t('placed', { count: result.placedCount, date: formatDate(result.date, language) })}
        {result.placedCount > 0 && notPlaced.length === 0 ? ` ${t('allPlaced')}` : null}
      </p>
      {result.routerFailed ? (
        <p role="alert" data-testid="auto-schedule-router-failed" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-900">
          {t('routerFailed')}
        </p>
      ) : null}
      {result.workers.length > 0 ? (
        <section className="space-y-1">
          <h3 className="font-medium text-slate-900">{t('workersHeading')}</h3>
          <WorkersTable result={result} />
        </section>
      ) : null}
      {notPlaced.length > 0 ? (
        <section className="space-y-1">
          <h3 className="font-medium text-slate-900">{t('notPlacedHeading', { count: notPlaced.length })}</h3>
          <PagedTaskTable label={t('notPlacedTable')} rows={notPlaced} noteHeading={t('reason')} />
        </section>
      ) : null}
      <UndoOutcome undo={undo} />
    </div>
  );
}
