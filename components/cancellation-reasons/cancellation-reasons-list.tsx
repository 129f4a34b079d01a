'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { SettingsTable, type SettingsColumn } from '@/components/settings/settings-table';
import { useSettingsRows } from '@/components/settings/use-settings-rows';
import type { CancellationReasonView } from '@/lib/contract/reference-data';
import { CancellationReasonDrawer } from './cancellation-reason-drawer';

type DrawerTarget = { open: false } | { open: true; reasonId: number | null };

/** Settings → cancellation reasons: the reasons tasks are cancelled with. A row opens on one click (spec 03 §2.5). */
export function CancellationReasonsList() {
  const t = useTranslations('cancellationReasonSettings.list');
  const { rows, reload } = useSettingsRows<CancellationReasonView>('cancellation_reason');
  const [drawer, setDrawer] = useState<DrawerTarget>({ open: false });

  const columns: SettingsColumn<CancellationReasonView>[] = [
    { id: 'name', header: t('name'), cell: (row) => row.name, filterValue: (row) => row.name, sortValue: (row) => row.name.toLowerCase() },
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
        openOn="click"
        onOpen={(row) => setDrawer({ open: true, reasonId: row.id })}
        onRefresh={reload}
        onAdd={() => setDrawer({ open: true, reasonId: null })}
        addLabel={t('add')}
        emptyText={t('empty')}
      />
      <CancellationReasonDrawer
        open={drawer.open}
        reasonId={drawer.open ? drawer.reasonId : null}
        existingNames={(rows ?? []).map((row) => row.name)}
        onClose={() => setDrawer({ open: false })}
        onChanged={reload}
      />
    </section>
  );
}
