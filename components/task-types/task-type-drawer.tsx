'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { useForm, useWatch, type DefaultValues } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Field, TextInput } from '@/components/ui/field';
import { api } from '@/lib/client/api';
import { TaskTypeBody, taskTypeDuration, type TaskTypeView } from '@/lib/contract/task-types';
import { CheckboxList } from '@/components/ui/checkbox-list';
import { RecordDrawer } from '@/components/record-drawer/record-drawer';
import { useRecordDrawerTexts } from '@/components/record-drawer/record-drawer-texts';
import { isConflict, isNotFound, localizeContractMessage, serverFieldErrors, useDrawerRecord } from '@/components/record-drawer/use-drawer-record';
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
  const texts = useRecordDrawerTexts('taskTypeDrawer');
  const formId = useId();
  const [busy, setBusy] = useState(false);
  const choices = useTaskTypeChoices(open);
  const form = useForm<TaskTypeFormValues, unknown, TaskTypeBody>({
    resolver: zodResolver(TaskTypeBody),
    defaultValues: formValuesOf(null),
  });
  const { register, handleSubmit, reset, setError, setValue, control, formState } = form;
  const skillLinks = useWatch({ control, name: 'skills' });
  const fieldLinks = useWatch({ control, name: 'customFields' });
  const editing = taskTypeId !== null;

  const close = () => {
    forget();
    reset(formValuesOf(null));
    onClose();
  };

  const { loading, forget } = useDrawerRecord<TaskTypeView>({
    open,
    path: taskTypeId === null ? null : `task-types/${taskTypeId}`,
    onLoaded: (view) => reset(formValuesOf(view)),
    onFailed: (error) => {
      if (isNotFound(error)) toast.error(t('loadFailed'));
      close();
    },
  });

  const localize = (message: string | undefined) =>
    localizeContractMessage(
      message,
      {
        'Type is required': t('messages.typeRequired'),
        'Duration is required': t('messages.durationRequired'),
        [`Duration must be a whole number between ${taskTypeDuration.min} and ${taskTypeDuration.max}`]: t(
          'messages.durationRange',
          taskTypeDuration,
        ),
      },
      (max) => t('messages.tooLong', { max }),
    );

  const save = handleSubmit(async (body) => {
    setBusy(true);
    try {
      const saved = await api<TaskTypeView>(editing ? `task-types/${taskTypeId}` : 'task-types', {
        method: editing ? 'PUT' : 'POST',
        // Without the skills feature the picker is hidden, so the stored skill links are left as they are.
        json: choices.skillsEnabled ? body : { ...body, skills: undefined },
        quietStatuses: [400],
      });
      toast.success(t('saved'));
      onSaved?.(saved);
      close();
    } catch (error) {
      if (isConflict(error)) toast.warning(t('alreadyExists'));
      else if (isNotFound(error)) toast.error(t('loadFailed'));
      const fields = serverFieldErrors(error);
      for (const [path, messages] of Object.entries(fields ?? {})) {
        const field = formFields.find((name) => path === name || path.startsWith(`${name}.`));
        if (field) setError(field, { message: messages[0] });
      }
    } finally {
      setBusy(false);
    }
  });

  const remove = async () => {
    if (taskTypeId === null) return;
    setBusy(true);
    try {
      await api<TaskTypeView>(`task-types/${taskTypeId}`, { method: 'DELETE' });
      toast.success(t('deleted'));
      onDeleted?.(taskTypeId);
      close();
    } catch (error) {
      if (isNotFound(error)) toast.error(t('loadFailed'));
    } finally {
      setBusy(false);
    }
  };

  const { errors } = formState;
  const chosenSkills = (skillLinks ?? []).map(({ skillId }) => Number(skillId));
  const chosenFields = (fieldLinks ?? []).map(({ customFieldId }) => Number(customFieldId));

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
      <form id={formId} noValidate onSubmit={save} className="flex flex-col gap-4">
        <Field label={t('type')} error={localize(errors.type?.message)}>
          <TextInput invalid={Boolean(errors.type)} autoComplete="off" {...register('type')} />
        </Field>
        <Field label={t('durationMins')} error={localize(errors.durationMins?.message)}>
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
            error={localize(errors.skills?.message)}
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
          error={localize(errors.customFields?.message)}
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
