'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { SettingsTable, type SettingsColumn } from '@/components/settings/settings-table';
import { useSettingsRows } from '@/components/settings/use-settings-rows';
import type { TaskTypeView } from '@/lib/contract/task-types';
import { TaskTypeDrawer } from './task-type-drawer';

/** Which task type the drawer shows: none (closed), a new one, or an existing one by id. */
type DrawerTarget = { open: false } | { open: true; taskTypeId: number | null };

/** The tenant's live task types; double-clicking a row modifies it, Add creates one. */
export function TaskTypesList() {
  const t = useTranslations('taskTypeDrawer.list');
  const { rows, reload } = useSettingsRows<TaskTypeView>('task-types');
  const [drawer, setDrawer] = useState<DrawerTarget>({ open: false });

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
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-3 p-4">
      <h1 className="text-lg font-semibold text-slate-900">{t('title')}</h1>
      <p className="text-xs text-slate-500">{t('hint')}</p>
      <SettingsTable
        label={t('title')}
        rows={rows}
        columns={columns}
        rowId={(row) => row.id}
        openOn="doubleClick"
        onOpen={(row) => setDrawer({ open: true, taskTypeId: row.id })}
        onRefresh={reload}
        onAdd={() => setDrawer({ open: true, taskTypeId: null })}
        addLabel={t('add')}
        emptyText={t('empty')}
      />
      <TaskTypeDrawer
        open={drawer.open}
        taskTypeId={drawer.open ? drawer.taskTypeId : null}
        onClose={() => setDrawer({ open: false })}
        onSaved={reload}
        onDeleted={reload}
      />
    </section>
  );
}
