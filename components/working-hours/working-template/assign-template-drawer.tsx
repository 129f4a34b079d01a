'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Combobox } from '@/components/ui/combobox';
import { Drawer } from '@/components/ui/drawer';
import { api } from '@/lib/client/api';
import type { UpdateUserBody, UserListItem } from '@/lib/contract/users';
import { NoTemplatesText, templateOptions } from './template-options';
import type { TemplateChoice } from './use-workers';

/** Spec 02 §9: the assign drawer is 380 wide. */
const assignDrawerWidth = 380;

/**
 * One worker's template (spec 02 §2.5): a clearable select and Save. The parent mounts it per worker (keyed), so
 * the choice starts from the worker's current template each time it opens.
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
  const unchanged = choice === (worker.workingHoursTemplateId === null ? '' : String(worker.workingHoursTemplateId));

  const save = async () => {
    setSaving(true);
    const body: UpdateUserBody = { workingHoursTemplateId: choice === '' ? null : Number(choice) };
    try {
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
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button onClick={() => void save()} disabled={saving || unchanged}>
            {t('save')}
          </Button>
        </>
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
      </div>
    </Drawer>
  );
}
