'use client';

import { useTranslations } from 'next-intl';
import { useId, useMemo } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { codedResolver } from '@/lib/client/coded-resolver';
import { useErrorText } from '@/lib/client/error-text';
import { submitWhenValid } from '@/lib/client/form-validity';
import { useRecordDrawerTexts } from './record-drawer-texts';
import { useErrorsClearedOnChange } from './use-errors-cleared-on-change';
import { useRecordActions, type RecordActionsOptions } from './use-record-actions';

/**
 * The form half of a record drawer (spec 01 §2, §8) on top of useRecordActions: a react-hook-form form that starts
 * from `valuesOf(null)`, is put back to the loaded record (or blank) by `valuesOf(view)`, drops a field's error as
 * soon as the field changes, and receives the server's field errors on the first of `fields` that names the path or
 * holds it (`skills` for skills.0.skillId). Every error, the form's own check or the server's, is put into words by
 * its code (errors.<code>), never by its English text. It also gives the props of the RecordDrawer frame.
 */
export function useRecordForm<Values extends FieldValues, Body = Values, View = unknown>({
  schema,
  valuesOf,
  fields,
  onReset,
  savedMessage,
  ...actions
}: Omit<RecordActionsOptions<View>, 'resetTo' | 'onFieldError' | 'savedMessage'> & {
  /** Usually the contract's body schema; absent for a drawer that checks its body itself. */
  schema?: z.ZodType<Body, Values>;
  /** The form's values for a record, or a new one's blank values for null. */
  valuesOf: (view: View | null) => DefaultValues<Values>;
  /** The form fields a server error may land on, by the body path the server names. */
  fields: readonly Path<Values>[];
  /** More to put back when the form is reset (the state a drawer keeps beside its form). */
  onReset?: (view: View | null) => void;
  /** Replaces the 'saved' notice after a PUT; read from the form as it is when rendered (a message changed, say). */
  savedMessage?: (form: UseFormReturn<Values, unknown, Body>) => string | undefined;
}) {
  const t = useTranslations(actions.namespace);
  const texts = useRecordDrawerTexts(actions.namespace);
  const formId = useId();
  const errorText = useErrorText();
  const resolver = useMemo(() => (schema ? codedResolver(schema, errorText) : undefined), [schema, errorText]);
  const form = useForm<Values, unknown, Body>({ resolver, defaultValues: valuesOf(null) });
  const { reset, setError, formState } = form;
  useErrorsClearedOnChange(form);
  const editing = actions.id !== null;

  const { loading, busy, close, save, remove } = useRecordActions<View>({
    ...actions,
    savedMessage: savedMessage?.(form),
    resetTo: (view) => {
      reset(valuesOf(view));
      onReset?.(view);
    },
    onFieldError: (path, problem) => {
      const field = fields.find((name) => path === name || path.startsWith(`${name}.`));
      if (field) setError(field, { type: problem.code, message: errorText(problem) });
    },
  });

  return {
    form,
    formId,
    editing,
    busy,
    save,
    errorText,
    /** The usual submit: no field refusing what it holds, the form's own check, then save the body it gives. */
    submit: submitWhenValid(form.handleSubmit((body) => save(body))),
    /** The RecordDrawer frame's props; a drawer adds width, deletable or other texts beside them. */
    frame: {
      open: actions.open,
      title: editing ? t('editTitle') : t('addTitle'),
      formId,
      texts,
      loading,
      dirty: formState.isDirty,
      editing,
      busy,
      onClose: close,
      onDelete: remove,
    },
  };
}
