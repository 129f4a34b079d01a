'use client';

import {
  Combobox as HeadlessCombobox,
  ComboboxButton,
  ComboboxInput,
  ComboboxOption,
  ComboboxOptions,
  Field as HeadlessField,
  Label,
} from '@headlessui/react';
import { Check, ChevronDown } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useEffect, useMemo, useRef, useState } from 'react';
import { filterOptions } from '@/lib/client/option-filter';
import { controlClass } from './field';

export interface ComboboxChoice {
  value: string;
  label: string;
}

/** Past this many matches the list shows the first ones and asks for more letters: a long list stays quick. */
const shownOptionsMax = 100;

/**
 * A searchable picker: typing filters the options (case- and accent-insensitive), arrows move, Enter picks, Escape
 * closes. The value is the chosen option's `value`, '' for none; `clearLabel` makes the field optional, with a first
 * option of that name that clears it.
 */
export function Combobox({
  label,
  value,
  options,
  onChange,
  clearLabel,
  placeholder,
  disabled = false,
  error,
  invalid = false,
  name,
}: {
  label: string;
  value: string;
  options: readonly ComboboxChoice[];
  onChange: (value: string) => void;
  clearLabel?: string;
  placeholder?: string;
  disabled?: boolean;
  error?: string;
  invalid?: boolean;
  name?: string;
}) {
  const t = useTranslations('pickers');
  const [query, setQuery] = useState('');
  const buttonRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  // Escape closes the open list and nothing else. A dialog around it (Radix) takes Escape on the document, before the
  // list, and would close itself; so the list takes it first, on the window, and closes through its own button.
  useEffect(() => {
    const closeOnEscape = (event: KeyboardEvent) => {
      const input = inputRef.current;
      if (event.key !== 'Escape' || !input || event.target !== input || input.getAttribute('aria-expanded') !== 'true') return;
      event.stopPropagation();
      event.preventDefault();
      buttonRef.current?.click();
    };
    window.addEventListener('keydown', closeOnEscape, true);
    return () => window.removeEventListener('keydown', closeOnEscape, true);
  }, []);
  const labels = useMemo(() => new Map(options.map((option) => [option.value, option.label])), [options]);
  const matches = useMemo(() => filterOptions(options, query), [options, query]);
  const shown = matches.slice(0, shownOptionsMax);
  const offerClear = clearLabel !== undefined && query.trim() === '';
  const flagged = invalid || Boolean(error);

  return (
    <HeadlessField disabled={disabled} className="flex flex-col gap-1 text-sm text-slate-700">
      <Label className="font-medium">{label}</Label>
      <HeadlessCombobox<string>
        value={value}
        onChange={(next) => {
          // Emptying the text and leaving picks nothing: a required field keeps its value, an optional one clears.
          if (next === null) {
            if (clearLabel !== undefined) onChange('');
            return;
          }
          onChange(next);
        }}
        onClose={() => setQuery('')}
        disabled={disabled}
        invalid={flagged}
        name={name}
      >
        {({ open }) => (
          <div className="relative">
            <ComboboxInput<string>
              ref={inputRef}
              className={`${controlClass} w-full pr-9 ${flagged ? 'border-red-500' : 'border-slate-300'}`}
              aria-invalid={flagged || undefined}
              autoComplete="off"
              placeholder={placeholder ?? clearLabel}
              displayValue={(chosen) => (chosen ? (labels.get(chosen) ?? '') : '')}
              onChange={(event) => setQuery(event.target.value)}
              onClick={() => {
                if (!open) buttonRef.current?.click();
              }}
            />
            <ComboboxButton
              ref={buttonRef}
              aria-label={t('showOptions')}
              className="absolute inset-y-0 right-0 flex items-center px-2 text-slate-500 disabled:cursor-not-allowed disabled:text-slate-400"
            >
              <ChevronDown size={16} aria-hidden />
            </ComboboxButton>
            <ComboboxOptions className="absolute z-30 mt-1 max-h-60 w-full overflow-y-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg">
              {offerClear ? <ChoiceRow value="" label={clearLabel} muted /> : null}
              {shown.map((option) => (
                <ChoiceRow key={option.value} value={option.value} label={option.label} />
              ))}
              {matches.length === 0 ? <p className="px-3 py-2 text-slate-500">{t('noResults')}</p> : null}
              {matches.length > shown.length ? (
                <p className="px-3 py-2 text-xs text-slate-500">{t('moreOptions', { count: matches.length - shown.length })}</p>
              ) : null}
            </ComboboxOptions>
          </div>
        )}
      </HeadlessCombobox>
      {error ? (
        <span role="alert" className="text-xs text-red-600">
          {error}
        </span>
      ) : null}
    </HeadlessField>
  );
}

function ChoiceRow({ value, label, muted = false }: { value: string; label: string; muted?: boolean }) {
  return (
    <ComboboxOption
      value={value}
      className={`flex cursor-pointer items-center gap-2 px-3 py-2 data-focus:bg-slate-100 ${muted ? 'text-slate-500' : 'text-slate-900'}`}
    >
      {({ selected }) => (
        <>
          <Check size={14} aria-hidden className={selected ? 'text-brand' : 'invisible'} />
          <span className="truncate">{label}</span>
        </>
      )}
    </ComboboxOption>
  );
}
