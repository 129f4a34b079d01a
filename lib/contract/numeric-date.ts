import { dateLocaleOf } from './date-locale';

/**
 * A calendar date as every screen shows it: day, month and a 4-digit year in the order of the user's language
 * (26/11/2026 in en-GB and Italian). The task list, its CSV export, the drawer and the date picker share it.
 */
export const numericDateOptions = { day: '2-digit', month: '2-digit', year: 'numeric' } as const satisfies Intl.DateTimeFormatOptions;

/** Formats 'YYYY-MM-DD' dates for a UI language; the date is read at noon UTC so no zone moves it a day. */
export function numericDateFormatter(language: string): (isoDate: string) => string {
  const format = new Intl.DateTimeFormat(dateLocaleOf(language), { ...numericDateOptions, timeZone: 'UTC' });
  return (isoDate) => format.format(new Date(`${isoDate}T12:00:00Z`));
}
