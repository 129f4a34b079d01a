'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { SettingsTable, type SettingsColumn } from '@/components/settings/settings-table';
import { useSettingsRows } from '@/components/settings/use-settings-rows';
import { useClock } from '@/lib/client/use-clock';
import { formatTimeOfDay } from '@/lib/client/task-form/time';
import type { TimeSlotView } from '@/lib/contract/time-slots';
import { TimeSlotDrawer } from './time-slot-drawer';

/** Which slot the drawer shows: none (closed), a new one, or an existing one by id. */
type DrawerTarget = { open: false } | { open: true; timeSlotId: number | null };

/**
 * Settings → time slots (feature 3): the tenant's live slots with start and end in the user's 12- or 24-hour
 * format; double-clicking a row modifies the slot, Add creates one.
 */
export function TimeSlotsList() {
  const t = useTranslations('timeSlots.list');
  const { twentyFourHour } = useClock();
  const { rows, reload } = useSettingsRows<TimeSlotView>('time-slot');
  const [drawer, setDrawer] = useState<DrawerTarget>({ open: false });
  const shown = (time: string) => formatTimeOfDay(time, twentyFourHour);

  const columns: SettingsColumn<TimeSlotView>[] = [
    {
      id: 'name',
      header: t('name'),
      cell: (row) => row.nameTimeSlot,
      filterValue: (row) => row.nameTimeSlot,
      sortValue: (row) => row.nameTimeSlot.toLowerCase(),
    },
    {
      id: 'start',
      header: t('start'),
      cell: (row) => shown(row.startTimeSlot),
      filterValue: (row) => shown(row.startTimeSlot),
      // HH:mm:ss sorts as text in the order of the day.
      sortValue: (row) => row.startTimeSlot,
      className: 'w-32 tabular-nums',
    },
    {
      id: 'end',
      header: t('end'),
      cell: (row) => shown(row.endTimeSlot),
      filterValue: (row) => shown(row.endTimeSlot),
      sortValue: (row) => row.endTimeSlot,
      className: 'w-32 tabular-nums',
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
        onOpen={(row) => setDrawer({ open: true, timeSlotId: row.id })}
        onRefresh={reload}
        onAdd={() => setDrawer({ open: true, timeSlotId: null })}
        addLabel={t('add')}
        emptyText={t('empty')}
      />
      <TimeSlotDrawer
        open={drawer.open}
        timeSlotId={drawer.open ? drawer.timeSlotId : null}
        twentyFourHour={twentyFourHour}
        onClose={() => setDrawer({ open: false })}
        onSaved={reload}
        onDeleted={reload}
      />
    </section>
  );
}
