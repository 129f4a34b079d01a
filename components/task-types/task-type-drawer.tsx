'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useWatch, type DefaultValues } from 'react-hook-form';
import type { z } from 'zod';
import { Field, TextInput } from '@/components/ui/field';
import { TaskTypeBody, taskTypeDuration, type TaskTypeDetailView, type TaskTypeView } from '@/lib/contract/task-types';
import { CheckboxList } from '@/components/ui/checkbox-list';
import { RecordDrawer } from '@/components/record-drawer/record-drawer';
import { useRecordForm } from '@/components/record-drawer/use-record-form';
import { useTaskTypeChoices } from './use-task-type-choices';

/** The form holds what the body schema reads; ids from the checkboxes are numbers already. */
type TaskTypeFormValues = z.input<typeof TaskTypeBody>;

const formValuesOf = (view: TaskTypeView | null): DefaultValues<TaskTypeFormValues> => ({
  type: view?.type ?? '',
  // A new type starts with no duration: the user must choose one (spec 01 §5).
  durationMins: view?.durationMins,
  skills: view?.skills.map(({ skillId }) => ({ skillId })) ?? [],
  customFields: view?.customFields.map(({ customFieldId }) => ({ customFieldId })) ?? [],
});

const formFields = ['type', 'durationMins', 'skills', 'customFields'] as const;

/** Adds (taskTypeId null) or modifies a task type, as its own screen or nested in the task form (spec 01 §2). */
export function TaskTypeDrawer({
  open,
  taskTypeId,
  onClose,
  onSaved,
  onDeleted,
}: {
  open: boolean;
  taskTypeId: number | null;
  onClose: () => void;
  onSaved?: (taskType: TaskTypeView) => void;
  onDeleted?: (id: number) => void;
}) {
  const t = useTranslations('taskTypeDrawer');
  const choices = useTaskTypeChoices(open);
  const tFixes = useTranslations('formFixes');
  /** Open tasks that use the type, as GET task-types/{id} counts them: the delete confirmation names them. */
  const [openTaskCount, setOpenTaskCount] = useState(0);
  const { form, save, frame } = useRecordForm<TaskTypeFormValues, TaskTypeBody, TaskTypeView & Partial<TaskTypeDetailView>>({
    schema: TaskTypeBody,
    valuesOf: formValuesOf,
    fields: formFields,
    onReset: (view) => setOpenTaskCount(view?.openTaskCount ?? 0),
    open,
    collection: 'task-types',
    id: taskTypeId,
    namespace: 'taskTypeDrawer',
    // A name already taken (409) is said beside the type, skills refused without the feature (422) beside them.
    fieldErrorStatuses: [400, 409, 422],
    onClose,
    onSaved,
    onDeleted,
  });
  const { register, handleSubmit, setValue, control, formState } = form;
  const skillLinks = useWatch({ control, name: 'skills' });
  const fieldLinks = useWatch({ control, name: 'customFields' });
  const { texts } = frame;

  // Without the skills feature the picker is hidden, so the stored skill links are left as they are.
  const submit = handleSubmit((body) => save(choices.skillsEnabled ? body : { ...body, skills: undefined }));

  const { errors } = formState;
  const chosenSkills = (skillLinks ?? []).map(({ skillId }) => Number(skillId));
  const chosenFields = (fieldLinks ?? []).map(({ customFieldId }) => Number(customFieldId));

  return (
    <RecordDrawer
      {...frame}
      texts={
        openTaskCount > 0
          ? { ...texts, deleteMessage: `${tFixes('openTasksUseType', { count: openTaskCount })} ${texts.deleteMessage}` }
          : texts
      }
    >
      <form id={frame.formId} noValidate onSubmit={submit} className="flex flex-col gap-4">
        <Field label={t('type')} error={errors.type?.message}>
          <TextInput invalid={Boolean(errors.type)} autoComplete="off" {...register('type')} />
        </Field>
        <Field label={t('durationMins')} error={errors.durationMins?.message}>
          <TextInput
            type="number"
            inputMode="numeric"
            min={taskTypeDuration.min}
            max={taskTypeDuration.max}
            step={1}
            invalid={Boolean(errors.durationMins)}
            {...register('durationMins', { setValueAs: (value: string) => (value === '' ? undefined : Number(value)) })}
          />
        </Field>
        {choices.skillsEnabled ? (
          <CheckboxList
            legend={t('skills')}
            options={choices.skills}
            chosen={chosenSkills}
            emptyText={t('noSkills')}
            error={errors.skills?.message}
            onChange={(ids) =>
              setValue(
                'skills',
                ids.map((skillId) => ({ skillId })),
                { shouldDirty: true },
              )
            }
          />
        ) : null}
        <CheckboxList
          legend={t('customFields')}
          options={choices.customFields}
          chosen={chosenFields}
          emptyText={t('noCustomFields')}
          error={errors.customFields?.message}
          onChange={(ids) =>
            setValue(
              'customFields',
              ids.map((customFieldId) => ({ customFieldId })),
              { shouldDirty: true },
            )
          }
        />
      </form>
    </RecordDrawer>
  );
}
