'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { toast } from 'sonner';
import { SettingsScreen, useDrawerTarget } from '@/components/settings/settings-screen';
import type { SettingsColumn } from '@/components/settings/settings-table';
import { useSettingsRows } from '@/components/settings/use-settings-rows';
import { TaskStatusTag } from '@/components/tasks/status-tags';
import { Switch } from '@/components/ui/switch';
import { api } from '@/lib/client/api';
import { notificationTypes, type NotificationView } from '@/lib/contract/notifications';
import { MessageWithTags } from './message-tags';
import { NotificationDrawer } from './notification-drawer';
import { useNotificationLabels } from './use-notification-labels';

/**
 * Settings → notifications (spec 03 §2.5): the tenant's rules; double-click modifies one, Add creates one, and the
 * switch enables or disables a rule at once through its own call, after which the list is read again (spec 03 §4).
 */
export function NotificationsList({ trackingLink }: { trackingLink: boolean }) {
  const t = useTranslations('notifications');
  const tStatus = useTranslations('statuses.task');
  const labels = useNotificationLabels();
  const { rows, reload } = useSettingsRows<NotificationView>('notification');
  const drawer = useDrawerTarget();
  const [switching, setSwitching] = useState<number | null>(null);

  const setEnabled = async (row: NotificationView, enabled: boolean) => {
    setSwitching(row.id);
    try {
      await api<NotificationView>(`notification/${row.id}/${enabled ? 'enable' : 'disable'}`, { method: 'PATCH' });
      toast.success(enabled ? t('enabledNotice') : t('disabledNotice'));
    } catch {
      // The failed call has shown its notice; the list read below shows the rule as it really is.
    } finally {
      await reload();
      setSwitching(null);
    }
  };

  const columns: SettingsColumn<NotificationView>[] = [
    {
      id: 'type',
      header: t('fields.type'),
      cell: (row) => labels.type(row.type),
      filterValue: (row) => labels.type(row.type),
      sortValue: (row) => notificationTypes.indexOf(row.type),
    },
    {
      id: 'numberOfHours',
      header: t('fields.numberOfHours'),
      cell: (row) => row.numberOfHours ?? '',
      sortValue: (row) => row.numberOfHours ?? 0,
      className: 'text-right tabular-nums',
    },
    {
      id: 'status',
      header: t('fields.status'),
      cell: (row) => (row.statusId === null ? null : <TaskStatusTag statusId={row.statusId} />),
      filterValue: (row) => (row.statusId === null ? '' : tStatus(String(row.statusId) as '1')),
      sortValue: (row) => row.statusId ?? 0,
    },
    {
      id: 'recipient',
      header: t('fields.recipient'),
      cell: (row) => labels.recipient(row.recipient),
      filterValue: (row) => labels.recipient(row.recipient),
      sortValue: (row) => labels.recipient(row.recipient),
    },
    {
      id: 'messageType',
      header: t('fields.messageType'),
      cell: (row) => labels.messageType(row.messageType),
      filterValue: (row) => labels.messageType(row.messageType),
      sortValue: (row) => labels.messageType(row.messageType),
    },
    {
      id: 'subject',
      header: t('fields.subject'),
      cell: (row) => row.subject ?? '',
      filterValue: (row) => row.subject ?? '',
      sortValue: (row) => (row.subject ?? '').toLowerCase(),
    },
    {
      id: 'message',
      header: t('fields.message'),
      cell: (row) => <MessageWithTags message={row.message} />,
      filterValue: (row) => row.message,
      className: 'min-w-64 max-w-md',
    },
    {
      id: 'enabled',
      header: t('fields.enabled'),
      cell: (row) => (
        <Switch
          checked={!row.isDisabled}
          disabled={switching === row.id}
          aria-label={t('enabledSwitch')}
          onCheckedChange={(enabled) => void setEnabled(row, enabled)}
        />
      ),
      sortValue: (row) => (row.isDisabled ? 1 : 0),
    },
  ];

  return (
    <SettingsScreen
      namespace="notifications.list"
      width="7xl"
      drawer={drawer}
      rows={rows}
      columns={columns}
      openOn="doubleClick"
      onRefresh={reload}
    >
      <NotificationDrawer
        open={drawer.open}
        notificationId={drawer.id}
        trackingLink={trackingLink}
        onClose={drawer.close}
        onChanged={reload}
      />
    </SettingsScreen>
  );
}
