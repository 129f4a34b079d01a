'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { useForm, type DefaultValues } from 'react-hook-form';
import type { z } from 'zod';
import { RecordDrawer } from '@/components/record-drawer/record-drawer';
import { useRecordDrawerTexts } from '@/components/record-drawer/record-drawer-texts';
import { useErrorsClearedOnChange } from '@/components/record-drawer/use-errors-cleared-on-change';
import { localizeContractMessage } from '@/components/record-drawer/use-drawer-record';
import { useRecordActions } from '@/components/record-drawer/use-record-actions';
import { Field, TextInput } from '@/components/ui/field';
import { CancellationReasonBody, defaultCancellationReasonKeys } from '@/lib/contract/cancellation-reasons';
import type { CancellationReasonView } from '@/lib/contract/reference-data';

type ReasonFormValues = z.input<typeof CancellationReasonBody>;

const formValuesOf = (view: CancellationReasonView | null): DefaultValues<ReasonFormValues> => ({ name: view?.name ?? '' });

/**
 * Adds (reasonId null) or modifies a cancellation reason. A new one can start from the reasons the translations offer
 * (spec 03 §3), in the user's language, as long as the company does not have them yet.
 */
export function CancellationReasonDrawer({
  open,
  reasonId,
  existingNames,
  onClose,
  onChanged,
}: {
  open: boolean;
  reasonId: number | null;
  /** The company's reasons, so a suggestion it already has is not offered again. */
  existingNames: readonly string[];
  onClose: () => void;
  onChanged: () => void;
}) {
  const t = useTranslations('cancellationReasonSettings');
  const texts = useRecordDrawerTexts('cancellationReasonSettings');
  const formId = useId();
  const form = useForm<ReasonFormValues, unknown, CancellationReasonBody>({
    resolver: zodResolver(CancellationReasonBody),
    defaultValues: formValuesOf(null),
  });
  const { register, handleSubmit, reset, setError, setValue, formState } = form;
  useErrorsClearedOnChange(form);
  const editing = reasonId !== null;

  const { loading, busy, close, save, remove } = useRecordActions<CancellationReasonView>({
    open,
    collection: 'cancellation_reason',
    id: reasonId,
    namespace: 'cancellationReasonSettings',
    resetTo: (view) => reset(formValuesOf(view)),
    onFieldError: (path, message) => {
      if (path === 'name') setError('name', { message });
    },
    onClose,
    onSaved: onChanged,
    onDeleted: onChanged,
  });

  const taken = new Set(existingNames.map((name) => name.trim().toLowerCase()));
  const suggestions = editing
    ? []
    : defaultCancellationReasonKeys.map((key) => t(`defaults.${key}`)).filter((name) => !taken.has(name.toLowerCase()));

  const nameError = localizeContractMessage(
    formState.errors.name?.message,
    { 'Name is required': t('messages.nameRequired') },
    (max) => t('messages.tooLong', { max }),
  );

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
        <Field label={t('name')} error={nameError}>
          <TextInput invalid={Boolean(formState.errors.name)} autoComplete="off" {...register('name')} />
        </Field>
        {suggestions.length > 0 ? (
          <div className="flex flex-col gap-1 text-sm text-slate-700">
            <span className="font-medium">{t('suggestions')}</span>
            <p className="text-xs text-slate-500">{t('suggestionsHint')}</p>
            <div className="flex flex-wrap gap-2">
              {suggestions.map((name) => (
                <button
                  key={name}
                  type="button"
                  className="rounded-full border border-slate-300 px-3 py-1 text-xs text-slate-700 hover:bg-slate-100"
                  onClick={() => setValue('name', name, { shouldDirty: true })}
                >
                  {name}
                </button>
              ))}
            </div>
          </div>
        ) : null}
      </form>
    </RecordDrawer>
  );
}
