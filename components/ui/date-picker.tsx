'use client';

import * as Popover from '@radix-ui/react-popover';
import { CalendarDays, X } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState } from 'react';
import { datePatternOf, formatDate, parseDateInput } from '@/lib/client/date-input';
import { dateLocaleOf } from '@/lib/contract/date-locale';
import { controlClass } from './field';
import { MonthCalendar } from './month-calendar';

const iconButtonClass =
  // At least 24 px square (WCAG 2.5.8, target size) around the 14 px icons.
  'inline-flex min-h-6 min-w-6 items-center justify-center rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800 disabled:cursor-not-allowed disabled:bg-transparent disabled:text-slate-400';

/**
 * A date field in the user's locale format (en-GB for English: 11/01/2026) that takes typing with or without
 * separators and has a calendar. Values in and out are 'YYYY-MM-DD', '' for none. Text that is not a date is flagged
 * and left as typed, never turned into another date; a required field (not `clearable`) emptied gets its value back.
 * While the text is refused the input's custom validity says so (lib/client/form-validity): the value the caller holds
 * is the last good one, or none, and saving it would lose what the user typed.
 */
export function DatePicker({
  label,
  hideLabel = false,
  value,
  onChange,
  clearable = false,
  disabled = false,
  min,
  error,
}: {
  label: string;
  hideLabel?: boolean;
  value: string;
  onChange: (isoDate: string) => void;
  clearable?: boolean;
  disabled?: boolean;
  /** The first date allowed, 'YYYY-MM-DD'. */
  min?: string;
  /** A problem the caller found (a date in the past), shown like the picker's own. */
  error?: string;
}) {
  const t = useTranslations('pickers');
  const language = useLocale();
  const inputId = useId();
  const messageId = useId();
  const shown = (isoDate: string) => (isoDate ? formatDate(isoDate, language) : '');
  const [draft, setDraft] = useState(() => shown(value));
  const [seenValue, setSeenValue] = useState(value);
  /** What this field last handed to onChange: the caller may take a while to give it back (a URL update). */
  const [sentValue, setSentValue] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [calendarOpen, setCalendarOpen] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  // A new value shows in the locale's format, unless it is one this field sent and the user has typed on since.
  if (value !== seenValue) {
    setSeenValue(value);
    if (value !== sentValue || (parseDateInput(draft, language) ?? '') === value) {
      setDraft(shown(value));
      setProblem(null);
    }
  }

  const { order, separator } = datePatternOf(dateLocaleOf(language));
  const pattern = order.map((part) => t(`pattern.${part}`)).join(separator);

  /** The typed text's date when it is a date the field takes, else the problem to show (null while it is empty). */
  function read(text: string): { isoDate: string } | { problem: string | null } {
    if (text.trim() === '') return { problem: null };
    const isoDate = parseDateInput(text, language);
    if (!isoDate) return { problem: t('invalidDate', { pattern, example: formatDate('2026-12-31', language) }) };
    if (min && isoDate < min) return { problem: t('dateBeforeMin', { min: formatDate(min, language) }) };
    return { isoDate };
  }

  const reading = read(draft);
  const refused = 'problem' in reading ? reading.problem : null;
  useEffect(() => {
    inputRef.current?.setCustomValidity(refused ?? '');
  }, [refused]);

  function send(isoDate: string) {
    setSentValue(isoDate);
    onChange(isoDate);
  }

  function type(text: string) {
    setDraft(text);
    setProblem(null);
    const answer = read(text);
    if ('isoDate' in answer) {
      if (answer.isoDate !== value) send(answer.isoDate);
    } else if (text.trim() === '' && clearable && value !== '') {
      send('');
    }
  }

  /** Leaving the field (or Enter) settles the text: a date in the locale's format, the old value, or the problem. */
  function settle(): boolean {
    const answer = read(draft);
    if ('isoDate' in answer) {
      setDraft(shown(answer.isoDate));
      return true;
    }
    if (answer.problem) {
      setProblem(answer.problem);
      return false;
    }
    if (!clearable) setDraft(shown(value));
    return true;
  }

  const message = error ?? problem;
  /** The calendar opens on the typed date while the caller has yet to take it. */
  const calendarValue = parseDateInput(draft, language) ?? value;
  return (
    <div className="flex flex-col gap-1 text-sm text-slate-700">
      <label htmlFor={inputId} className={hideLabel ? 'sr-only' : 'font-medium'}>
        {label}
      </label>
      <div className="relative flex items-center">
        <input
          ref={inputRef}
          id={inputId}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={pattern}
          className={`${controlClass} w-full ${clearable && value !== '' && !disabled ? 'pr-16' : 'pr-9'} ${message ? 'border-red-500' : 'border-slate-300'}`}
          value={draft}
          disabled={disabled}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? messageId : undefined}
          onChange={(event) => type(event.target.value)}
          onBlur={settle}
          // A save or an apply found the text refused: show why, as leaving the field does.
          onInvalid={() => setProblem(refused)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !settle()) event.preventDefault();
          }}
        />
        <div className="absolute right-1 flex items-center">
          {clearable && value !== '' && !disabled ? (
            <button type="button" className={iconButtonClass} aria-label={t('clearDate')} title={t('clearDate')} onClick={() => type('')}>
              <X size={14} aria-hidden />
            </button>
          ) : null}
          <Popover.Root open={calendarOpen} onOpenChange={setCalendarOpen}>
            <Popover.Trigger asChild>
              <button type="button" className={iconButtonClass} disabled={disabled} aria-label={t('openCalendar')} title={t('openCalendar')}>
                <CalendarDays size={16} aria-hidden />
              </button>
            </Popover.Trigger>
            <Popover.Portal>
              <Popover.Content
                align="end"
                sideOffset={6}
                aria-label={t('calendar')}
                className="z-[60] rounded-md border border-slate-200 bg-white p-2 text-sm text-slate-900 shadow-lg"
                // The calendar puts focus on the chosen day (or today) itself, so arrows move between days at once.
                onOpenAutoFocus={(event) => event.preventDefault()}
              >
                <MonthCalendar
                  autoFocus
                  selected={calendarValue || undefined}
                  defaultMonth={calendarValue || min}
                  min={min}
                  onSelect={(isoDate) => {
                    type(shown(isoDate));
                    setCalendarOpen(false);
                  }}
                />
              </Popover.Content>
            </Popover.Portal>
          </Popover.Root>
        </div>
      </div>
      {message ? (
        <span id={messageId} role="alert" className="text-xs text-red-600">
          {message}
        </span>
      ) : null}
    </div>
  );
}
