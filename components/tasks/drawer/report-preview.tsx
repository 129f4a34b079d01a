'use client';

import { Download } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { DialogActions } from '@/components/ui/dialog-actions';
import { Modal } from '@/components/ui/modal';
import { taskReportPath } from '@/lib/contract/task-report';

/** Spec 01 §2: the PDF report preview, A4 in a modal 900 wide, with a download of the same report. */
export function ReportPreview({
  open,
  taskId,
  referenceNumber,
  onClose,
}: {
  open: boolean;
  taskId: number;
  referenceNumber: number;
  onClose: () => void;
}) {
  const t = useTranslations('taskReport');
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('preview')}
      width={900}
      footer={
        <DialogActions
          cancelLabel={t('close')}
          onCancel={onClose}
          confirm={
            <a
              href={taskReportPath(taskId, true)}
              download={`task-${referenceNumber}.pdf`}
              className="inline-flex items-center justify-center gap-2 rounded-md bg-brand px-4 py-2 text-sm font-medium text-white hover:bg-brand-dark"
            >
              <Download size={16} aria-hidden />
              {t('download')}
            </a>
          }
        />
      }
    >
      {/* Mounted only while open: each opening renders the report afresh, with the task as it is now. */}
      {open ? (
        <iframe
          src={taskReportPath(taskId)}
          title={t('frameTitle', { referenceNumber })}
          className="h-[70vh] w-full rounded border border-slate-200 bg-slate-100"
        />
      ) : null}
    </Modal>
  );
}
