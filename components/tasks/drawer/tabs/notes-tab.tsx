'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { NoteView } from '@/lib/contract/task-notes';
import { useClock } from '@/lib/client/use-clock';
import { deleteNote, fetchNotes, noteFailure, postNote, putNote } from '../notes/note-calls';
import { NoteComposer } from '../notes/note-composer';
import { NotesTable } from '../notes/notes-table';
import { LoadFailed } from './load-failed';
import type { TaskTabProps } from './tab-props';
import { useTaskResource } from './use-task-resource';

/** Notes tab (spec 01 §2, §5, §8): add, edit and delete notes; a cancelled task only shows them. */
export function NotesTab({ task, readOnly, onTaskChanged, reloadTask }: TaskTabProps) {
  const t = useTranslations('taskNotes');
  const clock = useClock();
  // Newest first, as the server answers them; read again after each change of the tab's own.
  const { data: notes, failed, reload } = useTaskResource('notes', fetchNotes, task.id);
  const [page, setPage] = useState(1);
  const [deleting, setDeleting] = useState<NoteView | null>(null);

  /** Shows the warning for a failed note call; answers whether the note's editor should close. */
  const warn = (error: unknown, failedText: string): boolean => {
    const failure = noteFailure(error);
    if (failure === 'gone') {
      toast.warning(t('gone'));
      void reload();
      return true;
    }
    if (failure === 'cancelled') {
      // The task was cancelled meanwhile: the drawer reads it again and turns read-only.
      toast.warning(t('cancelledTask'));
      reloadTask();
      return true;
    }
    if (failure === 'failed') toast.warning(failedText);
    return false;
  };

  const add = async (text: string) => {
    try {
      const created = await postNote(task.id, text);
      toast.success(t('added'));
      onTaskChanged(created.task);
      setPage(1);
      await reload();
      return true;
    } catch (error) {
      if (noteFailure(error) === 'gone') toast.warning(t('addFailed'));
      else warn(error, t('addFailed'));
      return false;
    }
  };

  const save = async (note: NoteView, text: string) => {
    try {
      const edited = await putNote(task.id, note.id, text);
      toast.success(t('edited'));
      onTaskChanged(edited.task);
      await reload();
      return true;
    } catch (error) {
      return warn(error, t('editFailed'));
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    const note = deleting;
    setDeleting(null);
    try {
      const deleted = await deleteNote(task.id, note.id);
      toast.success(t('deleted'));
      onTaskChanged(deleted.task);
      await reload();
    } catch (error) {
      warn(error, t('deleteFailed'));
    }
  };

  return (
    <div className="flex flex-col gap-4">
      {readOnly ? (
        <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-600">{t('cancelledTask')}</p>
      ) : (
        <NoteComposer onAdd={add} />
      )}
      {failed ? (
        <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void reload()} />
      ) : notes === null ? (
        <p className="text-sm text-slate-500">{t('loading')}</p>
      ) : (
        <NotesTable
          notes={notes}
          page={page}
          onPage={setPage}
          readOnly={readOnly}
          clock={clock}
          onSave={save}
          onDelete={setDeleting}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('deleteTitle')}
        message={t('deleteMessage')}
        confirmLabel={t('deleteConfirm')}
        cancelLabel={t('cancel')}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
