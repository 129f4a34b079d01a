'use client';

import { useCallback, useEffect, useState } from 'react';
import { api } from '@/lib/client/api';
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

/** Everything the form's pickers offer, read once per opening; lists arrive without deleted items. */
export function useReferenceData(open: boolean) {
  const [data, setData] = useState<ReferenceData | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    try {
      const [taskTypes, clients, customFields, timeSlots, reasons, features, me] = await Promise.all([
        api<TaskTypeView[]>('task-types'),
        api<ClientView[]>('clients'),
        api<CustomFieldView[]>('custom-field'),
        api<TimeSlotView[]>('time-slot'),
        api<CancellationReasonView[]>('cancellation_reason'),
        api<TenantFeatureView[]>('tenant_feature'),
        api<Me>('users/me'),
      ]);
      setData({
        taskTypes,
        clients,
        customFields,
        timeSlots,
        reasons,
        features: features.map((feature) => feature.feature.id),
        twentyFourHour: me.preferredTimeFormat,
        timeZone: me.tenantTimeZone,
      });
    } catch {
      setFailed(true);
    }
  }, []);

  useEffect(() => {
    if (!open) return;
    // Loading is an outside effect: the lists are read when the drawer opens.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void load();
  }, [open, load]);

  return { data, failed, reload: load, setData };
}
