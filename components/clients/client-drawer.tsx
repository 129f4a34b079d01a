'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { RecordDrawer } from '@/components/record-drawer/record-drawer';
import { useRecordDrawerTexts } from '@/components/record-drawer/record-drawer-texts';
import { localizeContractMessage } from '@/components/record-drawer/use-drawer-record';
import { useRecordActions } from '@/components/record-drawer/use-record-actions';
import { ClientBody, invalidEmailMessage, type ClientView } from '@/lib/contract/clients';
import { useErrorsClearedOnChange } from '@/components/record-drawer/use-errors-cleared-on-change';
import { ClientFormFields, clientFieldPaths, type ClientFieldPath, type ClientFormValues } from './client-form-fields';

/** Every input starts as text ('' when absent) or a null coordinate, so clearing an input does not count as a change. */
const formValuesOf = (view: ClientView | null): ClientFormValues => ({
  displayName: view?.displayName ?? '',
  defaultContact: {
    name: view?.defaultContact.name ?? '',
    surname: view?.defaultContact.surname ?? '',
    phoneCountryCode: view?.defaultContact.phoneCountryCode ?? '',
    phone: view?.defaultContact.phone ?? '',
  },
  defaultTaskLocation: {
    address: view?.defaultTaskLocation.address ?? '',
    latitude: view?.defaultTaskLocation.latitude ?? null,
    longitude: view?.defaultTaskLocation.longitude ?? null,
  },
  billingContact: {
    name: view?.billingContact.name ?? '',
    surname: view?.billingContact.surname ?? '',
    phoneCountryCode: view?.billingContact.phoneCountryCode ?? '',
    phone: view?.billingContact.phone ?? '',
    email: view?.billingContact.email ?? '',
    address: view?.billingContact.address ?? '',
  },
});

/** Adds (clientId null) or modifies a client, on its own or nested in the task form (spec 01 §2). */
export function ClientDrawer({
  open,
  clientId,
  onClose,
  onSaved,
  onDeleted,
}: {
  open: boolean;
  clientId: number | null;
  onClose: () => void;
  onSaved?: (client: ClientView) => void;
  onDeleted?: (id: number) => void;
}) {
  const t = useTranslations('clientDrawer');
  const texts = useRecordDrawerTexts('clientDrawer');
  const formId = useId();
  const form = useForm<ClientFormValues, unknown, ClientBody>({
    resolver: zodResolver(ClientBody),
    defaultValues: formValuesOf(null),
  });
  const { register, handleSubmit, reset, setError, getFieldState, formState } = form;
  useErrorsClearedOnChange(form);
  const editing = clientId !== null;

  const { loading, busy, close, save, remove } = useRecordActions<ClientView>({
    open,
    collection: 'clients',
    id: clientId,
    namespace: 'clientDrawer',
    resetTo: (view) => reset(formValuesOf(view)),
    onFieldError: (path, message) => {
      const field = clientFieldPaths.find((known) => known === path);
      if (field) setError(field, { message });
    },
    onClose,
    onSaved,
    onDeleted,
  });

  const errorOf = (path: ClientFieldPath) =>
    localizeContractMessage(
      getFieldState(path, formState).error?.message,
      {
        'Display name is required': t('messages.displayNameRequired'),
        [invalidEmailMessage]: t('messages.invalidEmail'),
        'Latitude must be between -90 and 90': t('messages.latitudeRange'),
        'Longitude must be between -180 and 180': t('messages.longitudeRange'),
      },
      (max) => t('messages.tooLong', { max }),
    );

  return (
    <RecordDrawer
      open={open}
      title={editing ? t('editTitle') : t('addTitle')}
      formId={formId}
      texts={texts}
      loading={loading}
      dirty={formState.isDirty}
      editing={editing}
      busy={busy}
      onClose={close}
      onDelete={remove}
    >
      <form id={formId} noValidate onSubmit={handleSubmit(save)}>
        <ClientFormFields register={register} errorOf={errorOf} />
      </form>
    </RecordDrawer>
  );
}
