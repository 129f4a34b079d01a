'use client';

import * as Popover from '@radix-ui/react-popover';
import { ChevronDown, Search } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { checkboxClass, checkLabelClass } from '@/components/ui/checkbox-list';
import { controlClass } from '@/components/ui/field';
import { filterOptions } from '@/lib/client/option-filter';

export interface MultiSelectOption {
  id: number;
  label: string;
}

/** Spec 03 §9: lists show their items 100 at a time... */
export const optionChunk = 100;
/** ...and a list of fewer than 6 items shows whole, without a scroll bar. */
export const scrollFrom = 6;

/**
 * A filter that picks any number of ids: a button telling what is chosen ('All' while nothing is, which does not
 * filter), opening a panel with a search box, a select-all box (over the items the search shows) and the items,
 * 100 at a time with a button for the next 100.
 */
export function MultiSelect({
  label,
  options,
  chosen,
  onChange,
}: {
  label: string;
  options: readonly MultiSelectOption[];
  chosen: readonly number[];
  onChange: (ids: number[]) => void;
}) {
  const t = useTranslations('efficiencyReport.picker');
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [shown, setShown] = useState(optionChunk);
  const labelId = useId();
  const matches = useMemo(() => filterOptions(options, query), [options, query]);
  const chosenSet = useMemo(() => new Set(chosen), [chosen]);
  const visible = matches.slice(0, shown);
  const chosenMatches = matches.filter((option) => chosenSet.has(option.id)).length;
  const allChosen = matches.length > 0 && chosenMatches === matches.length;
  const selectAllRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (selectAllRef.current) selectAllRef.current.indeterminate = chosenMatches > 0 && !allChosen;
  }, [chosenMatches, allChosen]);

  const summary =
    chosen.length === 0
      ? t('all')
      : chosen.length === 1
        ? (options.find((option) => option.id === chosen[0])?.label ?? t('selected', { count: 1 }))
        : t('selected', { count: chosen.length });

  const emit = (ids: Iterable<number>) => onChange([...new Set(ids)].sort((left, right) => left - right));
  const toggle = (id: number, on: boolean) => emit(on ? [...chosen, id] : chosen.filter((chosenId) => chosenId !== id));
  const toggleAll = (on: boolean) => {
    const matchIds = new Set(matches.map((option) => option.id));
    emit(on ? [...chosen, ...matchIds] : chosen.filter((id) => !matchIds.has(id)));
  };

  return (
    <div className="flex flex-col gap-1 text-sm text-slate-700">
      <span id={labelId} className="font-medium">
        {label}
      </span>
      <Popover.Root
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) {
            setQuery('');
            setShown(optionChunk);
          }
        }}
      >
        <Popover.Trigger asChild>
          <button
            type="button"
            // The name is the label and then the shown choice, so it contains the visible text (WCAG 2.5.3).
            aria-labelledby={`${labelId} ${labelId}-summary`}
            className={`${controlClass} flex w-56 items-center justify-between gap-2 border-slate-300 text-left`}
          >
            <span id={`${labelId}-summary`} className="truncate">
              {summary}
            </span>
            <ChevronDown size={16} aria-hidden className="shrink-0 text-slate-500" />
          </button>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            role="dialog"
            aria-label={label}
            align="start"
            sideOffset={6}
            className="z-[60] flex w-72 flex-col gap-2 rounded-md border border-slate-200 bg-white p-2 text-sm text-slate-800 shadow-lg"
          >
            <label className="relative flex items-center">
              <span className="sr-only">{t('search')}</span>
              <Search size={14} aria-hidden className="pointer-events-none absolute left-2 text-slate-400" />
              <input
                type="search"
                autoFocus
                className={`${controlClass} w-full border-slate-300 py-1.5 pl-7`}
                placeholder={t('search')}
                value={query}
                onChange={(event) => {
                  setQuery(event.target.value);
                  setShown(optionChunk);
                }}
              />
            </label>
            {matches.length === 0 ? (
              <p className="px-1 py-2 text-slate-500">{t('noResults')}</p>
            ) : (
              <>
                <label className={`${checkLabelClass} border-b border-slate-100 px-1 pb-2 font-medium`}>
                  <input
                    ref={selectAllRef}
                    type="checkbox"
                    className={checkboxClass}
                    checked={allChosen}
                    onChange={(event) => toggleAll(event.target.checked)}
                  />
                  {t('selectAll')}
                </label>
                <ul
                  aria-label={label}
                  data-scrollable={matches.length >= scrollFrom || undefined}
                  className={`flex flex-col gap-1 px-1 ${matches.length >= scrollFrom ? 'max-h-60 overflow-y-auto' : ''}`}
                >
                  {visible.map((option) => (
                    <li key={option.id}>
                      <label className={checkLabelClass}>
                        <input
                          type="checkbox"
                          className={checkboxClass}
                          checked={chosenSet.has(option.id)}
                          onChange={(event) => toggle(option.id, event.target.checked)}
                        />
                        <span className="truncate">{option.label}</span>
                      </label>
                    </li>
                  ))}
                  {matches.length > visible.length ? (
                    <li>
                      <button
                        type="button"
                        className="w-full rounded px-1 py-1 text-left text-brand hover:bg-slate-50"
                        onClick={() => setShown((count) => count + optionChunk)}
                      >
                        {t('showMore', { count: Math.min(optionChunk, matches.length - visible.length), left: matches.length - visible.length })}
                      </button>
                    </li>
                  ) : null}
                </ul>
              </>
            )}
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </div>
  );
}
