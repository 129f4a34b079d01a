'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { toast } from 'sonner';
import { DialogActions } from '@/components/ui/dialog-actions';
import { Combobox } from '@/components/ui/combobox';
import { Drawer } from '@/components/ui/drawer';
import { api } from '@/lib/client/api';
import type { UpdateUserBody, UserListItem } from '@/lib/contract/users';
import { NoTemplatesText, templateOptions } from './template-options';
import { useWorkerScheduling } from './use-worker-scheduling';
import type { TemplateChoice } from './use-workers';
import { WorkerSchedulingSection } from './worker-scheduling-section';

/** Spec 02 §9: the assign drawer is 380 wide. */
const assignDrawerWidth = 380;

/**
 * One worker's template (spec 02 §2.5): a clearable select and Save, and below it what auto-schedule needs of the
 * worker (start location, tasks-per-day limit). Save saves whichever of the two changed, the auto-schedule part
 * first: a problem on its fields keeps the drawer open with nothing else changed. The parent mounts it per worker
 * (keyed), so both start from the worker's current values each time it opens.
 */
export function AssignTemplateDrawer({
  worker,
  templates,
  onClose,
  onSaved,
  onFailed,
}: {
  worker: UserListItem;
  templates: readonly TemplateChoice[];
  onClose: () => void;
  onSaved: (row: UserListItem) => void;
  onFailed: () => void;
}) {
  const t = useTranslations('workingTemplate');
  const [choice, setChoice] = useState(worker.workingHoursTemplateId === null ? '' : String(worker.workingHoursTemplateId));
  const [saving, setSaving] = useState(false);
  const scheduling = useWorkerScheduling(worker.id);
  const templateUnchanged = choice === (worker.workingHoursTemplateId === null ? '' : String(worker.workingHoursTemplateId));

  const save = async () => {
    setSaving(true);
    const body: UpdateUserBody = { workingHoursTemplateId: choice === '' ? null : Number(choice) };
    try {
      if (!(await scheduling.save())) return;
      if (templateUnchanged) {
        onSaved(worker);
        return;
      }
      const row = await api<UserListItem>(`users/${worker.id}`, { method: 'PUT', json: body, quietStatuses: [400, 422] });
      toast.success(t('assigned'));
      onSaved(row);
    } catch {
      toast.error(t('updateFailed'));
      onFailed();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open
      onClose={onClose}
      width={assignDrawerWidth}
      title={t('drawerTitle', { name: `${worker.name} ${worker.surname}`.trim() })}
      closeLabel={t('close')}
      footer={
        <DialogActions
          cancelLabel={t('cancel')}
          onCancel={onClose}
          confirmLabel={t('save')}
          onConfirm={() => void save()}
          confirmDisabled={saving || (templateUnchanged && !scheduling.changed)}
        />
      }
    >
      <div className="flex flex-col gap-3">
        <Combobox
          label={t('template')}
          value={choice}
          options={templateOptions(templates)}
          onChange={setChoice}
          clearLabel={t('none')}
          disabled={saving}
        />
        {templates.length === 0 ? <NoTemplatesText /> : null}
        <WorkerSchedulingSection
          state={scheduling.state}
          problems={scheduling.problems}
          disabled={saving}
          onChange={scheduling.setDraft}
        />
      </div>
    </Drawer>
  );
}
