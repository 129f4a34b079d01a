'use client';

import { useTranslations } from 'next-intl';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { DialogActions } from '@/components/ui/dialog-actions';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Drawer } from '@/components/ui/drawer';
import { api } from '@/lib/client/api';
import { taskDrawerKeys } from '@/lib/client/query-keys';
import type { TaskView } from '@/lib/contract/tasks';
import { TaskForm } from './task-form';
import { TaskHeader } from './task-header';
import type { NewTaskPreset } from './form-values';
import type { FlaggedFields } from './use-flagged-fields';
import { AttachmentsTab } from './tabs/attachments-tab';
import { NotesTab } from './tabs/notes-tab';
import { RatingTab } from './tabs/rating-tab';
import { RecurringTab } from './tabs/recurring-tab';
import { SignatureTab } from './tabs/signature-tab';
import type { TaskTabProps } from './tabs/tab-props';
import { TimelineTab } from './tabs/timeline-tab';
import { useReferenceData } from './use-reference-data';

type TabKey = 'details' | 'attachments' | 'notes' | 'signature' | 'timeline' | 'recurring' | 'rating';

const otherTabs: { key: Exclude<TabKey, 'details'>; label: string; Panel: (props: TaskTabProps) => React.ReactNode }[] = [
  { key: 'attachments', label: 'attachmentsTab', Panel: AttachmentsTab },
  { key: 'notes', label: 'notesTab', Panel: NotesTab },
  { key: 'signature', label: 'signatureTab', Panel: SignatureTab },
  { key: 'timeline', label: 'timelineTab', Panel: TimelineTab },
  { key: 'recurring', label: 'recurringTab', Panel: RecurringTab },
  { key: 'rating', label: 'ratingTab', Panel: RatingTab },
];

/** `missingFieldIds`: the task opens on these empty required custom fields, flagged (a refused bulk completion). */
export type DrawerTarget = ({ mode: 'new' } & NewTaskPreset) | { mode: 'task'; id: number; missingFieldIds?: number[] };

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
  const { data: reference, failed, setData: setReference } = useReferenceData();
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [askDiscard, setAskDiscard] = useState(false);
  const [tab, setTab] = useState<TabKey>('details');
  const taskId = target.mode === 'task' ? target.id : null;
  const queryClient = useQueryClient();
  const taskQuery = useQuery({
    queryKey: taskDrawerKeys.task(taskId ?? 0),
    queryFn: () => api<TaskView>(`tasks/${taskId}`),
    enabled: taskId !== null,
    // The drawer edits what the server holds now: each opening reads afresh, and only the drawer's own actions
    // read again, so the form is never rebuilt under the user by a background refetch.
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
  });
  const task = taskId === null ? null : (taskQuery.data ?? null);
  const setTask = useCallback((next: TaskView) => queryClient.setQueryData(taskDrawerKeys.task(next.id), next), [queryClient]);
  const tFixes = useTranslations('formFixes');
  const [flagged, setFlagged] = useState<FlaggedFields | null>(() =>
    target.mode === 'task' && target.missingFieldIds?.length ? { ids: target.missingFieldIds, at: 0 } : null,
  );

  /** A refused completion: back to Details, the fields flagged there, and a toast that names them. */
  const showMissingFields = (ids: number[]) => {
    setTab('details');
    setFlagged({ ids, at: Date.now() });
    const names = ids.map((id) => reference?.customFields.find((field) => field.id === id)?.fieldName ?? `#${id}`);
    toast.error(names.length > 0 ? tFixes('completeMissingFields', { fields: names.join(', ') }) : t('statusFailed'));
  };

  // The form is rebuilt from the task when this changes, throwing its edits away; otherwise it keeps them.
  const [formGeneration, setFormGeneration] = useState(0);
  const rebuildForm = useCallback(() => setFormGeneration((generation) => generation + 1), []);

  /** Reads the task again; `keepEdits` rebases the form's unsaved edits on it instead of discarding them. */
  const { refetch } = taskQuery;
  const loadTask = useCallback(async (keepEdits = false) => {
    const answer = await refetch();
    if (answer.isSuccess && !keepEdits) rebuildForm();
  }, [refetch, rebuildForm]);

  const taskFailed = taskQuery.isError;
  useEffect(() => {
    if (!taskFailed) return;
    // Spec 01 §2: if the task cannot be read, the drawer closes.
    toast.error(t('loadFailed'));
    onClose();
  }, [taskFailed, onClose, t]);

  useEffect(() => {
    if (failed) onClose();
  }, [failed, onClose]);

  const requestClose = () => (dirty ? setAskDiscard(true) : onClose());
  const ready = reference !== null && (taskId === null || task?.id === taskId);
  const typeName = task ? task.type.type : '';
  const title = target.mode === 'new' ? t('addTitle') : task ? `${t('taskTitle', { referenceNumber: task.referenceNumber })} · ${typeName}` : t('loading');
  const readOnly = task?.cancelled != null;
  // Spec 01 §2: the Rating tab only when the task has a rating; a new task has only its form.
  const tabs = task ? otherTabs.filter((entry) => entry.key !== 'rating' || task.rating !== null) : [];
  const activeTab = tabs.some((entry) => entry.key === tab) ? tab : 'details';
  const tabProps: TaskTabProps | null = task
    ? { task, readOnly, onTaskChanged: setTask, reloadTask: () => void loadTask(true) }
    : null;
  const tabButton = (key: TabKey, label: string) => (
    <button
      key={key}
      type="button"
      role="tab"
      id={`task-tab-${key}`}
      aria-selected={activeTab === key}
      aria-controls={`task-panel-${key}`}
      onClick={() => setTab(key)}
      className={`-mb-px whitespace-nowrap border-b-2 px-2.5 py-2 text-sm font-medium ${
        activeTab === key ? 'border-brand text-brand' : 'border-transparent text-slate-600 hover:text-slate-900'
      }`}
    >
      {label}
    </button>
  );

  return (
    <>
      <Drawer
        open
        onClose={requestClose}
        title={title}
        width={500}
        closeLabel={t('close')}
        footer={
          ready && !readOnly && activeTab === 'details' ? (
            <DialogActions
              cancelLabel={t('cancel')}
              onCancel={requestClose}
              confirmLabel={busy ? t('saving') : t('save')}
              confirmForm={formId}
              confirmDisabled={busy}
            />
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
                onMissingFields={showMissingFields}
              />
            ) : null}
            <div role="tablist" aria-label={t('tabsLabel')} className="mb-4 flex flex-wrap border-b border-slate-200">
              {tabButton('details', t('detailsTab'))}
              {tabs.map((entry) => tabButton(entry.key, t(entry.label)))}
            </div>
            {/* Details stays mounted behind the other tabs, so switching tabs keeps the form's unsaved edits. */}
            <div role="tabpanel" id="task-panel-details" aria-labelledby="task-tab-details" hidden={activeTab !== 'details'}>
              <TaskForm
                key={task ? `${task.id}-${formGeneration}` : 'new'}
                formId={formId}
                task={task}
                preset={
                  target.mode === 'new'
                    ? {
                        typeId: target.typeId,
                        clientId: target.clientId,
                        assigneeId: target.assigneeId,
                        scheduleDate: target.scheduleDate,
                        scheduleTime: target.scheduleTime,
                      }
                    : {}
                }
                reference={reference}
                mapStyleUrl={mapStyleUrl}
                onReferenceChange={setReference}
                onDirtyChange={setDirty}
                onBusyChange={setBusy}
                onSaved={(saved, created) => {
                  setDirty(false);
                  // Saved: the rebuilt form shows the stored values, and flags again only on a new refusal.
                  setFlagged(null);
                  if (created) onCreated(saved);
                  else {
                    setTask(saved);
                    rebuildForm();
                  }
                }}
                onStale={() => void loadTask()}
                flaggedFields={flagged}
              />
            </div>
            {tabProps
              ? tabs
                  .filter((entry) => entry.key === activeTab)
                  .map(({ key, Panel }) => (
                    <div key={key} role="tabpanel" id={`task-panel-${key}`} aria-labelledby={`task-tab-${key}`}>
                      <Panel {...tabProps} />
                    </div>
                  ))
              : null}
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
