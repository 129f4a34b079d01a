'use client';

import { RecordDrawer } from '@/components/record-drawer/record-drawer';
import { useRecordForm } from '@/components/record-drawer/use-record-form';
import { ClientBody, type ClientView } from '@/lib/contract/clients';
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
  const { form, submit, frame } = useRecordForm<ClientFormValues, ClientBody, ClientView>({
    schema: ClientBody,
    valuesOf: formValuesOf,
    fields: clientFieldPaths,
    open,
    collection: 'clients',
    id: clientId,
    namespace: 'clientDrawer',
    onClose,
    onSaved,
    onDeleted,
    // A display name another client has (409) is named on the field, as the server says why under displayName.
    fieldErrorStatuses: [400, 409],
  });
  const { register, getFieldState, formState } = form;
  const errorOf = (path: ClientFieldPath) => getFieldState(path, formState).error?.message;

  return (
    <RecordDrawer {...frame}>
      <form id={frame.formId} noValidate onSubmit={submit}>
        <ClientFormFields register={register} errorOf={errorOf} />
      </form>
    </RecordDrawer>
  );
}
