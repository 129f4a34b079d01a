'use client';

import { useCombobox } from 'downshift';
import { Check, ChevronDown } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useEffect, useId, useMemo, useState } from 'react';
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
  // What the user typed since the list opened: the list's filter ('' shows every option).
  const [query, setQuery] = useState('');
  const labels = useMemo(() => new Map(options.map((option) => [option.value, option.label])), [options]);
  const matches = useMemo(() => filterOptions(options, query), [options, query]);
  const shown = matches.slice(0, shownOptionsMax);
  const offerClear = clearLabel !== undefined && query.trim() === '';
  // The rows by value; '' is the clearing row.
  const rows = useMemo(() => [...(offerClear ? [''] : []), ...shown.map((option) => option.value)], [offerClear, shown]);
  const labelOf = (row: string | null) => (row ? (labels.get(row) ?? '') : '');
  // What the closed box shows: the chosen option's label, nothing for none.
  const chosenText = labelOf(value);
  const flagged = invalid || Boolean(error);
  const id = useId();
  const inputId = `${id}-input`;
  const labelId = `${id}-label`;

  const { isOpen, inputValue, highlightedIndex, closeMenu, setInputValue, getLabelProps, getInputProps, getToggleButtonProps, getMenuProps, getItemProps } =
    useCombobox<string>({
      id,
      inputId,
      labelId,
      items: rows,
      itemToString: labelOf,
      selectedItem: value === '' ? null : value,
      isItemDisabled: () => disabled,
      onInputValueChange: ({ type, inputValue: text }) => {
        if (type !== useCombobox.stateChangeTypes.InputChange) return;
        setQuery(text);
        // Emptying the text picks nothing: a required field keeps its value, an optional one clears.
        if (text === '' && clearLabel !== undefined && value !== '') onChange('');
      },
      onSelectedItemChange: ({ selectedItem }) => onChange(selectedItem ?? ''),
      onIsOpenChange: ({ isOpen: open }) => {
        if (!open) setQuery('');
      },
      // Downshift's defaults, changed to how a picker of this product behaves: a click on the box only opens the list,
      // typing highlights the first match (Enter then takes it), Escape never clears the chosen option, and a list
      // closed without a pick shows the chosen option again rather than the letters typed.
      stateReducer: (state, { type, changes }) => {
        const types = useCombobox.stateChangeTypes;
        if (type === types.InputClick) return { ...changes, isOpen: true };
        if (type === types.InputChange) return { ...changes, highlightedIndex: changes.inputValue?.trim() ? 0 : changes.highlightedIndex };
        if (type === types.InputKeyDownEscape) return { ...changes, selectedItem: state.selectedItem, inputValue: chosenText };
        const picked = changes.selectedItem !== undefined && changes.selectedItem !== state.selectedItem;
        if (state.isOpen && changes.isOpen === false && !picked) return { ...changes, inputValue: chosenText };
        return changes;
      },
    });

  // Options that arrive after the value (a list still loading) or are renamed: the closed box follows the label.
  useEffect(() => {
    if (!isOpen && inputValue !== chosenText) setInputValue(chosenText);
  }, [isOpen, inputValue, chosenText, setInputValue]);

  // Escape closes the open list and nothing else. A dialog around it (Radix) takes Escape on the document, before the
  // list, and would close itself; so the list takes it first, on the window, while it is open.
  useEffect(() => {
    if (!isOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !(event.target instanceof HTMLElement) || event.target.id !== inputId) return;
      event.stopPropagation();
      event.preventDefault();
      closeMenu();
    };
    window.addEventListener('keydown', closeOnEscape, true);
    return () => window.removeEventListener('keydown', closeOnEscape, true);
  }, [isOpen, closeMenu, inputId]);

  return (
    <div className="flex flex-col gap-1 text-sm text-slate-700">
      <label {...getLabelProps()} className="font-medium">
        {label}
      </label>
      <div className="relative">
        <input
          {...getInputProps({ disabled })}
          className={`${controlClass} w-full pr-9 ${flagged ? 'border-red-500' : 'border-slate-300'}`}
          aria-invalid={flagged || undefined}
          autoComplete="off"
          placeholder={placeholder ?? clearLabel}
        />
        <button
          type="button"
          {...getToggleButtonProps({ disabled })}
          aria-label={t('showOptions')}
          className="absolute inset-y-0 right-0 flex items-center px-2 text-slate-500 disabled:cursor-not-allowed disabled:text-slate-400"
        >
          <ChevronDown size={16} aria-hidden />
        </button>
        <div
          {...getMenuProps()}
          // Labelled only while shown: a closed list is no second element of the field's name.
          aria-labelledby={isOpen ? labelId : undefined}
          hidden={!isOpen}
          className="absolute z-30 mt-1 max-h-60 w-full overflow-y-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg"
        >
          {isOpen && (
            <>
              {rows.map((row, index) => (
                <div
                  key={row}
                  {...getItemProps({ item: row, index })}
                  className={`flex cursor-pointer items-center gap-2 px-3 py-2 ${highlightedIndex === index ? 'bg-slate-100' : ''} ${row === '' ? 'text-slate-500' : 'text-slate-900'}`}
                >
                  <Check size={14} aria-hidden className={row === value ? 'text-brand' : 'invisible'} />
                  <span className="truncate">{row === '' ? clearLabel : labelOf(row)}</span>
                </div>
              ))}
              {matches.length === 0 ? <p className="px-3 py-2 text-slate-500">{t('noResults')}</p> : null}
              {matches.length > shown.length ? (
                <p className="px-3 py-2 text-xs text-slate-500">{t('moreOptions', { count: matches.length - shown.length })}</p>
              ) : null}
            </>
          )}
        </div>
      </div>
      {name !== undefined && <input type="hidden" name={name} value={value} />}
      {error ? (
        <span role="alert" className="text-xs text-red-600">
          {error}
        </span>
      ) : null}
    </div>
  );
}
