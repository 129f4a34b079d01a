'use client';

import { useTranslations } from 'next-intl';
import { checkLabelClass, checkboxClass } from '@/components/ui/checkbox-list';
import { DatePicker } from '@/components/ui/date-picker';
import { TextInput, selectClass } from '@/components/ui/field';
import {
  dateInputToStored,
  multiSelectToStored,
  quantityDraftsToStored,
  quantityProblem,
  storedToDateInput,
  storedToMultiSelect,
  storedToQuantityDrafts,
  type FormCustomField,
} from '@/lib/client/task-form/custom-fields';
import { quantityMaxDigits } from '@/lib/contract/custom-fields';
import { customFieldAnchor } from './use-flagged-fields';


/** One custom field in the widget its type needs; `value` and `onChange` carry the stored text. */
export function CustomFieldInput({
  field,
  value,
  onChange,
  error,
  disabled,
}: {
  field: FormCustomField;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
}) {
  const t = useTranslations('taskDrawer');
  const required = field.required && field.requiredType === 'ON_SAVE';
  const label = `${field.fieldName}${required ? ' *' : ''}`;
  const errorText = error ? (
    <span role="alert" className="text-xs text-red-600">
      {error}
    </span>
  ) : null;

  if (field.fieldType === 'MULTI_SELECT' || field.fieldType === 'MULTI_SELECT_QUANTITY') {
    return (
      <fieldset className="flex flex-col gap-1 text-sm text-slate-700" disabled={disabled} {...customFieldAnchor(field.id)}>
        <legend className="mb-1 font-medium">{label}</legend>
        {field.fieldType === 'MULTI_SELECT' ? (
          <MultiSelect field={field} value={value} onChange={onChange} />
        ) : (
          <QuantitySelect field={field} value={value} onChange={onChange} quantityLabel={(item) => t('quantityOf', { item })} />
        )}
        {errorText}
      </fieldset>
    );
  }

  if (field.fieldType === 'DATE') {
    // Stored as 'Do MMM YYYY' (spec 01); the picker shows and takes it in the user's locale format.
    return (
      <DatePicker
        label={label}
        value={storedToDateInput(value)}
        onChange={(next) => onChange(dateInputToStored(next))}
        clearable
        disabled={disabled}
        error={error}
      />
    );
  }

  let input;
  switch (field.fieldType) {
    case 'BOOLEAN':
      input = (
        <select className={selectClass} value={value} onChange={(event) => onChange(event.target.value)} disabled={disabled}>
          <option value="">{t('choose')}</option>
          <option value="true">{t('yes')}</option>
          <option value="false">{t('no')}</option>
        </select>
      );
      break;
    case 'SINGLE_SELECT':
      input = (
        <select className={selectClass} value={value} onChange={(event) => onChange(event.target.value)} disabled={disabled}>
          <option value="">{t('choose')}</option>
          {field.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      );
      break;
    default:
      input = (
        <TextInput
          type={field.fieldType === 'NUMBER' ? 'number' : 'text'}
          step="any"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          disabled={disabled}
          invalid={Boolean(error)}
        />
      );
  }
  return (
    <div className="flex flex-col gap-1 text-sm text-slate-700" {...customFieldAnchor(field.id)}>
      <label className="flex flex-col gap-1">
        <span className="font-medium">{label}</span>
        {input}
      </label>
      {errorText}
    </div>
  );
}

function MultiSelect({ field, value, onChange }: { field: FormCustomField; value: string; onChange: (value: string) => void }) {
  const chosen = storedToMultiSelect(value);
  return (
    <div className="flex flex-wrap gap-x-4 gap-y-1">
      {field.options.map((option) => (
        <label key={option} className={checkLabelClass}>
          <input
            type="checkbox"
            className={checkboxClass}
            checked={chosen.includes(option)}
            onChange={(event) =>
              onChange(
                multiSelectToStored(
                  event.target.checked ? [...chosen, option] : chosen.filter((item) => item !== option),
                  field.options,
                ),
              )
            }
          />
          {option}
        </label>
      ))}
    </div>
  );
}

function QuantitySelect({
  field,
  value,
  onChange,
  quantityLabel,
}: {
  field: FormCustomField;
  value: string;
  onChange: (value: string) => void;
  quantityLabel: (item: string) => string;
}) {
  const t = useTranslations('taskDrawer');
  const drafts = storedToQuantityDrafts(value);
  const update = (next: typeof drafts) =>
    onChange(quantityDraftsToStored(field.options.flatMap((option) => next.filter((draft) => draft.value === option)), field.options));
  return (
    <div className="flex flex-col gap-1">
      {field.options.map((option) => {
        const draft = drafts.find((item) => item.value === option);
        const problem = draft ? quantityProblem(draft.quantity) : null;
        return (
          <div key={option} className="flex items-center gap-2">
            <label className={`${checkLabelClass} flex-1`}>
              <input
                type="checkbox"
                className={checkboxClass}
                checked={Boolean(draft)}
                onChange={(event) =>
                  update(event.target.checked ? [...drafts, { value: option, quantity: '' }] : drafts.filter((item) => item.value !== option))
                }
              />
              {option}
            </label>
            {draft ? (
              <div className="flex flex-col">
                <TextInput
                  aria-label={quantityLabel(option)}
                  inputMode="decimal"
                  maxLength={quantityMaxDigits + 1}
                  className="w-28"
                  value={draft.quantity}
                  invalid={problem !== null}
                  onChange={(event) =>
                    update(drafts.map((item) => (item.value === option ? { ...item, quantity: event.target.value } : item)))
                  }
                />
                {problem ? <span className="text-xs text-red-600">{t(problem)}</span> : null}
              </div>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
