'use client';

import { useTranslations } from 'next-intl';
import { SettingsScreen, useDrawerTarget } from '@/components/settings/settings-screen';
import type { SettingsColumn } from '@/components/settings/settings-table';
import { useSettingsRows } from '@/components/settings/use-settings-rows';
import type { TaskTypeView } from '@/lib/contract/task-types';
import { TaskTypeDrawer } from './task-type-drawer';

/** The tenant's live task types; double-clicking a row modifies it, Add creates one. */
export function TaskTypesList() {
  const t = useTranslations('taskTypeDrawer.list');
  const { rows, reload } = useSettingsRows<TaskTypeView>('task-types');
  const drawer = useDrawerTarget();

  const columns: SettingsColumn<TaskTypeView>[] = [
    { id: 'type', header: t('type'), cell: (row) => row.type, filterValue: (row) => row.type, sortValue: (row) => row.type.toLowerCase() },
    {
      id: 'duration',
      header: t('duration'),
      cell: (row) => t('minutes', { count: row.durationMins }),
      sortValue: (row) => row.durationMins,
      className: 'w-40 text-slate-700',
    },
  ];

  return (
    <SettingsScreen
      namespace="taskTypeDrawer.list"
      drawer={drawer}
      rows={rows}
      columns={columns}
      openOn="doubleClick"
      onRefresh={reload}
    >
      <TaskTypeDrawer
        open={drawer.open}
        taskTypeId={drawer.id}
        onClose={drawer.close}
        onSaved={reload}
        onDeleted={reload}
      />
    </SettingsScreen>
  );
}
