'use client';

import { useTranslations } from 'next-intl';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { SettingsTable, type SettingsColumn } from '@/components/settings/settings-table';
import { Modal } from '@/components/ui/modal';
import type { OutboxMessageView, OutboxPage } from '@/lib/contract/outbox';
import { outboxPageSizeMax } from '@/lib/contract/outbox';
import { api } from '@/lib/client/api';
import { settingsKeys } from '@/lib/client/query-keys';
import { formatInstant } from '@/lib/client/format-date-time';
import { useClock } from '@/lib/client/use-clock';

/** The newest messages, which the settings table pages and filters on screen. */
const outboxPath = `outbox?size=${outboxPageSizeMax}`;

/**
 * Settings → outbox (owner): what was sent, when and to whom, what waits and what failed. Read-only; a row opens
 * the message's text. A banner says when a channel has no provider, since its messages wait here until one is set.
 */
export function OutboxList() {
  const t = useTranslations('outbox');
  const clock = useClock();
  const [open, setOpen] = useState<OutboxMessageView | null>(null);
  // A failed read (its notice shown) leaves the table empty, on the first read and on a reload alike.
  const { data: page = null, refetch } = useQuery({
    queryKey: settingsKeys.outbox,
    queryFn: () => api<OutboxPage>(outboxPath).catch(() => null),
  });
  const reload = useCallback(async () => {
    await refetch();
  }, [refetch]);

  // The user's clock and their language's date order, as every screen: not Intl's US short style for 'en'.
  const when = (iso: string | null) => (iso ? formatInstant(iso, clock) : '');
  const columns: SettingsColumn<OutboxMessageView>[] = [
    { id: 'created', header: t('created'), cell: (row) => when(row.created), sortValue: (row) => row.created },
    { id: 'channel', header: t('channel'), cell: (row) => t(`channels.${row.channel}`), filterValue: (row) => row.channel, sortValue: (row) => row.channel },
    { id: 'recipient', header: t('recipient'), cell: (row) => row.recipient, filterValue: (row) => row.recipient, sortValue: (row) => row.recipient },
    {
      id: 'subject',
      header: t('subject'),
      cell: (row) => (
        <>
          {row.subject ?? ''}
          {row.attachment === 'task-report' ? <AttachedMarker label={t('reportAttached')} /> : null}
        </>
      ),
      filterValue: (row) => row.subject ?? '',
    },
    { id: 'status', header: t('status'), cell: (row) => t(`statuses.${row.status}`), filterValue: (row) => t(`statuses.${row.status}`), sortValue: (row) => row.status },
    { id: 'attempts', header: t('attempts'), cell: (row) => row.attempts, sortValue: (row) => row.attempts },
    { id: 'lastError', header: t('lastError'), cell: (row) => row.lastError ?? '', filterValue: (row) => row.lastError ?? '', className: 'max-w-xs truncate' },
    { id: 'sentAt', header: t('sentAt'), cell: (row) => when(row.sentAt), sortValue: (row) => row.sentAt ?? '' },
  ];

  const missing = page ? [...(page.configured.email ? [] : ['email'] as const), ...(page.configured.sms ? [] : ['sms'] as const)] : [];

  return (
    <section className="mx-auto flex w-full max-w-7xl flex-col gap-3 p-4">
      <h1 className="text-lg font-semibold text-slate-900">{t('title')}</h1>
      <p className="text-xs text-slate-500">{t('hint')}</p>
      {missing.map((channel) => (
        <p key={channel} role="status" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t(`notConfigured.${channel}`)}
        </p>
      ))}
      <SettingsTable
        label={t('title')}
        rows={page?.rows ?? null}
        columns={columns}
        rowId={(row) => row.id}
        openOn="click"
        onOpen={setOpen}
        onRefresh={() => void reload()}
        emptyText={t('empty')}
      />
      <Modal open={open !== null} onClose={() => setOpen(null)} title={open?.subject ?? open?.recipient ?? ''}>
        <p className="mb-2 text-xs text-slate-500">{open?.recipient}</p>
        {open?.attachment === 'task-report' ? (
          <p className="mb-2 text-xs text-slate-700">
            <span aria-hidden="true">📎</span> {t('reportAttached')}
          </p>
        ) : null}
        <pre className="max-h-96 overflow-auto text-sm whitespace-pre-wrap text-slate-800">{open?.body}</pre>
      </Modal>
    </section>
  );
}

/** A paperclip that names what is attached, for the table's narrow subject cell and the message's header. */
function AttachedMarker({ label }: { label: string }) {
  return (
    <span role="img" aria-label={label} title={label} className="ml-1 text-slate-500">
      📎
    </span>
  );
}
