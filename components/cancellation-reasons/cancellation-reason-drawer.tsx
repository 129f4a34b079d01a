'use client';

import { useTranslations } from 'next-intl';
import type { DefaultValues } from 'react-hook-form';
import type { z } from 'zod';
import { RecordDrawer } from '@/components/record-drawer/record-drawer';
import { useRecordForm } from '@/components/record-drawer/use-record-form';
import { Field, TextInput } from '@/components/ui/field';
import { useCancellationReasonName } from '@/lib/client/cancellation-reason-name';
import { CancellationReasonBody, defaultCancellationReasonKeys } from '@/lib/contract/cancellation-reasons';
import type { CancellationReasonView } from '@/lib/contract/reference-data';

type ReasonFormValues = z.input<typeof CancellationReasonBody>;

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
  /** The company's reasons as the user reads them, so a suggestion it already has is not offered again. */
  existingNames: readonly string[];
  onClose: () => void;
  onChanged: () => void;
}) {
  const t = useTranslations('cancellationReasonSettings');
  const reasonName = useCancellationReasonName();
  // A default opens in the user's language, as the list shows it; saving it unchanged is no change.
  const formValuesOf = (view: CancellationReasonView | null): DefaultValues<ReasonFormValues> => ({
    name: view ? reasonName(view.name) : '',
  });
  const { form, editing, submit, frame } = useRecordForm<ReasonFormValues, CancellationReasonBody, CancellationReasonView>({
    schema: CancellationReasonBody,
    valuesOf: formValuesOf,
    fields: ['name'],
    open,
    collection: 'cancellation_reason',
    id: reasonId,
    namespace: 'cancellationReasonSettings',
    // A name already taken (409) is said beside the name, by its code.
    fieldErrorStatuses: [400, 409],
    onClose,
    onSaved: onChanged,
    onDeleted: onChanged,
  });
  const { register, setValue, formState } = form;

  const taken = new Set(existingNames.map((name) => name.trim().toLowerCase()));
  const suggestions = editing
    ? []
    : defaultCancellationReasonKeys.map((key) => t(`defaults.${key}`)).filter((name) => !taken.has(name.toLowerCase()));

  return (
    <RecordDrawer {...frame}>
      <form id={frame.formId} noValidate onSubmit={submit} className="flex flex-col gap-4">
        <Field label={t('name')} error={formState.errors.name?.message}>
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
