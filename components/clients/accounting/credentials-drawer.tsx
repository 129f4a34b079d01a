'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { useDrawerRecord } from '@/components/record-drawer/use-drawer-record';
import { Button } from '@/components/ui/button';
import { DialogActions } from '@/components/ui/dialog-actions';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Drawer } from '@/components/ui/drawer';
import { Field, selectClass, TextInput } from '@/components/ui/field';
import { api } from '@/lib/client/api';
import {
  AccountingErrorCode,
  connectionMethods,
  type AccountingCredentialsView,
  type AccountingTestAnswer,
  type ConnectionMethod,
} from '@/lib/contract/accounting';
import { accountingQuietStatuses, useAccountingError } from './use-accounting-error';

interface Fields {
  connectionMethod: ConnectionMethod;
  clientId: string;
  clientSecret: string;
}

const fieldsOf = (view: AccountingCredentialsView | null): Fields => ({
  connectionMethod: view?.connectionMethod ?? 'WEB_APP',
  clientId: view?.clientId ?? '',
  clientSecret: '',
});

/**
 * The accounting provider's credentials (spec 03 §2.7, §4): Save is enabled only after a successful test, or when
 * the saved web app is authorised and nothing was changed. For a web app the test saves the credentials and sends
 * the browser to the provider's consent page; /app/main/callback finishes on the server.
 */
export function CredentialsDrawer({
  open,
  onClose,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  onSaved: (view: AccountingCredentialsView) => void;
}) {
  const t = useTranslations('accounting.drawer');
  const tm = useTranslations('accounting.messages');
  const showError = useAccountingError();
  const idPrefix = useId();
  const [saved, setSaved] = useState<AccountingCredentialsView | null>(null);
  const [fields, setFields] = useState<Fields>(fieldsOf(null));
  const [tested, setTested] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [confirmClose, setConfirmClose] = useState(false);

  const fill = (view: AccountingCredentialsView | null) => {
    setSaved(view);
    setFields(fieldsOf(view));
    setTested(false);
    setDirty(false);
  };
  useDrawerRecord<AccountingCredentialsView>({
    open,
    path: 'xero/get-credentials',
    quietStatuses: accountingQuietStatuses,
    onLoaded: fill,
    onFailed: (error) => {
      showError(error);
      fill(null);
    },
  });

  const change = (next: Partial<Fields>) => {
    setFields((previous) => ({ ...previous, ...next }));
    setTested(false);
    setDirty(true);
  };

  const authorisedUnchanged =
    !dirty && saved?.saved === true && saved.authorised && saved.connectionMethod === 'WEB_APP';
  const canSave = !busy && (tested || authorisedUnchanged);
  const filled = fields.clientId.trim() !== '' && fields.clientSecret.trim() !== '';

  const close = () => (dirty ? setConfirmClose(true) : onClose());

  const test = async () => {
    if (!filled) {
      toast.warning(tm('fillTheFields'));
      return;
    }
    setBusy(true);
    try {
      const answer = await api<AccountingTestAnswer>('xero', {
        method: 'POST',
        json: fields,
        quietStatuses: accountingQuietStatuses,
      });
      if ('authorizationUrl' in answer) {
        // The credentials are saved; the provider's page comes next, then /app/main/callback.
        window.location.assign(answer.authorizationUrl);
        return;
      }
      setTested(answer.valid);
      if (answer.valid) toast.success(tm('credentialsValid'));
      else toast.error(tm('credentialsNotValid'));
    } catch (error) {
      const code = showError(error);
      if (code === AccountingErrorCode.subscriptionInactive) toast.error(tm('testSubscriptionInactive'));
    } finally {
      setBusy(false);
    }
  };

  const save = async () => {
    if (authorisedUnchanged && !filled) {
      toast.success(tm('credentialsSaved'));
      onClose();
      return;
    }
    if (!filled) {
      toast.warning(tm('fillTheFields'));
      return;
    }
    setBusy(true);
    try {
      const view = await api<AccountingCredentialsView>('xero/save-credentials', {
        method: 'POST',
        json: fields,
        quietStatuses: accountingQuietStatuses,
      });
      toast.success(tm('credentialsSaved'));
      setDirty(false);
      onSaved(view);
      onClose();
    } catch (error) {
      showError(error, tm('saveFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Drawer
        open={open}
        onClose={close}
        title={t('title')}
        width={500}
        closeLabel={t('close')}
        footer={
          <DialogActions
            leading={
              <>
                <Button variant="secondary" onClick={() => void test()} disabled={busy}>
                  {busy ? t('testing') : t('test')}
                </Button>
                <span className="flex-1" />
              </>
            }
            cancelLabel={t('cancel')}
            onCancel={close}
            confirmLabel={t('save')}
            onConfirm={() => void save()}
            confirmDisabled={!canSave}
          />
        }
      >
        <div className="flex flex-col gap-4">
          <Field label={t('connectionMethod')}>
            <select
              id={`${idPrefix}-method`}
              className={selectClass}
              value={fields.connectionMethod}
              onChange={(event) => change({ connectionMethod: event.target.value as ConnectionMethod })}
            >
              {connectionMethods.map((method) => (
                <option key={method} value={method}>
                  {method === 'WEB_APP' ? t('webApp') : t('custom')}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t('clientId')}>
            <TextInput
              type="password"
              autoComplete="off"
              value={fields.clientId}
              onChange={(event) => change({ clientId: event.target.value })}
            />
          </Field>
          <Field label={t('clientSecret')}>
            <TextInput
              type="password"
              autoComplete="new-password"
              value={fields.clientSecret}
              onChange={(event) => change({ clientSecret: event.target.value })}
            />
          </Field>
          <p className="text-xs text-slate-500">{t('secretHint')}</p>
          <p className="text-xs text-slate-500">
            {fields.connectionMethod === 'WEB_APP' ? t('webAppHint') : t('customHint')}
          </p>
          {authorisedUnchanged ? <p className="text-sm text-emerald-700">{t('authorised')}</p> : null}
        </div>
      </Drawer>
      <ConfirmDialog
        open={confirmClose}
        title={t('unsavedTitle')}
        message={t('unsavedMessage')}
        confirmLabel={t('unsavedContinue')}
        cancelLabel={t('unsavedCancel')}
        onConfirm={() => {
          setConfirmClose(false);
          setDirty(false);
          onClose();
        }}
        onCancel={() => setConfirmClose(false)}
      />
    </>
  );
}
