'use client';

import { LoaderCircle, Undo2 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { DialogActions } from '@/components/ui/dialog-actions';
import { Modal } from '@/components/ui/modal';
import { refusesInvalidFields } from '@/lib/client/form-validity';
import { todayIn } from '@/lib/contract/zoned-time';
import { canConfirm, isAfterToday } from './modal-rules';
import { ResultStep } from './result-step';
import { SummaryStep } from './summary-step';
import { useRun } from './use-run';
import { useSummary } from './use-summary';

/** While the solver runs (up to about five seconds): a bar that moves, and words saying it takes a moment. */
function Progress() {
  const t = useTranslations('autoSchedule');
  return (
    <div className="space-y-2 text-sm" data-testid="auto-schedule-progress">
      <p role="status" className="flex items-center gap-2 text-slate-700">
        <LoaderCircle size={16} aria-hidden className="animate-spin" />
        {t('running')}
      </p>
      <div role="progressbar" aria-label={t('runningLabel')} className="h-1.5 overflow-hidden rounded-full bg-slate-200">
        <div className="h-full w-1/3 animate-pulse rounded-full bg-brand" />
      </div>
    </div>
  );
}

/**
 * The auto-schedule modal of spec 02 §2.2: pick a day after today, see what would be placed, confirm, then see
 * what was placed and what was not, and take it back with Undo. `onChanged` runs after a run or an undo changed
 * tasks, for the board to read its range again.
 */
export function AutoScheduleModal({ timeZone, onClose, onChanged }: { timeZone: string; onClose: () => void; onChanged: () => void }) {
  const t = useTranslations('autoSchedule');
  const tErrors = useTranslations('errors');
  // Today in the tenant's zone, as the server judges the date; the server still refuses a stale one (a modal left
  // open past midnight) and the same warning shows.
  const [today] = useState(() => todayIn(timeZone));
  const [date, setDate] = useState('');
  const [reloadKey, setReloadKey] = useState(0);
  const { state: run, apply, undo, clearProblem } = useRun(onChanged);
  const dateRef = useRef<HTMLDivElement>(null);
  const acceptedDate = date && isAfterToday(date, today) ? date : '';
  const summary = useSummary(acceptedDate, reloadKey);

  const refusedHere = date !== '' && acceptedDate === '';
  const refusedByServer =
    (summary.kind === 'failed' && summary.problem === 'dateNotAfterToday') || (run.phase === 'choose' && run.problem === 'dateNotAfterToday');
  const dateWarning = refusedHere || refusedByServer ? tErrors('autoSchedule.dateNotAfterToday') : undefined;
  const loaded = summary.kind === 'loaded' ? summary.summary : null;
  const running = run.phase === 'running';
  const undoRunning = run.phase === 'result' && run.undo.kind === 'running';

  const chooseDate = (next: string) => {
    setDate(next);
    if (run.phase === 'choose' && run.problem) clearProblem();
  };

  const confirm = async () => {
    // A mistyped day keeps the last accepted one behind an error: the run waits for the box to hold a real day.
    if (refusesInvalidFields(dateRef.current)) return;
    const problem = await apply(acceptedDate);
    // Someone else's run, or a failure midway, may have placed some of the listed tasks: the list is read again.
    if (problem && problem !== 'dateNotAfterToday') setReloadKey((key) => key + 1);
  };

  const footer =
    run.phase === 'result' ? (
      <>
        {run.result.runId !== null ? (
          <Button
            variant="secondary"
            onClick={() => void undo(run.result)}
            disabled={undoRunning || run.undo.kind === 'done' || (run.undo.kind === 'failed' && run.undo.problem.kind !== 'failed')}
          >
            <Undo2 size={16} aria-hidden />
            {t('undo.button')}
          </Button>
        ) : null}
        <Button onClick={onClose} disabled={undoRunning}>
          {t('close')}
        </Button>
      </>
    ) : (
      <DialogActions
        cancelLabel={t('cancel')}
        onCancel={onClose}
        cancelDisabled={running}
        confirmLabel={
          <>
            {running ? <LoaderCircle size={16} aria-hidden className="animate-spin" /> : null}
            {t('confirm')}
          </>
        }
        onConfirm={() => void confirm()}
        confirmDisabled={running || !canConfirm(acceptedDate, loaded)}
      />
    );

  return (
    <Modal open onClose={onClose} title={t('title')} width={720} footer={footer} dismissible={!running && !undoRunning}>
      <div data-testid="auto-schedule-modal">
        {run.phase === 'result' ? (
          <ResultStep result={run.result} undo={run.undo} />
        ) : (
          <div ref={dateRef} className="space-y-3">
            <SummaryStep date={date} onDateChange={chooseDate} dateWarning={dateWarning} state={summary} disabled={running} />
            {running ? <Progress /> : null}
            {run.phase === 'choose' && (run.problem === 'alreadyRunning' || run.problem === 'failed') ? (
              <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
                {t(`problems.${run.problem}`)}
              </p>
            ) : null}
          </div>
        )}
      </div>
    </Modal>
  );
}
