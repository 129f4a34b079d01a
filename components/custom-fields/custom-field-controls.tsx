'use client';

import { Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { checkboxClass, checkLabelClass } from '@/components/ui/checkbox-list';
import { TextInput } from '@/components/ui/field';

function FieldError({ message }: { message?: string }) {
  return message ? (
    <span role="alert" className="text-xs text-red-600">
      {message}
    </span>
  ) : null;
}

/** An on/off switch with its label; the state is read out as checked or not. */
export function Switch({ label, checked, onChange }: { label: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      onClick={() => onChange(!checked)}
      className="flex items-center gap-3 self-start text-sm font-medium text-slate-700"
    >
      <span className={`relative h-5 w-9 rounded-full transition-colors ${checked ? 'bg-brand' : 'bg-slate-300'}`}>
        <span className={`absolute top-0.5 h-4 w-4 rounded-full bg-white shadow transition-all ${checked ? 'left-4.5' : 'left-0.5'}`} />
      </span>
      {label}
    </button>
  );
}

/** A labelled group of radios; `disabled` names the choices that cannot be taken now (they stay visible). */
export function RadioChoice<Value extends string>({
  legend,
  hint,
  options,
  value,
  onChange,
  disabled = [],
  error,
}: {
  legend: string;
  hint?: string;
  options: readonly { value: Value; label: string }[];
  value: Value | null | undefined;
  onChange: (value: Value) => void;
  disabled?: readonly Value[];
  error?: string;
}) {
  const name = useId();
  return (
    <fieldset className="flex flex-col gap-1 text-sm text-slate-700" aria-invalid={error ? true : undefined}>
      <legend className="mb-1 font-medium">{legend}</legend>
      {hint ? <p className="text-xs text-slate-500">{hint}</p> : null}
      <div className="flex flex-wrap gap-x-5 gap-y-1">
        {options.map((option) => (
          <label key={option.value} className={checkLabelClass}>
            <input
              type="radio"
              name={name}
              className={checkboxClass}
              checked={value === option.value}
              disabled={disabled.includes(option.value)}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldError message={error} />
    </fieldset>
  );
}

export interface OptionsEditorTexts {
  legend: string;
  newOption: string;
  add: string;
  remove: (option: string) => string;
  duplicate: string;
  empty: string;
}

/**
 * The choices of a select field: typed one at a time and added with Enter or the add button, each removable. An
 * option already in the list (ignoring case and surrounding spaces) is not added again (spec 03 §5).
 */
export function OptionsEditor({
  texts,
  options,
  onChange,
  error,
}: {
  texts: OptionsEditorTexts;
  options: readonly string[];
  onChange: (options: string[]) => void;
  error?: string;
}) {
  const [draft, setDraft] = useState('');
  const [duplicate, setDuplicate] = useState(false);

  const add = () => {
    const option = draft.trim();
    if (option === '') return;
    if (options.some((existing) => existing.trim().toLowerCase() === option.toLowerCase())) {
      setDuplicate(true);
      return;
    }
    onChange([...options, option]);
    setDraft('');
  };

  return (
    <fieldset className="flex flex-col gap-2 text-sm text-slate-700">
      <legend className="mb-1 font-medium">{texts.legend}</legend>
      <div className="flex gap-2">
        <TextInput
          className="flex-1"
          aria-label={texts.newOption}
          placeholder={texts.newOption}
          autoComplete="off"
          invalid={duplicate || Boolean(error)}
          value={draft}
          onChange={(event) => {
            setDraft(event.target.value);
            setDuplicate(false);
          }}
          onKeyDown={(event) => {
            // Enter adds the option instead of submitting the drawer's form.
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <Button type="button" variant="secondary" onClick={add} disabled={draft.trim() === ''}>
          <Plus size={16} aria-hidden />
          {texts.add}
        </Button>
      </div>
      {duplicate ? (
        <span role="status" className="text-xs text-amber-700">
          {texts.duplicate}
        </span>
      ) : null}
      {options.length === 0 ? (
        <p className="text-xs text-slate-500">{texts.empty}</p>
      ) : (
        <ul aria-label={texts.legend} className="flex flex-wrap gap-2">
          {options.map((option) => (
            <li key={option} className="flex items-center gap-1 rounded-full bg-slate-100 py-0.5 pr-1 pl-3 text-xs text-slate-800">
              {option}
              <button
                type="button"
                aria-label={texts.remove(option)}
                title={texts.remove(option)}
                className="rounded-full p-0.5 text-slate-500 hover:bg-slate-200 hover:text-slate-800"
                onClick={() => onChange(options.filter((kept) => kept !== option))}
              >
                <X size={12} aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      <FieldError message={error} />
    </fieldset>
  );
}
