'use client';

import { useTranslations } from 'next-intl';
import { useWatch, type DefaultValues, type FieldErrors } from 'react-hook-form';
import type { z } from 'zod';
import { RecordDrawer } from '@/components/record-drawer/record-drawer';
import { useRecordForm } from '@/components/record-drawer/use-record-form';
import { CheckboxList } from '@/components/ui/checkbox-list';
import { Field, selectClass, TextInput } from '@/components/ui/field';
import {
  completionDisplayType,
  CustomFieldBody,
  customFieldTypes,
  displayTypes,
  isSelectFieldType,
  requiredTypes,
  type CustomFieldView,
} from '@/lib/contract/custom-fields';
import type { TaskTypeView } from '@/lib/contract/task-types';
import { OptionsEditor, RadioChoice, Switch } from './custom-field-controls';

type CustomFieldFormValues = z.input<typeof CustomFieldBody>;

const formValuesOf = (view: CustomFieldView | null): DefaultValues<CustomFieldFormValues> => ({
  fieldName: view?.fieldName ?? '',
  fieldType: view?.fieldType,
  options: view?.options ?? [],
  required: view?.required ?? false,
  requiredType: view?.requiredType ?? null,
  displayType: view?.displayType,
  taskTypes: view?.taskTypes.map(({ taskTypeId }) => ({ taskTypeId })) ?? [],
});

const formFields = ['fieldName', 'fieldType', 'options', 'required', 'requiredType', 'displayType', 'taskTypes'] as const;

/** The first message on the options, whether it is about the list or about one option in it. */
function optionsMessage(errors: FieldErrors<CustomFieldFormValues>): string | undefined {
  const options = errors.options;
  if (!options) return undefined;
  if (options.message) return options.message;
  // An error on one option sits at its index (options.2), from the form's schema or from the server.
  for (const entry of Object.values(options as Record<string, unknown>)) {
    if (entry && typeof entry === 'object' && 'message' in entry && typeof entry.message === 'string') return entry.message;
  }
  return undefined;
}

/**
 * Adds (fieldId null) or modifies a custom field (spec 03 §3-§5): name, type, options of a select type, display type,
 * whether it is required and when, and the task types that show it. Requiring it on completion forces the editable
 * display type, since the worker must be able to fill it; turning required off clears the display type choice.
 */
export function CustomFieldDrawer({
  open,
  fieldId,
  taskTypes,
  onClose,
  onChanged,
}: {
  open: boolean;
  fieldId: number | null;
  taskTypes: readonly TaskTypeView[];
  onClose: () => void;
  onChanged: () => void;
}) {
  const t = useTranslations('customFieldSettings');
  const { form, submit, frame } = useRecordForm<CustomFieldFormValues, CustomFieldBody, CustomFieldView>({
    schema: CustomFieldBody,
    valuesOf: formValuesOf,
    fields: formFields,
    open,
    collection: 'custom-field',
    id: fieldId,
    namespace: 'customFieldSettings',
    onClose,
    onSaved: onChanged,
    onDeleted: onChanged,
    // A name already taken (409) is said beside the name; a type change refused because tasks hold values (422)
    // beside the type.
    fieldErrorStatuses: [400, 409, 422],
  });
  const { register, setValue, control, formState } = form;
  const [fieldType, options, required, requiredType, displayType, taskTypeLinks] = useWatch({
    control,
    name: ['fieldType', 'options', 'required', 'requiredType', 'displayType', 'taskTypes'],
  });

  const dirty = { shouldDirty: true } as const;
  const completionOnly = required === true && requiredType === 'ON_COMPLETION';
  const { errors } = formState;
  const chosenTypes = (taskTypeLinks ?? []).map(({ taskTypeId }) => Number(taskTypeId));

  return (
    <RecordDrawer {...frame}>
      <form id={frame.formId} noValidate onSubmit={submit} className="flex flex-col gap-4">
        <Field label={t('fieldName')} error={errors.fieldName?.message}>
          <TextInput invalid={Boolean(errors.fieldName)} autoComplete="off" {...register('fieldName')} />
        </Field>
        <Field label={t('fieldType')} error={errors.fieldType?.message}>
          <select
            className={selectClass}
            aria-invalid={errors.fieldType ? true : undefined}
            {...register('fieldType', { setValueAs: (value: string) => (value === '' ? undefined : value) })}
          >
            <option value="">{t('chooseType')}</option>
            {customFieldTypes.map((type) => (
              <option key={type} value={type}>
                {t(`types.${type}`)}
              </option>
            ))}
          </select>
        </Field>
        {fieldType && isSelectFieldType(fieldType) ? (
          <OptionsEditor
            texts={{
              legend: t('options'),
              newOption: t('newOption'),
              add: t('addOption'),
              remove: (option) => t('removeOption', { option }),
              duplicate: t('duplicateOption'),
              empty: t('noOptions'),
            }}
            options={options ?? []}
            onChange={(next) => setValue('options', next, dirty)}
            error={optionsMessage(errors)}
          />
        ) : null}
        <Switch
          label={t('required')}
          checked={required === true}
          onChange={(on) => {
            setValue('required', on, dirty);
            if (!on) {
              setValue('requiredType', null, dirty);
              setValue('displayType', undefined, dirty);
            }
          }}
        />
        {required ? (
          <RadioChoice
            legend={t('requiredType')}
            options={requiredTypes.map((value) => ({ value, label: t(`requiredTypes.${value}`) }))}
            value={requiredType}
            error={errors.requiredType?.message}
            onChange={(value) => {
              setValue('requiredType', value, dirty);
              if (value === 'ON_COMPLETION') setValue('displayType', completionDisplayType, dirty);
            }}
          />
        ) : null}
        <RadioChoice
          legend={t('displayType')}
          hint={completionOnly ? t('completionForcesDisplay') : t('displayTypeHint')}
          options={displayTypes.map((value) => ({ value, label: t(`displayTypes.${value}`) }))}
          value={displayType}
          disabled={completionOnly ? displayTypes.filter((value) => value !== completionDisplayType) : []}
          error={errors.displayType?.message}
          onChange={(value) => setValue('displayType', value, dirty)}
        />
        <CheckboxList
          legend={t('taskTypes')}
          options={taskTypes.map((type) => ({ id: type.id, label: type.type }))}
          chosen={chosenTypes}
          emptyText={t('noTaskTypes')}
          error={errors.taskTypes?.message}
          onChange={(ids) =>
            setValue(
              'taskTypes',
              ids.map((taskTypeId) => ({ taskTypeId })),
              dirty,
            )
          }
        />
      </form>
    </RecordDrawer>
  );
}
