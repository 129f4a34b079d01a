'use client';

import { useTranslations } from 'next-intl';
import { SettingsScreen, useDrawerTarget } from '@/components/settings/settings-screen';
import type { SettingsColumn } from '@/components/settings/settings-table';
import { useSettingsRows } from '@/components/settings/use-settings-rows';
import { useClock } from '@/lib/client/use-clock';
import { formatTimeOfDay } from '@/lib/contract/time-of-day';
import type { TimeSlotView } from '@/lib/contract/time-slots';
import { TimeSlotDrawer } from './time-slot-drawer';

/**
 * Settings → time slots (feature 3): the tenant's live slots with start and end in the user's 12- or 24-hour
 * format; double-clicking a row modifies the slot, Add creates one.
 */
export function TimeSlotsList() {
  const t = useTranslations('timeSlots.list');
  const { twentyFourHour } = useClock();
  const { rows, reload } = useSettingsRows<TimeSlotView>('time-slot');
  const drawer = useDrawerTarget();
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
    <SettingsScreen
      namespace="timeSlots.list"
      drawer={drawer}
      rows={rows}
      columns={columns}
      openOn="doubleClick"
      onRefresh={reload}
    >
      <TimeSlotDrawer
        open={drawer.open}
        timeSlotId={drawer.id}
        twentyFourHour={twentyFourHour}
        onClose={drawer.close}
        onSaved={reload}
        onDeleted={reload}
      />
    </SettingsScreen>
  );
}
