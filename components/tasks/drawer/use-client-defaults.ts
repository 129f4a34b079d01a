'use client';

import { useEffect, useRef } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { clientDefaultsFor, type ContactValues, type LocationValues } from '@/lib/client/task-form/client-defaults';
import type { ClientView } from '@/lib/contract/clients';
import type { TaskFormValues } from './form-values';

/**
 * Spec 01 §2 fix: choosing a client fills the task's contact and location (the map follows the coordinates) from
 * the client's defaults where the task has none. `startClientId` is the client the form opened with: an existing
 * task's own client fills nothing, while a new task preset with a client takes its defaults.
 */
export function useClientDefaults(form: UseFormReturn<TaskFormValues>, clients: readonly ClientView[], startClientId: string) {
  const clientId = useWatch({ control: form.control, name: 'clientId' });
  const handledClientId = useRef(startClientId);
  const filled = useRef<{ contact: ContactValues | null; location: LocationValues | null }>({ contact: null, location: null });

  useEffect(() => {
    if (clientId === handledClientId.current) return;
    const client = clients.find((known) => String(known.id) === clientId);
    // A client just added in the nested drawer is chosen before the lists know it: wait for them.
    if (!client && clientId !== '') return;
    handledClientId.current = clientId;
    if (!client) return;
    const current = form.getValues();
    const fills = clientDefaultsFor(
      { contact: current.contact, location: current.location, filledContact: filled.current.contact, filledLocation: filled.current.location },
      client,
    );
    if (fills.contact) {
      form.setValue('contact', fills.contact, { shouldDirty: true });
      filled.current.contact = fills.contact;
    }
    if (fills.location) {
      form.setValue('location', fills.location, { shouldDirty: true });
      filled.current.location = fills.location;
    }
  }, [clientId, clients, form]);
}
