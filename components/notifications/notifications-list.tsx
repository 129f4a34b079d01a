'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { toast } from 'sonner';
import { SettingsTable, type SettingsColumn } from '@/components/settings/settings-table';
import { useSettingsRows } from '@/components/settings/use-settings-rows';
import { TaskStatusTag } from '@/components/tasks/status-tags';
import { Switch } from '@/components/ui/switch';
import { api } from '@/lib/client/api';
import { notificationTypes, type NotificationView } from '@/lib/contract/notifications';
import { MessageWithTags } from './message-tags';
import { NotificationDrawer } from './notification-drawer';
import { useNotificationLabels } from './use-notification-labels';

/** Which rule the drawer shows: none (closed), a new one, or an existing one by id. */
type DrawerTarget = { open: false } | { open: true; notificationId: number | null };

/**
 * Settings → notifications (spec 03 §2.5): the tenant's rules; double-click modifies one, Add creates one, and the
 * switch enables or disables a rule at once through its own call, after which the list is read again (spec 03 §4).
 */
export function NotificationsList({ trackingLink }: { trackingLink: boolean }) {
  const t = useTranslations('notifications');
  const tStatus = useTranslations('statuses.task');
  const labels = useNotificationLabels();
  const { rows, reload } = useSettingsRows<NotificationView>('notification');
  const [drawer, setDrawer] = useState<DrawerTarget>({ open: false });
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
    <section className="mx-auto flex w-full max-w-7xl flex-col gap-3 p-4">
      <h1 className="text-lg font-semibold text-slate-900">{t('list.title')}</h1>
      <p className="text-xs text-slate-500">{t('list.hint')}</p>
      <SettingsTable
        label={t('list.title')}
        rows={rows}
        columns={columns}
        rowId={(row) => row.id}
        openOn="doubleClick"
        onOpen={(row) => setDrawer({ open: true, notificationId: row.id })}
        onRefresh={reload}
        onAdd={() => setDrawer({ open: true, notificationId: null })}
        addLabel={t('list.add')}
        emptyText={t('list.empty')}
      />
      <NotificationDrawer
        open={drawer.open}
        notificationId={drawer.open ? drawer.notificationId : null}
        trackingLink={trackingLink}
        onClose={() => setDrawer({ open: false })}
        onChanged={reload}
      />
    </section>
  );
}
