'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { DialogActions } from '@/components/ui/dialog-actions';
import { Field, selectClass } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { useCancellationReasonName } from '@/lib/client/cancellation-reason-name';
import type { CancellationReasonView } from '@/lib/contract/reference-data';

/** Cancelling asks for an optional reason among the tenant's live reasons (the list arrives without deleted ones). */
export function CancelTaskDialog({
  open,
  reasons,
  onConfirm,
  onClose,
}: {
  open: boolean;
  reasons: CancellationReasonView[];
  onConfirm: (reasonId: number | null) => void;
  onClose: () => void;
}) {
  const t = useTranslations('taskDrawer');
  const [reasonId, setReasonId] = useState('');
  const reasonName = useCancellationReasonName();
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('cancelTitle')}
      width={420}
      footer={
        <DialogActions
          cancelLabel={t('keepTask')}
          onCancel={onClose}
          confirmLabel={t('confirmCancel')}
          onConfirm={() => onConfirm(reasonId ? Number(reasonId) : null)}
        />
      }
    >
      <Field label={t('cancelReason')}>
        <select
          className={selectClass}
          value={reasonId}
          onChange={(event) => setReasonId(event.target.value)}
        >
          <option value="">{t('noReason')}</option>
          {reasons.map((reason) => (
            <option key={reason.id} value={reason.id}>
              {reasonName(reason.name)}
            </option>
          ))}
        </select>
      </Field>
    </Modal>
  );
}
