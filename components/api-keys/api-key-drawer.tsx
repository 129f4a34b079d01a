'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useWatch, type DefaultValues } from 'react-hook-form';
import type { z } from 'zod';
import { RecordDrawer } from '@/components/record-drawer/record-drawer';
import { useRecordForm } from '@/components/record-drawer/use-record-form';
import { CheckboxList } from '@/components/ui/checkbox-list';
import { DatePicker } from '@/components/ui/date-picker';
import { Field, TextInput } from '@/components/ui/field';
import {
  ApiKeyBody,
  apiKeyRoles,
  defaultApiKeyRoles,
  type ApiKeyRole,
  type ApiKeyView,
  type CreatedApiKeyView,
} from '@/lib/contract/api-keys';
import type { Role } from '@/lib/contract/roles';
import { todayIn } from '@/lib/contract/zoned-time';

type ApiKeyFormValues = z.input<typeof ApiKeyBody>;

const formFields = ['nameApiKey', 'expiry', 'roles'] as const;

/** The checkbox list chooses numbers: a role is its place in the list, plus one. */
const roleNumber = (role: ApiKeyRole) => apiKeyRoles.indexOf(role) + 1;
const roleOfNumber = (id: number) => apiKeyRoles[id - 1];

/** A new key gets tasksManager when its maker holds it (00-decisions), else the first role they can give. */
function newKeyRoles(held: readonly Role[]): ApiKeyRole[] {
  if (defaultApiKeyRoles.every((role) => held.includes(role))) return [...defaultApiKeyRoles];
  const first = apiKeyRoles.find((role) => held.includes(role));
  return first ? [first] : [];
}

/**
 * Adds (keyId null) or modifies an API key: its name, last day and roles. The key itself is made by the server;
 * a new one reaches `onCreated` with the key in full, for the list to show it once.
 */
export function ApiKeyDrawer({
  open,
  keyId,
  heldRoles,
  tenantTimeZone,
  onClose,
  onSaved,
  onCreated,
  onDeleted,
}: {
  open: boolean;
  keyId: number | null;
  heldRoles: readonly Role[];
  tenantTimeZone: string;
  onClose: () => void;
  onSaved: () => void;
  onCreated: (created: CreatedApiKeyView) => void;
  onDeleted: () => void;
}) {
  const t = useTranslations('apiKeys');
  const formValuesOf = (view: ApiKeyView | null): DefaultValues<ApiKeyFormValues> => ({
    nameApiKey: view?.nameApiKey ?? '',
    expiry: view?.expiry ?? null,
    roles: view?.roles ?? newKeyRoles(heldRoles),
  });
  /** The roles the stored key has: they stay offered even when the person editing does not hold them. */
  const [storedRoles, setStoredRoles] = useState<ApiKeyRole[]>([]);
  const { form, submit, frame } = useRecordForm<ApiKeyFormValues, ApiKeyBody, ApiKeyView | CreatedApiKeyView>({
    schema: ApiKeyBody,
    valuesOf: formValuesOf,
    fields: formFields,
    onReset: (view) => setStoredRoles(view?.roles ?? []),
    open,
    collection: 'key',
    id: keyId,
    namespace: 'apiKeys',
    onClose,
    onSaved: (saved) => {
      if ('apiKey' in saved) onCreated(saved);
      onSaved();
    },
    onDeleted,
  });
  const { register, setValue, control, formState } = form;
  const expiry = useWatch({ control, name: 'expiry' });
  const roles = useWatch({ control, name: 'roles' });

  const offered = apiKeyRoles.filter((role) => heldRoles.includes(role) || storedRoles.includes(role));
  const { errors } = formState;

  return (
    <RecordDrawer {...frame}>
      <form id={frame.formId} noValidate onSubmit={submit} className="flex flex-col gap-4">
        <Field label={t('name')} error={errors.nameApiKey?.message}>
          <TextInput invalid={Boolean(errors.nameApiKey)} autoComplete="off" {...register('nameApiKey')} />
        </Field>
        <div className="flex flex-col gap-1">
          <DatePicker
            label={t('expiry')}
            value={expiry ?? ''}
            clearable
            min={todayIn(tenantTimeZone)}
            error={errors.expiry?.message}
            onChange={(date) => setValue('expiry', date === '' ? null : date, { shouldDirty: true })}
          />
          <p className="text-xs text-slate-500">{t('expiryHint', { timeZone: tenantTimeZone })}</p>
        </div>
        <div className="flex flex-col gap-1">
          <CheckboxList
            legend={t('roles')}
            options={offered.map((role) => ({ id: roleNumber(role), label: t(`roleNames.${role}`) }))}
            chosen={(roles ?? []).map(roleNumber)}
            emptyText={t('noRoles')}
            error={errors.roles?.message}
            onChange={(ids) => setValue('roles', ids.map(roleOfNumber), { shouldDirty: true })}
          />
          <p className="text-xs text-slate-500">{t('rolesHint')}</p>
        </div>
      </form>
    </RecordDrawer>
  );
}
