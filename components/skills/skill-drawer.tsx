'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { useForm, useWatch, type DefaultValues } from 'react-hook-form';
import type { z } from 'zod';
import { RecordDrawer } from '@/components/record-drawer/record-drawer';
import { useRecordDrawerTexts } from '@/components/record-drawer/record-drawer-texts';
import { useErrorsClearedOnChange } from '@/components/record-drawer/use-errors-cleared-on-change';
import { localizeContractMessage } from '@/components/record-drawer/use-drawer-record';
import { useRecordActions } from '@/components/record-drawer/use-record-actions';
import { Field, TextInput } from '@/components/ui/field';
import { isSkillIcon, SkillBody, skillMessages, type SkillView } from '@/lib/contract/skills';
import { SkillIconPicker } from './skill-icon-picker';

type SkillFormValues = z.input<typeof SkillBody>;

/** A new skill starts without an icon: the user chooses one (spec 03 §5). An icon outside the list must be replaced. */
const formValuesOf = (view: SkillView | null): DefaultValues<SkillFormValues> => ({
  name: view?.name ?? '',
  icon: view && isSkillIcon(view.icon) ? view.icon : undefined,
});

const formFields = ['name', 'icon'] as const;

/** Adds (skillId null) or modifies a skill: its name and one of the 50 icons. */
export function SkillDrawer({
  open,
  skillId,
  onClose,
  onChanged,
}: {
  open: boolean;
  skillId: number | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const t = useTranslations('skillSettings');
  const texts = useRecordDrawerTexts('skillSettings');
  const formId = useId();
  const form = useForm<SkillFormValues, unknown, SkillBody>({ resolver: zodResolver(SkillBody), defaultValues: formValuesOf(null) });
  const { register, handleSubmit, reset, setError, setValue, control, formState } = form;
  useErrorsClearedOnChange(form);
  const icon = useWatch({ control, name: 'icon' });
  const editing = skillId !== null;

  const { loading, busy, close, save, remove } = useRecordActions<SkillView>({
    open,
    collection: 'skills',
    id: skillId,
    namespace: 'skillSettings',
    resetTo: (view) => reset(formValuesOf(view)),
    onFieldError: (path, message) => {
      const field = formFields.find((name) => path === name);
      if (field) setError(field, { message });
    },
    onClose,
    onSaved: onChanged,
    onDeleted: onChanged,
  });

  const localize = (message: string | undefined) =>
    localizeContractMessage(
      message,
      {
        [skillMessages.nameRequired]: t('messages.nameRequired'),
        [skillMessages.iconRequired]: t('messages.iconRequired'),
        [skillMessages.iconInvalid]: t('messages.iconInvalid'),
      },
      (max) => t('messages.tooLong', { max }),
    );

  const { errors } = formState;

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
      <form id={formId} noValidate onSubmit={handleSubmit(save)} className="flex flex-col gap-4">
        <Field label={t('name')} error={localize(errors.name?.message)}>
          <TextInput invalid={Boolean(errors.name)} autoComplete="off" {...register('name')} />
        </Field>
        <SkillIconPicker
          label={t('icon')}
          value={icon}
          error={localize(errors.icon?.message)}
          onChange={(chosen) => setValue('icon', chosen, { shouldDirty: true })}
        />
      </form>
    </RecordDrawer>
  );
}
