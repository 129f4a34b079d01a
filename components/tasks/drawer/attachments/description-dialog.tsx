'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { DialogActions } from '@/components/ui/dialog-actions';
import { Modal } from '@/components/ui/modal';
import { taskFileLimits, type TaskFileView } from '@/lib/contract/task-files';

/** Edits one attachment's description, max 100 characters with a counter. */
export function DescriptionDialog({
  file,
  onSave,
  onClose,
}: {
  file: TaskFileView;
  onSave: (description: string) => Promise<void>;
  onClose: () => void;
}) {
  const t = useTranslations('taskFiles');
  const inputId = useId();
  const [text, setText] = useState(file.description ?? '');
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await onSave(text);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={t('editDescriptionOf', { name: file.filename })}
      width={440}
      footer={
        <DialogActions cancelLabel={t('cancel')} onCancel={onClose} confirmLabel={t('save')} onConfirm={() => void save()} confirmDisabled={busy} />
      }
    >
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-slate-700">
        {t('description')}
      </label>
      <textarea
        id={inputId}
        value={text}
        rows={3}
        maxLength={taskFileLimits.descriptionMax}
        onChange={(event) => setText(event.target.value)}
        className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm outline-none focus:ring-2 focus:ring-brand/40"
      />
      <p className="text-right text-xs text-slate-500">
        {t('counter', { count: text.length, max: taskFileLimits.descriptionMax })}
      </p>
    </Modal>
  );
}
