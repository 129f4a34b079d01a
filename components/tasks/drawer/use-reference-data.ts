'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '@/lib/client/api';
import { taskDrawerKeys } from '@/lib/client/query-keys';
import type { ClientView } from '@/lib/contract/clients';
import type { CustomFieldView } from '@/lib/contract/custom-fields';
import type { CancellationReasonView, TenantFeatureView } from '@/lib/contract/reference-data';
import type { TaskTypeView } from '@/lib/contract/task-types';
import type { TimeSlotView } from '@/lib/contract/time-slots';

export interface ReferenceData {
  taskTypes: TaskTypeView[];
  clients: ClientView[];
  customFields: CustomFieldView[];
  timeSlots: TimeSlotView[];
  reasons: CancellationReasonView[];
  features: number[];
  twentyFourHour: boolean;
  timeZone: string;
}

interface Me {
  preferredTimeFormat: boolean;
  tenantTimeZone: string;
}

async function readReferenceData(): Promise<ReferenceData> {
  const [taskTypes, clients, customFields, timeSlots, reasons, features, me] = await Promise.all([
    api<TaskTypeView[]>('task-types'),
    api<ClientView[]>('clients'),
    api<CustomFieldView[]>('custom-field'),
    api<TimeSlotView[]>('time-slot'),
    api<CancellationReasonView[]>('cancellation_reason'),
    api<TenantFeatureView[]>('tenant_feature'),
    api<Me>('users/me'),
  ]);
  return {
    taskTypes,
    clients,
    customFields,
    timeSlots,
    reasons,
    features: features.map((feature) => feature.feature.id),
    twentyFourHour: me.preferredTimeFormat,
    timeZone: me.tenantTimeZone,
  };
}

/** Counts the drawer's mounts in this page, so each has a cache entry of its own. */
let openings = 0;

/**
 * Everything the form's pickers offer, read once per opening of the drawer (nothing is kept once it closes, so an
 * opening never offers yesterday's lists); lists arrive without deleted items. `setData` adds what the form created
 * meanwhile (a new task type or client) to the open drawer's lists.
 */
export function useReferenceData() {
  const queryClient = useQueryClient();
  // The drawer is mounted afresh for each task it opens on; a key of its own per mount makes each of those read the
  // lists again, where one shared key would hand the next mount the lists the last one read.
  const [opening] = useState(() => ++openings);
  const key = taskDrawerKeys.reference(opening);
  const reference = useQuery({ queryKey: key, queryFn: readReferenceData, gcTime: 0, staleTime: Infinity });
  return {
    data: reference.data ?? null,
    failed: reference.isError,
    setData: (next: ReferenceData) => queryClient.setQueryData(key, next),
  };
}
