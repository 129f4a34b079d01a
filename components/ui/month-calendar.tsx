'use client';

import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { isoDateParts } from '@/lib/client/date-input';
import {
  addMonths,
  firstDayOf,
  focusTargetIn,
  lastDayOf,
  localToday,
  monthOf,
  movedDate,
  referenceWeek,
  sameMonth,
  utcDateOf,
  weeksOf,
  type YearMonth,
} from '@/lib/client/month-grid';
import { dateLocaleOf } from '@/lib/contract/date-locale';

const navButtonClass =
  'inline-flex size-8 items-center justify-center rounded text-brand hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand aria-disabled:cursor-not-allowed aria-disabled:text-slate-300 aria-disabled:hover:bg-transparent';

/** The calendar's words in the user's date locale (en-GB for English), read off Intl so no locale data ships. */
function formattersOf(locale: string) {
  // UTC on both ends (lib/client/month-grid utcDateOf): the browser's own zone can never shift the day shown.
  const format = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
  const caption = format({ month: 'long', year: 'numeric' });
  const dayName = format({ dateStyle: 'full' });
  const dayNumber = format({ day: 'numeric' });
  const weekday = format({ weekday: 'short' });
  return {
    caption: (yearMonth: YearMonth) => caption.format(utcDateOf(firstDayOf(yearMonth))),
    dayName: (isoDate: string) => dayName.format(utcDateOf(isoDate)),
    dayNumber: (isoDate: string) => dayNumber.format(utcDateOf(isoDate)),
    weekdays: referenceWeek.map((isoDate) => weekday.format(utcDateOf(isoDate))),
  };
}

const validDate = (isoDate: string | undefined) => (isoDate && isoDateParts(isoDate) ? isoDate : undefined);

/**
 * One month as a date grid (the WAI-ARIA date picker dialog pattern): arrows move a day or a week, Home and End to
 * the week's Monday and Sunday, Page Up and Page Down a month (with Shift a year), Enter or Space picks. One day is
 * tabbable at a time (roving tabindex); the days before `min` cannot be picked. Dates in and out are 'YYYY-MM-DD'.
 */
export function MonthCalendar({
  selected,
  defaultMonth,
  min,
  onSelect,
  autoFocus = false,
}: {
  selected?: string;
  /** A day of the month to show when nothing is selected. */
  defaultMonth?: string;
  /** The first day that can be picked. */
  min?: string;
  onSelect: (isoDate: string) => void;
  /** Focus the selected day (else today, else the first day that can be picked) as the calendar appears. */
  autoFocus?: boolean;
}) {
  const t = useTranslations('pickers');
  const locale = dateLocaleOf(useLocale());
  const format = useMemo(() => formattersOf(locale), [locale]);
  const captionId = useId();
  const chosen = validDate(selected);
  const first = validDate(min);
  const [today] = useState(localToday);
  /** The day that holds the roving tabindex; the month shown is always its month. */
  const [active, setActive] = useState(() =>
    focusTargetIn(monthOf(chosen ?? validDate(defaultMonth) ?? first ?? today), { selected: chosen, today, min: first }),
  );
  const month = monthOf(active);
  const gridRef = useRef<HTMLTableElement>(null);
  /** Set when a key moved `active` and the focus must follow, not when a month button moved it. */
  const focusPending = useRef(false);
  const focusDay = (selector: string) => gridRef.current?.querySelector<HTMLButtonElement>(selector)?.focus();

  useEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    focusDay(`button[data-day="${active}"]`);
  }, [active]);

  useEffect(() => {
    if (!autoFocus) return;
    // A frame later: a popover in a modal dialog (the task drawer) registers its focus scope in an effect that runs
    // after this one, and until it has, the dialog's focus trap pulls any focus outside the dialog back into it.
    const frame = requestAnimationFrame(() => focusDay('button[data-day][tabindex="0"]'));
    return () => cancelAnimationFrame(frame);
  }, [autoFocus]);

  const showMonth = (target: YearMonth) => setActive(focusTargetIn(target, { selected: chosen, today, min: first }));
  const previous = addMonths(month, -1);
  // A month whose every day is before `min` would show nothing to pick. The button says so with aria-disabled rather
  // than disabled, which would drop the focus to the page when the user reaches `min`'s month with it.
  const previousRefused = first !== undefined && lastDayOf(previous) < first;

  return (
    <div className="select-none">
      <div className="mb-1 flex items-center justify-between gap-2 pl-2">
        <div id={captionId} role="status" aria-live="polite" className="text-base font-semibold text-slate-900">
          {format.caption(month)}
        </div>
        <div className="flex items-center">
          <button
            type="button"
            className={navButtonClass}
            aria-label={t('previousMonth')}
            title={t('previousMonth')}
            aria-disabled={previousRefused || undefined}
            onClick={() => {
              if (!previousRefused) showMonth(previous);
            }}
          >
            <ChevronLeft size={18} aria-hidden />
          </button>
          <button type="button" className={navButtonClass} aria-label={t('nextMonth')} title={t('nextMonth')} onClick={() => showMonth(addMonths(month, 1))}>
            <ChevronRight size={18} aria-hidden />
          </button>
        </div>
      </div>
      <table ref={gridRef} role="grid" aria-labelledby={captionId} className="border-collapse">
        {/* Each day's name already starts with its weekday: column headers would make screen readers say it twice. */}
        <thead aria-hidden>
          <tr>
            {format.weekdays.map((weekday, index) => (
              <th key={referenceWeek[index]} scope="col" className="size-9 p-0 text-center text-xs font-normal text-slate-500">
                {weekday}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeksOf(month).map((week) => (
            <tr key={week[0]} role="row">
              {week.map((day) => {
                // Days of the months around are left blank, as the month grid showed them before.
                if (!sameMonth(monthOf(day), month)) return <td key={day} role="gridcell" className="size-9 p-0" />;
                const isSelected = day === chosen;
                const isToday = day === today;
                const refused = first !== undefined && day < first;
                return (
                  <td key={day} role="gridcell" aria-selected={isSelected || undefined} className="size-9 p-0 text-center">
                    <button
                      type="button"
                      data-day={day}
                      tabIndex={day === active ? 0 : -1}
                      disabled={refused}
                      aria-label={format.dayName(day)}
                      aria-current={isToday ? 'date' : undefined}
                      className={dayButtonClass(isSelected, isToday, refused)}
                      onClick={() => onSelect(day)}
                      // A screen reader's cursor may focus another day: the tabbable one follows it.
                      onFocus={() => setActive(day)}
                      onKeyDown={(event) => {
                        const target = movedDate(day, event.key, event.shiftKey, first);
                        if (target === null) return;
                        // The page must not scroll with the arrows or Page keys while they move between days.
                        event.preventDefault();
                        if (target === day) return;
                        focusPending.current = true;
                        setActive(target);
                      }}
                    >
                      {format.dayNumber(day)}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function dayButtonClass(isSelected: boolean, isToday: boolean, refused: boolean): string {
  const base =
    'mx-auto flex size-[34px] items-center justify-center rounded-full text-sm tabular-nums focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand';
  // A typed day before `min` can be the selected one: it shows refused, as the field's message says it is.
  const look = refused
    ? `cursor-not-allowed text-slate-400 ${isSelected ? 'bg-slate-100' : ''}`
    : isSelected
      ? 'bg-brand font-semibold text-white hover:bg-brand-dark'
      : isToday
        ? 'font-semibold text-brand hover:bg-slate-100'
        : 'text-slate-900 hover:bg-slate-100';
  // Today keeps its ring when it is also the chosen or a refused day, so it can always be found.
  const ring = isToday ? (isSelected && !refused ? 'ring-2 ring-brand ring-offset-1' : 'ring-1 ring-brand') : '';
  return `${base} ${look} ${ring}`;
}
