'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { SettingsTable, type SettingsColumn } from '@/components/settings/settings-table';
import { useSettingsRows } from '@/components/settings/use-settings-rows';
import { Tag } from '@/components/ui/tag';
import type { CustomFieldView } from '@/lib/contract/custom-fields';
import type { TaskTypeView } from '@/lib/contract/task-types';
import { CustomFieldDrawer } from './custom-field-drawer';

type DrawerTarget = { open: false } | { open: true; fieldId: number | null };

/**
 * Settings → custom fields: name, type, display type, whether and when the field is required, and the task types
 * that show it. Double-click modifies a field, Add creates one.
 */
export function CustomFieldsList() {
  const t = useTranslations('customFieldSettings');
  const fields = useSettingsRows<CustomFieldView>('custom-field');
  const taskTypes = useSettingsRows<TaskTypeView>('task-types');
  const [drawer, setDrawer] = useState<DrawerTarget>({ open: false });

  const typeNames = new Map((taskTypes.rows ?? []).map((type) => [type.id, type.type]));
  const taskTypeNames = (row: CustomFieldView) =>
    row.taskTypes.flatMap(({ taskTypeId }) => typeNames.get(taskTypeId) ?? []).join(', ');
  const requiredText = (row: CustomFieldView) =>
    row.required && row.requiredType ? t(`requiredTypes.${row.requiredType}`) : t('list.notRequired');

  const columns: SettingsColumn<CustomFieldView>[] = [
    {
      id: 'name',
      header: t('list.name'),
      cell: (row) => row.fieldName,
      filterValue: (row) => row.fieldName,
      sortValue: (row) => row.fieldName.toLowerCase(),
    },
    {
      id: 'type',
      header: t('list.type'),
      cell: (row) => t(`types.${row.fieldType}`),
      filterValue: (row) => t(`types.${row.fieldType}`),
      sortValue: (row) => t(`types.${row.fieldType}`).toLowerCase(),
    },
    {
      id: 'displayType',
      header: t('list.displayType'),
      cell: (row) => t(`displayTypes.${row.displayType}`),
      filterValue: (row) => t(`displayTypes.${row.displayType}`),
      sortValue: (row) => t(`displayTypes.${row.displayType}`).toLowerCase(),
    },
    {
      id: 'required',
      header: t('list.required'),
      cell: (row) => <Tag colour={row.required ? 'orange' : 'gray'}>{requiredText(row)}</Tag>,
      filterValue: requiredText,
      sortValue: (row) => requiredText(row).toLowerCase(),
    },
    {
      id: 'taskTypes',
      header: t('list.taskTypes'),
      cell: (row) => <span className="text-slate-700">{taskTypeNames(row)}</span>,
      filterValue: taskTypeNames,
    },
  ];

  const reloadAll = async () => {
    await Promise.all([fields.reload(), taskTypes.reload()]);
  };

  return (
    <section className="mx-auto flex w-full max-w-5xl flex-col gap-3 p-4">
      <h1 className="text-lg font-semibold text-slate-900">{t('list.title')}</h1>
      <p className="text-xs text-slate-500">{t('list.hint')}</p>
      <SettingsTable
        label={t('list.title')}
        rows={fields.rows}
        columns={columns}
        rowId={(row) => row.id}
        openOn="doubleClick"
        onOpen={(row) => setDrawer({ open: true, fieldId: row.id })}
        onRefresh={reloadAll}
        onAdd={() => setDrawer({ open: true, fieldId: null })}
        addLabel={t('list.add')}
        emptyText={t('list.empty')}
      />
      <CustomFieldDrawer
        open={drawer.open}
        fieldId={drawer.open ? drawer.fieldId : null}
        taskTypes={taskTypes.rows ?? []}
        onClose={() => setDrawer({ open: false })}
        onChanged={fields.reload}
      />
    </section>
  );
}
