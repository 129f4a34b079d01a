'use client';

import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { DialogActions } from '@/components/ui/dialog-actions';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
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

  const allVisibleSelected = visible.length > 0 && visible.every((duplicate) => selected.has(duplicate.contactId));

  const toggle = (contactId: string) =>
    setSelected((previous) => {
      const next = new Set(previous);
      if (next.has(contactId)) next.delete(contactId);
      else next.add(contactId);
      return next;
    });

  const toggleVisible = () =>
    setSelected((previous) => {
      const next = new Set(previous);
      for (const duplicate of visible) {
        if (allVisibleSelected) next.delete(duplicate.contactId);
        else next.add(duplicate.contactId);
      }
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
          <table className="w-full text-left text-sm">
            <thead className="sticky top-0 bg-slate-50 text-xs text-slate-600 uppercase">
              <tr>
                <th scope="col" className="w-10 px-3 py-2">
                  <input
                    type="checkbox"
                    aria-label={t('selectAll')}
                    checked={allVisibleSelected}
                    onChange={toggleVisible}
                  />
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('name')}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('email')}
                </th>
              </tr>
            </thead>
            <tbody>
              {visible.map((duplicate) => (
                <tr
                  key={duplicate.contactId}
                  className="cursor-pointer border-t border-slate-100 hover:bg-slate-50"
                  onClick={() => toggle(duplicate.contactId)}
                >
                  <td className="px-3 py-2">
                    <input
                      type="checkbox"
                      aria-label={duplicate.name}
                      checked={selected.has(duplicate.contactId)}
                      onChange={() => toggle(duplicate.contactId)}
                      onClick={(event) => event.stopPropagation()}
                    />
                  </td>
                  <td className="px-3 py-2 text-slate-900">{duplicate.name}</td>
                  <td className="px-3 py-2 text-slate-600">{duplicate.email ?? ''}</td>
                </tr>
              ))}
              {visible.length === 0 ? (
                <tr>
                  <td colSpan={3} className="px-3 py-6 text-center text-slate-500">
                    {t('empty')}
                  </td>
                </tr>
              ) : null}
            </tbody>
          </table>
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
