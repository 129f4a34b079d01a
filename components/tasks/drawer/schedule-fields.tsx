'use client';

import { useTranslations } from 'next-intl';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { Combobox } from '@/components/ui/combobox';
import { DatePicker } from '@/components/ui/date-picker';
import { api } from '@/lib/client/api';
import { taskDrawerKeys } from '@/lib/client/query-keys';
import { scheduleControls } from '@/lib/client/task-form/schedule';
import { timeOptions } from '@/lib/client/task-form/time';
import { zonedIsoInstant } from '@/lib/contract/zoned-time';
import type { AssignmentCheckResponse, AssignmentWarning } from '@/lib/contract/task-form';
import { AssignmentWarningDialog } from './assignment-warnings';
import { idOrNull, type TaskFormValues } from './form-values';


interface Worker {
  id: number;
  name: string;
  surname: string;
}

const noWorkers: Worker[] = [];

export interface ScheduleContext {
  twentyFourHour: boolean;
  timeZone: string;
  showTimeSlots: boolean;
  timeSlots: { id: number; nameTimeSlot: string; startTimeSlot: string }[];
  /** The worker the task already has: busy with this very task, so the free-workers call leaves them out. */
  currentAssignee: Worker | null;
  startTime: string;
  durationMins: number;
  disabled: boolean;
  dateError?: string;
}

/** Date, time, time slot and worker, with spec 01 §2's rules between them and the assignment warnings. */
export function ScheduleFields({ form, context }: { form: UseFormReturn<TaskFormValues>; context: ScheduleContext }) {
  const t = useTranslations('taskDrawer');
  const { setValue, control } = form;
  const [typeId, scheduleDate, scheduleTime, timeSlotId, latitude, longitude] = useWatch({
    control,
    name: [
    'typeId',
    'scheduleDate',
    'scheduleTime',
    'timeSlotId',
    'location.latitude',
      'location.longitude',
    ],
  });
  const controls = scheduleControls({ typeId: idOrNull(typeId), scheduleDate, scheduleTime, timeSlotId: idOrNull(timeSlotId) });
  const [warnings, setWarnings] = useState<AssignmentWarning[]>([]);
  const options = useMemo(() => timeOptions(context.twentyFourHour), [context.twentyFourHour]);

  const from = scheduleDate ? zonedIsoInstant(scheduleDate, context.startTime, context.timeZone) : null;
  const to = from ? new Date(Date.parse(from) + context.durationMins * 60_000).toISOString() : null;
  const free = useQuery({
    queryKey: taskDrawerKeys.freeWorkers(from ?? '', to ?? ''),
    queryFn: () => api<Worker[]>(`users/available?appointmentFrom=${encodeURIComponent(from ?? '')}&appointmentTo=${encodeURIComponent(to ?? '')}`),
    enabled: from !== null && !controls.workerDisabled,
    placeholderData: keepPreviousData,
  });
  const freeWorkers = free.data ?? noWorkers;

  const workers = useMemo(() => {
    const all = [...freeWorkers];
    if (context.currentAssignee && !all.some((worker) => worker.id === context.currentAssignee?.id)) all.unshift(context.currentAssignee);
    return all;
  }, [freeWorkers, context.currentAssignee]);

  async function checkWorker(assigneeId: string) {
    if (!assigneeId) return;
    const query = new URLSearchParams({ assigneeId });
    if (typeId) query.set('typeId', typeId);
    if (from) query.set('date', from);
    query.set('durationMins', String(context.durationMins));
    if (latitude !== null && longitude !== null) {
      query.set('latitude', String(latitude));
      query.set('longitude', String(longitude));
    }
    try {
      const answer = await api<AssignmentCheckResponse>(`tasks/assignment-check?${query.toString()}`);
      setWarnings(answer.warnings);
    } catch {
      setWarnings([]);
    }
  }

  const timeChoices = useMemo(() => options.map((option) => ({ value: option.value, label: option.label })), [options]);
  const slotChoices = context.timeSlots.map((slot) => ({ value: String(slot.id), label: slot.nameTimeSlot }));
  const workerChoices = workers.map((worker) => ({ value: String(worker.id), label: `${worker.name} ${worker.surname}` }));

  return (
    <>
      <div className="grid grid-cols-2 items-start gap-3">
        <Controller
          control={control}
          name="scheduleDate"
          render={({ field }) => (
            <DatePicker
              label={t('fields.scheduleDate')}
              value={field.value}
              clearable
              disabled={context.disabled}
              error={context.dateError}
              onChange={(next) => {
                field.onChange(next);
                if (next === '') {
                  setValue('scheduleTime', '', { shouldDirty: true });
                  setValue('assigneeId', '', { shouldDirty: true });
                }
              }}
            />
          )}
        />
        <Controller
          control={control}
          name="scheduleTime"
          render={({ field }) => (
            <Combobox
              label={t('fields.scheduleTime')}
              value={field.value}
              options={timeChoices}
              clearLabel={t('choose')}
              disabled={context.disabled || controls.timeDisabled}
              onChange={(next) => {
                field.onChange(next);
                if (next) setValue('timeSlotId', '', { shouldDirty: true });
              }}
            />
          )}
        />
      </div>
      {context.showTimeSlots ? (
        <Controller
          control={control}
          name="timeSlotId"
          render={({ field }) => (
            <Combobox
              label={t('fields.timeSlot')}
              value={field.value}
              options={slotChoices}
              clearLabel={t('none')}
              disabled={context.disabled || controls.slotDisabled}
              onChange={(next) => {
                field.onChange(next);
                if (next) setValue('scheduleTime', '', { shouldDirty: true });
              }}
            />
          )}
        />
      ) : null}
      <div className="flex flex-col gap-1">
        <Controller
          control={control}
          name="assigneeId"
          render={({ field }) => (
            <Combobox
              label={t('fields.worker')}
              value={field.value}
              options={workerChoices}
              clearLabel={t('none')}
              disabled={context.disabled || controls.workerDisabled}
              onChange={(next) => {
                field.onChange(next);
                void checkWorker(next);
              }}
            />
          )}
        />
        {controls.workerError && !context.disabled ? <p className="text-xs text-slate-500">{t('workerError')}</p> : null}
      </div>
      <AssignmentWarningDialog
        warnings={warnings}
        onProceed={() => setWarnings((open) => open.slice(1))}
        onCancel={() => {
          setWarnings([]);
          setValue('assigneeId', '', { shouldDirty: true });
        }}
      />
    </>
  );
}
