'use client';

import { useTranslations } from 'next-intl';
import { Controller } from 'react-hook-form';
import type { z } from 'zod';
import { RecordDrawer } from '@/components/record-drawer/record-drawer';
import { useRecordForm } from '@/components/record-drawer/use-record-form';
import { Combobox } from '@/components/ui/combobox';
import { Field, TextInput } from '@/components/ui/field';
import { timeOptions } from '@/lib/client/task-form/time';
import { formatTimeOfDay } from '@/lib/contract/time-of-day';
import { TimeSlotBody, type TimeSlotView } from '@/lib/contract/time-slots';

type TimeSlotFormValues = z.input<typeof TimeSlotBody>;

/** The pickers hold 'HH:mm'; the API answers 'HH:mm:ss'. */
const hoursAndMinutes = (time: string) => time.slice(0, 5);

const formValuesOf = (view: TimeSlotView | null): TimeSlotFormValues => ({
  nameTimeSlot: view?.nameTimeSlot ?? '',
  startTimeSlot: view ? hoursAndMinutes(view.startTimeSlot) : '',
  endTimeSlot: view ? hoursAndMinutes(view.endTimeSlot) : '',
});

const formFields = ['nameTimeSlot', 'startTimeSlot', 'endTimeSlot'] as const;

/** Quarter hours in the user's format, plus a stored time off that grid so an existing slot still shows its own. */
function choicesWith(value: string | undefined, twentyFourHour: boolean) {
  const options = timeOptions(twentyFourHour);
  if (!value || options.some((option) => option.value === value)) return options;
  return [...options, { value, label: formatTimeOfDay(value, twentyFourHour) }].sort((a, b) => a.value.localeCompare(b.value));
}

/** Adds (timeSlotId null) or modifies a time slot: a unique name, a start and a later end (spec 03 §5). */
export function TimeSlotDrawer({
  open,
  timeSlotId,
  twentyFourHour,
  onClose,
  onSaved,
  onDeleted,
}: {
  open: boolean;
  timeSlotId: number | null;
  twentyFourHour: boolean;
  onClose: () => void;
  onSaved?: (slot: TimeSlotView) => void;
  onDeleted?: (id: number) => void;
}) {
  const t = useTranslations('timeSlots');
  const { form, submit, frame } = useRecordForm<TimeSlotFormValues, TimeSlotBody, TimeSlotView>({
    schema: TimeSlotBody,
    valuesOf: formValuesOf,
    fields: formFields,
    open,
    collection: 'time-slot',
    id: timeSlotId,
    namespace: 'timeSlots',
    // A name already taken (409) is said beside the name, by its code.
    fieldErrorStatuses: [400, 409],
    onClose,
    onSaved,
    onDeleted,
  });
  const { register, control, formState } = form;
  const { errors } = formState;

  return (
    <RecordDrawer {...frame}>
      <form id={frame.formId} noValidate onSubmit={submit} className="flex flex-col gap-4">
        <Field label={t('name')} error={errors.nameTimeSlot?.message}>
          <TextInput invalid={Boolean(errors.nameTimeSlot)} autoComplete="off" {...register('nameTimeSlot')} />
        </Field>
        <div className="grid grid-cols-2 items-start gap-3">
          <Controller
            control={control}
            name="startTimeSlot"
            render={({ field }) => (
              <Combobox
                label={t('start')}
                value={field.value ?? ''}
                options={choicesWith(field.value, twentyFourHour)}
                error={errors.startTimeSlot?.message}
                onChange={field.onChange}
              />
            )}
          />
          <Controller
            control={control}
            name="endTimeSlot"
            render={({ field }) => (
              <Combobox
                label={t('end')}
                value={field.value ?? ''}
                options={choicesWith(field.value, twentyFourHour)}
                error={errors.endTimeSlot?.message}
                onChange={field.onChange}
              />
            )}
          />
        </div>
      </form>
    </RecordDrawer>
  );
}
