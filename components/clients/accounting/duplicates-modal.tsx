'use client';

import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { DialogActions } from '@/components/ui/dialog-actions';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable } from '@/components/ui/data-table';
import { TextInput } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { api } from '@/lib/client/api';
import type { DuplicatedContact, OverrideDuplicatesAnswer } from '@/lib/contract/accounting';
import { accountingQuietStatuses, useAccountingError } from './use-accounting-error';

/**
 * The imported contacts that match existing clients (spec 03 §2.7): filter, multi-select, at least one required,
 * a confirmation, then PUT xero/override-duplicated-clients writes the chosen contacts over their clients.
 */
export function DuplicatesModal({
  duplicates,
  onClose,
  onOverridden,
}: {
  duplicates: DuplicatedContact[];
  onClose: () => void;
  onOverridden: () => void;
}) {
  const t = useTranslations('accounting.duplicates');
  const tm = useTranslations('accounting.messages');
  const showError = useAccountingError();
  const [filter, setFilter] = useState('');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const visible = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    if (!needle) return duplicates;
    return duplicates.filter(
      (duplicate) => duplicate.name.toLowerCase().includes(needle) || duplicate.email?.toLowerCase().includes(needle),
    );
  }, [duplicates, filter]);

  const toggle = (contactId: string) =>
    setSelected((previous) => {
      const next = new Set(previous);
      if (next.has(contactId)) next.delete(contactId);
      else next.add(contactId);
      return next;
    });

  const askToSave = () => {
    if (selected.size === 0) {
      toast.warning(tm('selectAtLeastOne'));
      return;
    }
    setConfirming(true);
  };

  const save = async () => {
    setConfirming(false);
    setBusy(true);
    try {
      await api<OverrideDuplicatesAnswer>('xero/override-duplicated-clients', {
        method: 'PUT',
        json: duplicates
          .filter((duplicate) => selected.has(duplicate.contactId))
          .map(({ contactId, clientId, client }) => ({ contactId, clientId, client })),
        quietStatuses: accountingQuietStatuses,
      });
      toast.success(tm('clientsUpdated'));
      onOverridden();
    } catch (error) {
      showError(error);
      toast.error(tm('overrideFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Modal
        open
        onClose={onClose}
        title={t('title')}
        width={640}
        footer={
          <DialogActions
            leading={<span className="mr-auto self-center text-xs text-slate-500">{t('selected', { count: selected.size })}</span>}
            cancelLabel={t('cancel')}
            onCancel={onClose}
            confirmLabel={t('save')}
            onConfirm={askToSave}
            confirmDisabled={busy}
          />
        }
      >
        <p className="mb-3 text-sm text-slate-600">{t('intro')}</p>
        <TextInput
          aria-label={t('filter')}
          placeholder={t('filter')}
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          className="mb-3 w-full"
        />
        <div className="max-h-80 overflow-y-auto rounded-md border border-slate-200">
          <DataTable
            rows={visible}
            columns={[
              { id: 'name', header: t('name'), className: 'text-slate-900', cell: (duplicate) => duplicate.name },
              { id: 'email', header: t('email'), className: 'text-slate-600', cell: (duplicate) => duplicate.email ?? '' },
            ]}
            rowId={(duplicate) => duplicate.contactId}
            selection={{
              selected: Object.fromEntries([...selected].map((id) => [id, true])),
              onChange: (next) => setSelected(new Set(Object.keys(next).filter((id) => next[id]))),
              pageLabel: t('selectAll'),
              rowLabel: (duplicate) => duplicate.name,
              headerClassName: 'w-10',
            }}
            // A click anywhere on the row ticks it, as on its box.
            onOpen={(duplicate) => toggle(duplicate.contactId)}
            openOn="click"
            stickyHeader
            className="w-full text-left text-sm"
            headClassName="bg-slate-50 text-xs text-slate-600 uppercase"
            headerCellClassName="px-3 py-2 font-medium"
            cellClassName="px-3 py-2"
            rowClassName="cursor-pointer border-t border-slate-100 hover:bg-slate-50"
            emptyText={t('empty')}
          />
        </div>
      </Modal>
      <ConfirmDialog
        open={confirming}
        title={t('confirmTitle')}
        message={t('confirmMessage', { count: selected.size })}
        confirmLabel={t('confirm')}
        cancelLabel={t('confirmCancel')}
        onConfirm={save}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
