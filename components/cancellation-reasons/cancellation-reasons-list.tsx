'use client';

import { useTranslations } from 'next-intl';
import { SettingsScreen, useDrawerTarget } from '@/components/settings/settings-screen';
import type { SettingsColumn } from '@/components/settings/settings-table';
import { useSettingsRows } from '@/components/settings/use-settings-rows';
import { useCancellationReasonName } from '@/lib/client/cancellation-reason-name';
import type { CancellationReasonView } from '@/lib/contract/reference-data';
import { CancellationReasonDrawer } from './cancellation-reason-drawer';

/** Settings → cancellation reasons: the reasons tasks are cancelled with. A row opens on one click (spec 03 §2.5). */
export function CancellationReasonsList() {
  const t = useTranslations('cancellationReasonSettings.list');
  const { rows, reload } = useSettingsRows<CancellationReasonView>('cancellation_reason');
  const drawer = useDrawerTarget();
  const reasonName = useCancellationReasonName();

  const columns: SettingsColumn<CancellationReasonView>[] = [
    {
      id: 'name',
      header: t('name'),
      cell: (row) => reasonName(row.name),
      filterValue: (row) => reasonName(row.name),
      sortValue: (row) => reasonName(row.name).toLowerCase(),
    },
  ];

  return (
    <SettingsScreen
      namespace="cancellationReasonSettings.list"
      drawer={drawer}
      rows={rows}
      columns={columns}
      openOn="click"
      onRefresh={reload}
    >
      <CancellationReasonDrawer
        open={drawer.open}
        reasonId={drawer.id}
        existingNames={(rows ?? []).map((row) => reasonName(row.name))}
        onClose={drawer.close}
        onChanged={reload}
      />
    </SettingsScreen>
  );
}
