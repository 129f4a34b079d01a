'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useMemo, useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { Field, TextInput, selectClass } from '@/components/ui/field';
import { api } from '@/lib/client/api';
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
  const { register, setValue, control } = form;
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
  const [freeWorkers, setFreeWorkers] = useState<Worker[]>([]);
  const [warnings, setWarnings] = useState<AssignmentWarning[]>([]);
  const options = useMemo(() => timeOptions(context.twentyFourHour), [context.twentyFourHour]);

  const from = scheduleDate ? zonedIsoInstant(scheduleDate, context.startTime, context.timeZone) : null;
  useEffect(() => {
    if (!from || controls.workerDisabled) return;
    const to = new Date(Date.parse(from) + context.durationMins * 60_000).toISOString();
    let current = true;
    api<Worker[]>(`users/available?appointmentFrom=${encodeURIComponent(from)}&appointmentTo=${encodeURIComponent(to)}`)
      .then((workers) => {
        if (current) setFreeWorkers(workers);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [from, context.durationMins, controls.workerDisabled]);

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

  const dateField = register('scheduleDate');
  const workerField = register('assigneeId');
  const timeField = register('scheduleTime');
  const slotField = register('timeSlotId');

  return (
    <>
      <div className="grid grid-cols-2 gap-3">
        <Field label={t('fields.scheduleDate')} error={context.dateError}>
          <TextInput
            type="date"
            {...dateField}
            disabled={context.disabled}
            invalid={Boolean(context.dateError)}
            onChange={(event) => {
              void dateField.onChange(event);
              if (event.target.value === '') {
                setValue('scheduleTime', '', { shouldDirty: true });
                setValue('assigneeId', '', { shouldDirty: true });
              }
            }}
          />
        </Field>
        <Field label={t('fields.scheduleTime')}>
          <select
            className={selectClass}
            {...timeField}
            disabled={context.disabled || controls.timeDisabled}
            onChange={(event) => {
              void timeField.onChange(event);
              if (event.target.value) setValue('timeSlotId', '', { shouldDirty: true });
            }}
          >
            <option value="">{t('choose')}</option>
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </Field>
      </div>
      {context.showTimeSlots ? (
        <Field label={t('fields.timeSlot')}>
          <select
            className={selectClass}
            {...slotField}
            disabled={context.disabled || controls.slotDisabled}
            onChange={(event) => {
              void slotField.onChange(event);
              if (event.target.value) setValue('scheduleTime', '', { shouldDirty: true });
            }}
          >
            <option value="">{t('none')}</option>
            {context.timeSlots.map((slot) => (
              <option key={slot.id} value={slot.id}>
                {slot.nameTimeSlot}
              </option>
            ))}
          </select>
        </Field>
      ) : null}
      <div className="flex flex-col gap-1">
        <Field label={t('fields.worker')}>
          <select
            className={selectClass}
            {...workerField}
            disabled={context.disabled || controls.workerDisabled}
            onChange={(event) => {
              void workerField.onChange(event);
              void checkWorker(event.target.value);
            }}
          >
            <option value="">{t('none')}</option>
            {workers.map((worker) => (
              <option key={worker.id} value={worker.id}>
                {worker.name} {worker.surname}
              </option>
            ))}
          </select>
        </Field>
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
