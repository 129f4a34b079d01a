'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { toast } from 'sonner';
import { ActionModal, useBusyAction } from '@/components/ui/action-modal';
import { Field, selectClass } from '@/components/ui/field';
import { api } from '@/lib/client/api';
import { useCancellationReasonName } from '@/lib/client/cancellation-reason-name';
import type { CancellationReasonView } from '@/lib/contract/reference-data';
import { billingStatusCatalogue, TaskStatus, taskStatusCatalogue } from '@/lib/contract/statuses';
import type { BulkStatusBody, BulkStatusResult } from '@/lib/contract/tasks';

export type BulkStatusKind = 'task' | 'billing';


/** Sets one task or billing status on every ticked task; the answer says which tasks could not take it. */
export function BulkStatusModal({
  kind,
  taskIds,
  cancellationReasons,
  onClose,
  onDone,
}: {
  kind: BulkStatusKind;
  taskIds: readonly number[];
  cancellationReasons: readonly CancellationReasonView[];
  onClose: () => void;
  onDone: (result: BulkStatusResult, statusId: number) => void;
}) {
  const t = useTranslations('taskList.bulkStatus');
  const tStatus = useTranslations('statuses');
  const [statusId, setStatusId] = useState<number | null>(null);
  const [reasonId, setReasonId] = useState<number | null>(null);
  const reasonName = useCancellationReasonName();
  const [showError, setShowError] = useState(false);
  const [saving, runBusy] = useBusyAction();
  const catalogue = kind === 'task' ? taskStatusCatalogue : billingStatusCatalogue;
  const asksReason = kind === 'task' && statusId === TaskStatus.cancelled;

  const save = async () => {
    if (statusId === null) {
      setShowError(true);
      return;
    }
    const body: BulkStatusBody = {
      taskIds: [...taskIds],
      statusId,
      type: kind === 'task' ? 'task status' : 'billing status',
      cancellationReason: asksReason ? reasonId : null,
    };
    await runBusy(async () => {
      try {
        onDone(await api<BulkStatusResult>('tasks/update-status', { method: 'PATCH', json: body, quietStatuses: [400, 422] }), statusId);
      } catch {
        toast.error(t('failed'));
      }
    });
  };

  return (
    <ActionModal
      title={kind === 'task' ? t('titleTask') : t('titleBilling')}
      width={440}
      onClose={onClose}
      cancelLabel={t('cancel')}
      confirmLabel={t('save')}
      onConfirm={() => void save()}
      confirmDisabled={saving}
    >
      <div className="flex flex-col gap-4">
        <p className="text-sm text-slate-600">{t('selected', { count: taskIds.length })}</p>
        <Field label={t('status')} error={showError && statusId === null ? t('statusRequired') : undefined}>
          <select
            className={`${selectClass} ${showError && statusId === null ? 'border-red-500' : 'border-slate-300'}`}
            aria-required
            value={statusId ?? ''}
            onChange={(event) => setStatusId(event.target.value === '' ? null : Number(event.target.value))}
          >
            <option value="">{t('choose')}</option>
            {catalogue.map((status) => (
              <option key={status.id} value={status.id}>
                {tStatus(`${kind}.${status.id}` as 'task.1')}
              </option>
            ))}
          </select>
        </Field>
        {asksReason ? (
          <Field label={t('reason')}>
            <select
              className={`${selectClass} border-slate-300`}
              value={reasonId ?? ''}
              onChange={(event) => setReasonId(event.target.value === '' ? null : Number(event.target.value))}
            >
              <option value="">{t('noReason')}</option>
              {cancellationReasons.map((reason) => (
                <option key={reason.id} value={reason.id}>
                  {reasonName(reason.name)}
                </option>
              ))}
            </select>
          </Field>
        ) : null}
      </div>
    </ActionModal>
  );
}
