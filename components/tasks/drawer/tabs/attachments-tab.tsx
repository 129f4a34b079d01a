'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { TaskFileView } from '@/lib/contract/task-files';
import { DescriptionDialog } from '../attachments/description-dialog';
import { imageProblem } from '../attachments/file-urls';
import { FileTable } from '../attachments/file-table';
import { PreviewModal } from '../attachments/preview-modal';
import { UploadForm } from '../attachments/upload-form';
import { refusalOf, useTaskFiles } from '../attachments/use-task-files';
import type { TaskTabProps } from './tab-props';

/** Spec 01 §2 tab 2: the task's files; a cancelled task's are read-only (no upload, replace, edit or delete). */
export function AttachmentsTab({ task, readOnly, reloadTask }: TaskTabProps) {
  const t = useTranslations('taskFiles');
  const { files, failed, upload, replace, describe, remove } = useTaskFiles(task.id, reloadTask);
  const [previewing, setPreviewing] = useState<TaskFileView | null>(null);
  const [editing, setEditing] = useState<TaskFileView | null>(null);
  const [deleting, setDeleting] = useState<TaskFileView | null>(null);

  /** Spec 01 §8: a failed edit or delete is a warning; a refusal the tab knows says why. */
  const warn = (error: unknown, fallback: 'editFailed' | 'deleteFailed') => {
    const refusal = refusalOf(error);
    toast.warning(t(refusal === 'uploadFailed' ? fallback : refusal));
  };

  const replaceWith = async (file: TaskFileView, replacement: File) => {
    const problem = imageProblem(replacement);
    if (problem) {
      toast.error(t(problem));
      return;
    }
    try {
      await replace(file.id, replacement);
      toast.success(t('replaced', { name: replacement.name }));
    } catch (error) {
      warn(error, 'editFailed');
    }
  };

  const saveDescription = async (file: TaskFileView, description: string) => {
    try {
      await describe(file.id, description);
      setEditing(null);
      toast.success(t('descriptionSaved'));
    } catch (error) {
      warn(error, 'editFailed');
    }
  };

  const confirmDelete = async (file: TaskFileView) => {
    setDeleting(null);
    try {
      await remove(file.id);
      toast.success(t('deleted', { name: file.filename }));
    } catch (error) {
      warn(error, 'deleteFailed');
    }
  };

  return (
    <section aria-label={t('title')}>
      {readOnly ? <p className="mb-3 text-sm text-slate-600">{t('readOnly')}</p> : <UploadForm onUpload={upload} />}
      {failed ? <p role="alert" className="text-sm text-red-600">{t('loadFailed')}</p> : null}
      {files === null && !failed ? <p className="text-sm text-slate-500">{t('loading')}</p> : null}
      {files ? (
        <FileTable
          files={files}
          readOnly={readOnly}
          onPreview={setPreviewing}
          onReplace={(file, replacement) => void replaceWith(file, replacement)}
          onEdit={setEditing}
          onDelete={setDeleting}
        />
      ) : null}
      {previewing ? <PreviewModal file={previewing} onClose={() => setPreviewing(null)} /> : null}
      {editing ? (
        <DescriptionDialog
          file={editing}
          onSave={(description) => saveDescription(editing, description)}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('deleteTitle')}
        message={t('deleteMessage', { name: deleting?.filename ?? '' })}
        confirmLabel={t('delete')}
        cancelLabel={t('cancel')}
        onConfirm={() => deleting && void confirmDelete(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
