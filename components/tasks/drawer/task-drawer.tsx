'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Drawer } from '@/components/ui/drawer';
import { api } from '@/lib/client/api';
import type { TaskView } from '@/lib/contract/tasks';
import { TaskForm } from './task-form';
import { TaskHeader } from './task-header';
import { useReferenceData } from './use-reference-data';

export type DrawerTarget = { mode: 'new'; typeId?: number; clientId?: number } | { mode: 'task'; id: number };

/** The task drawer (spec 01 §2): the add form with no task, else the task's header and its Details tab. */
export function TaskDrawer({
  target,
  mapStyleUrl,
  onClose,
  onCreated,
}: {
  target: DrawerTarget;
  mapStyleUrl: string | null;
  onClose: () => void;
  onCreated: (task: TaskView) => void;
}) {
  const t = useTranslations('taskDrawer');
  const formId = useId();
  const { data: reference, failed, setData: setReference } = useReferenceData(true);
  const [task, setTask] = useState<TaskView | null>(null);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [askDiscard, setAskDiscard] = useState(false);
  const taskId = target.mode === 'task' ? target.id : null;

  // The form is rebuilt from the task when this changes, throwing its edits away; otherwise it keeps them.
  const [formGeneration, setFormGeneration] = useState(0);
  const rebuildForm = useCallback(() => setFormGeneration((generation) => generation + 1), []);

  /** Reads the task again; `keepEdits` rebases the form's unsaved edits on it instead of discarding them. */
  const loadTask = useCallback(async (keepEdits = false) => {
    if (taskId === null) return;
    try {
      setTask(await api<TaskView>(`tasks/${taskId}`));
      if (!keepEdits) rebuildForm();
    } catch {
      // Spec 01 §2: if the task cannot be read, the drawer closes.
      toast.error(t('loadFailed'));
      onClose();
    }
  }, [taskId, onClose, t, rebuildForm]);

  useEffect(() => {
    // The task is read from the server whenever the drawer points at another one.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void loadTask();
  }, [loadTask]);

  useEffect(() => {
    if (failed) onClose();
  }, [failed, onClose]);

  const requestClose = () => (dirty ? setAskDiscard(true) : onClose());
  const ready = reference !== null && (taskId === null || task?.id === taskId);
  const typeName = task ? task.type.type : '';
  const title = target.mode === 'new' ? t('addTitle') : task ? `${t('taskTitle', { referenceNumber: task.referenceNumber })} · ${typeName}` : t('loading');
  const readOnly = task?.cancelled != null;

  return (
    <>
      <Drawer
        open
        onClose={requestClose}
        title={title}
        width={500}
        closeLabel={t('close')}
        footer={
          ready && !readOnly ? (
            <>
              <Button variant="secondary" onClick={requestClose}>
                {t('cancel')}
              </Button>
              <Button type="submit" form={formId} disabled={busy}>
                {busy ? t('saving') : t('save')}
              </Button>
            </>
          ) : null
        }
      >
        {!ready ? (
          <p className="text-sm text-slate-500">{t('loading')}</p>
        ) : (
          <>
            {task ? (
              <TaskHeader
                task={task}
                reasons={reference.reasons}
                onChanged={(next) => {
                  // A status or billing change must not cost the form its edits: the form takes the new task (and
                  // its `updated`, so its next save is not a false 409) and keeps what the user typed. A task
                  // just cancelled is read-only, so there is nothing left to keep.
                  setTask(next);
                  if (next.cancelled !== null) rebuildForm();
                }}
                onStale={() => void loadTask(true)}
              />
            ) : null}
            <div role="tablist" aria-label={t('detailsTab')} className="mb-4 flex border-b border-slate-200">
              <button type="button" role="tab" aria-selected className="-mb-px border-b-2 border-brand px-3 py-2 text-sm font-medium text-brand">
                {t('detailsTab')}
              </button>
            </div>
            <div role="tabpanel" aria-label={t('detailsTab')}>
              <TaskForm
                key={task ? `${task.id}-${formGeneration}` : 'new'}
                formId={formId}
                task={task}
                preset={target.mode === 'new' ? { typeId: target.typeId, clientId: target.clientId } : {}}
                reference={reference}
                mapStyleUrl={mapStyleUrl}
                onReferenceChange={setReference}
                onDirtyChange={setDirty}
                onBusyChange={setBusy}
                onSaved={(saved, created) => {
                  setDirty(false);
                  if (created) onCreated(saved);
                  else {
                    setTask(saved);
                    rebuildForm();
                  }
                }}
                onStale={() => void loadTask()}
              />
            </div>
          </>
        )}
      </Drawer>
      <ConfirmDialog
        open={askDiscard}
        title={t('unsavedTitle')}
        message={t('unsavedMessage')}
        confirmLabel={t('continue')}
        cancelLabel={t('cancel')}
        onConfirm={() => {
          setAskDiscard(false);
          onClose();
        }}
        onCancel={() => setAskDiscard(false)}
      />
    </>
  );
}
