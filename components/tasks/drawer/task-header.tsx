'use client';

import { Ban, Printer, TriangleAlert } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { toast } from 'sonner';
import { BillingStatusTag, TaskStatusTag } from '@/components/tasks/status-tags';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ApiError, api } from '@/lib/client/api';
import { useCancellationReasonName } from '@/lib/client/cancellation-reason-name';
import type { CancellationReasonView } from '@/lib/contract/reference-data';
import { customFieldIdsOf, problemTexts } from '@/lib/client/task-form/problems';
import { useErrorText } from '@/lib/client/error-text';
import { BillingStatus, TaskErrorCode, TaskStatus, type TaskView } from '@/lib/contract/tasks';
import { CancelTaskDialog } from './cancel-task-dialog';
import { seriesCancelPath, useSeriesChoice } from './recurrence/series-choice';
import { ReportPreview } from './report-preview';
import { StatusMenu } from './status-menu';

type PendingChange = { kind: 'status' | 'billing' | 'reset'; id: number };

const openStatuses = [TaskStatus.pending, TaskStatus.inProgress, TaskStatus.paused, TaskStatus.completed];
const allBillingStatuses = [BillingStatus.pending, BillingStatus.notInvoiceable, BillingStatus.invoiced, BillingStatus.cancelled];

/**
 * Spec 01 §4: the status menu offers every status but cancelled (cancelling has its own action with a reason); a
 * cancelled task offers only pending, through the reset call, and only billing status pending.
 */
export function TaskHeader({
  task,
  reasons,
  onChanged,
  onStale,
  onMissingFields,
}: {
  task: TaskView;
  reasons: CancellationReasonView[];
  onChanged: (task: TaskView) => void;
  onStale: () => void;
  /** Completion was refused for these empty required custom fields (spec 01 §4). */
  onMissingFields: (customFieldIds: number[]) => void;
}) {
  const t = useTranslations('taskDrawer');
  const tTask = useTranslations('statuses.task');
  const tBilling = useTranslations('statuses.billing');
  const reasonName = useCancellationReasonName();
  const errorText = useErrorText();
  const [pending, setPending] = useState<PendingChange | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const seriesChoice = useSeriesChoice();
  const [printing, setPrinting] = useState(false);
  const cancelled = task.cancelled !== null;
  const statusChoices = cancelled ? [TaskStatus.pending] : openStatuses.filter((id) => id !== task.statusId);
  const billingChoices = (cancelled ? [BillingStatus.pending] : allBillingStatuses).filter((id) => id !== task.billingStatusId);

  async function run(call: () => Promise<TaskView>, success: string) {
    try {
      onChanged(await call());
      toast.success(success);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        toast.warning(t('stale'));
        onStale();
      } else if (error instanceof ApiError && error.code === TaskErrorCode.requiredCustomFields) {
        onMissingFields(customFieldIdsOf(error.fields));
      } else if (error instanceof ApiError && (error.status === 400 || error.status === 422)) {
        const details = problemTexts(error.fields, errorText);
        toast.error(`${t('statusFailed')} ${details.length > 0 ? details.join(' ') : errorText(error)}`);
      } else {
        toast.error(t('statusFailed'));
      }
    }
  }

  function apply(change: PendingChange) {
    setPending(null);
    const updated = task.updated;
    const quiet = { quietStatuses: [400, 422] };
    if (change.kind === 'reset') {
      void run(() => api<TaskView>(`tasks/reset/${task.id}`, { method: 'PUT', json: { updated }, ...quiet }), t('taskReset'));
    } else {
      const json = change.kind === 'status' ? { statusId: change.id, updated } : { billingStatusId: change.id, updated };
      void run(() => api<TaskView>(`tasks/${task.id}`, { method: 'PUT', json, ...quiet }), t('statusChanged'));
    }
  }

  async function cancelTask(reason: number | null) {
    setCancelling(false);
    const scope = await seriesChoice.ask(task, 'cancel');
    if (scope === null) return;
    void run(
      () => api<TaskView>(seriesCancelPath(task.id, scope), { method: 'POST', json: { reason, updated: task.updated }, quietStatuses: [422] }),
      t('taskCancelled'),
    );
  }

  const pendingName = pending ? (pending.kind === 'billing' ? tBilling(String(pending.id) as '1') : tTask(String(pending.id) as '1')) : '';
  const pendingMessage = !pending
    ? ''
    : pending.kind === 'reset'
      ? t('confirmReset', { status: pendingName })
      : t(pending.kind === 'status' ? 'confirmStatus' : 'confirmBilling', { status: pendingName });

  return (
    <div className="mb-4 flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        {/* Both tags can read 'Pending': a small caption above each says which status it is. */}
        <div className="flex flex-col items-start">
          <span className="px-1 text-xs font-medium text-slate-500">{t('statusLabel')}</span>
          <StatusMenu
            label={t('statusLabel')}
            tag={<TaskStatusTag statusId={task.statusId} />}
            choices={statusChoices}
            choiceName={(id) => tTask(String(id) as '1')}
            renderChoice={(id) => <TaskStatusTag statusId={id} />}
            onChoose={(id) => setPending({ kind: cancelled ? 'reset' : 'status', id })}
          />
        </div>
        <div className="flex flex-col items-start">
          <span className="px-1 text-xs font-medium text-slate-500">{t('billingLabel')}</span>
          <StatusMenu
            label={t('billingLabel')}
            tag={<BillingStatusTag billingStatusId={task.billingStatusId} />}
            choices={billingChoices}
            choiceName={(id) => tBilling(String(id) as '1')}
            renderChoice={(id) => <BillingStatusTag billingStatusId={id} />}
            onChoose={(id) => setPending({ kind: 'billing', id })}
          />
        </div>
        <div className="ml-auto flex items-center gap-1">
          {cancelled ? null : (
            <button
              type="button"
              onClick={() => setCancelling(true)}
              className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm text-red-700 hover:bg-red-50"
            >
              <Ban size={16} aria-hidden />
              {t('cancelTask')}
            </button>
          )}
          <button
            type="button"
            onClick={() => setPrinting(true)}
            aria-label={t('print')}
            title={t('print')}
            className="rounded-md p-1.5 text-slate-600 hover:bg-slate-100"
          >
            <Printer size={18} aria-hidden />
          </button>
        </div>
      </div>
      {cancelled ? (
        <div role="alert" className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <TriangleAlert size={16} aria-hidden className="mt-0.5 shrink-0" />
          <span>{t('cancelledBanner', { reason: task.cancellationReason === null ? '-' : reasonName(task.cancellationReason) })}</span>
        </div>
      ) : null}
      <ConfirmDialog
        open={pending !== null}
        title={t('confirmTitle')}
        message={pendingMessage}
        confirmLabel={t('continue')}
        cancelLabel={t('cancel')}
        onConfirm={() => pending && apply(pending)}
        onCancel={() => setPending(null)}
      />
      <CancelTaskDialog open={cancelling} reasons={reasons} onConfirm={(reason) => void cancelTask(reason)} onClose={() => setCancelling(false)} />
      {seriesChoice.modal}
      <ReportPreview open={printing} taskId={task.id} referenceNumber={task.referenceNumber} onClose={() => setPrinting(false)} />
    </div>
  );
}
