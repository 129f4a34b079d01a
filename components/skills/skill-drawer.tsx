'use client';

import { useTranslations } from 'next-intl';
import { useWatch, type DefaultValues } from 'react-hook-form';
import type { z } from 'zod';
import { RecordDrawer } from '@/components/record-drawer/record-drawer';
import { useRecordForm } from '@/components/record-drawer/use-record-form';
import { Field, TextInput } from '@/components/ui/field';
import { isSkillIcon, SkillBody, type SkillView } from '@/lib/contract/skills';
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
  const { form, submit, frame } = useRecordForm<SkillFormValues, SkillBody, SkillView>({
    schema: SkillBody,
    valuesOf: formValuesOf,
    fields: formFields,
    open,
    collection: 'skills',
    id: skillId,
    namespace: 'skillSettings',
    // A name already taken (409) is said beside the name, by its code.
    fieldErrorStatuses: [400, 409],
    onClose,
    onSaved: onChanged,
    onDeleted: onChanged,
  });
  const { register, setValue, control, formState } = form;
  const icon = useWatch({ control, name: 'icon' });
  const { errors } = formState;

  return (
    <RecordDrawer {...frame}>
      <form id={frame.formId} noValidate onSubmit={submit} className="flex flex-col gap-4">
        <Field label={t('name')} error={errors.name?.message}>
          <TextInput invalid={Boolean(errors.name)} autoComplete="off" {...register('name')} />
        </Field>
        <SkillIconPicker
          label={t('icon')}
          value={icon}
          error={errors.icon?.message}
          onChange={(chosen) => setValue('icon', chosen, { shouldDirty: true })}
        />
      </form>
    </RecordDrawer>
  );
}
