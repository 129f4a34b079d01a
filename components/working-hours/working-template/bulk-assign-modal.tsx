'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { toast } from 'sonner';
import { ActionModal, useBusyAction } from '@/components/ui/action-modal';
import { Combobox } from '@/components/ui/combobox';
import { api } from '@/lib/client/api';
import type { UpdateMultiUserBody, UserListItem } from '@/lib/contract/users';
import { NoTemplatesText, templateOptions } from './template-options';
import type { TemplateChoice } from './use-workers';

/** 'Edit multiple users': one template for every ticked worker; Save waits for a template (spec 02 §5). */
export function BulkAssignModal({
  userIds,
  templates,
  onClose,
  onSaved,
  onFailed,
}: {
  userIds: readonly number[];
  templates: readonly TemplateChoice[];
  onClose: () => void;
  onSaved: (rows: UserListItem[]) => void;
  onFailed: () => void;
}) {
  const t = useTranslations('workingTemplate');
  const [choice, setChoice] = useState('');
  const [saving, runBusy] = useBusyAction();

  const save = () =>
    runBusy(async () => {
      const body: UpdateMultiUserBody = { workingHoursTemplateId: Number(choice), userIds: [...userIds] };
      try {
        const rows = await api<UserListItem[]>('users/update-multi-user', { method: 'PUT', json: body, quietStatuses: [400, 422] });
        toast.success(t('bulkUpdated'));
        onSaved(rows);
      } catch {
        toast.error(t('updateFailed'));
        onFailed();
      }
    });

  return (
    <ActionModal
      title={t('editMultiple')}
      width={440}
      onClose={onClose}
      cancelLabel={t('cancel')}
      confirmLabel={t('save')}
      onConfirm={() => void save()}
      confirmDisabled={saving || choice === ''}
    >
      <div className="flex flex-col gap-3">
        <p className="text-sm text-slate-600">{t('selected', { count: userIds.length })}</p>
        <Combobox label={t('template')} value={choice} options={templateOptions(templates)} onChange={setChoice} disabled={saving} />
        {templates.length === 0 ? <NoTemplatesText /> : null}
      </div>
    </ActionModal>
  );
}
