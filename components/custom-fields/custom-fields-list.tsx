'use client';

import { useTranslations } from 'next-intl';
import { SettingsScreen, useDrawerTarget } from '@/components/settings/settings-screen';
import type { SettingsColumn } from '@/components/settings/settings-table';
import { useSettingsRows } from '@/components/settings/use-settings-rows';
import { Tag } from '@/components/ui/tag';
import type { CustomFieldView } from '@/lib/contract/custom-fields';
import type { TaskTypeView } from '@/lib/contract/task-types';
import { CustomFieldDrawer } from './custom-field-drawer';

/**
 * Settings → custom fields: name, type, display type, whether and when the field is required, and the task types
 * that show it. Double-click modifies a field, Add creates one.
 */
export function CustomFieldsList() {
  const t = useTranslations('customFieldSettings');
  const fields = useSettingsRows<CustomFieldView>('custom-field');
  const taskTypes = useSettingsRows<TaskTypeView>('task-types');
  const drawer = useDrawerTarget();

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
    <SettingsScreen
      namespace="customFieldSettings.list"
      width="5xl"
      drawer={drawer}
      rows={fields.rows}
      columns={columns}
      openOn="doubleClick"
      onRefresh={reloadAll}
    >
      <CustomFieldDrawer
        open={drawer.open}
        fieldId={drawer.id}
        taskTypes={taskTypes.rows ?? []}
        onClose={drawer.close}
        onChanged={fields.reload}
      />
    </SettingsScreen>
  );
}
