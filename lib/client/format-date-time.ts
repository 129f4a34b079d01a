import { formatTimeOfDay } from '@/lib/contract/time-of-day';
import { dateLocaleOf } from '@/lib/contract/date-locale';
import { numericDateFormatter } from '@/lib/contract/numeric-date';
import { zonedDateAndTime } from '@/lib/contract/zoned-time';

/**
 * How the user reads a moment: their language's date order (en-GB for English, spec 02 §9), their 12- or 24-hour
 * clock (their profile) and a time zone (their own, else the company's).
 */
export interface ClockPreferences {
  language: string;
  twentyFourHour: boolean;
  timeZone: string;
}

const validInstant = (iso: string): Date | null => {
  const instant = new Date(iso);
  return Number.isNaN(instant.getTime()) ? null : instant;
};

/**
 * A moment as every screen shows it: the date as the list shows dates (4-digit year, the language's order), then the
 * time on the user's clock, '02/12/2026 14:26' or '02/12/2026 02:26 pm'. Intl's own short styles would write the US
 * order and a 12-hour clock for 'en' whatever the user chose, so the parts are put together here.
 */
export function formatInstant(iso: string, clock: ClockPreferences): string {
  const instant = validInstant(iso);
  if (!instant) return iso;
  const { date, time } = zonedDateAndTime(instant, clock.timeZone);
  return `${numericDateFormatter(clock.language)(date)} ${formatTimeOfDay(time, clock.twentyFourHour)}`;
}

/** Only the time of a moment, on the user's clock in their zone: '14:26' or '02:26 pm'. */
export function formatInstantTime(iso: string, clock: ClockPreferences): string {
  const instant = validInstant(iso);
  if (!instant) return iso;
  return formatTimeOfDay(zonedDateAndTime(instant, clock.timeZone).time, clock.twentyFourHour);
}

/** A calendar day 'YYYY-MM-DD' as numbers in the language's order: '02/12/2026'. */
export function formatDay(isoDate: string, language: string): string {
  return numericDateFormatter(language)(isoDate);
}

/** A calendar day 'YYYY-MM-DD' spelled out for a heading: 'Wednesday 2 December' in English, not the US order. */
export function formatLongDay(isoDate: string, language: string): string {
  return new Intl.DateTimeFormat(dateLocaleOf(language), { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T12:00:00Z`),
  );
}

/** A stored wall-clock time 'HH:mm' (an appointment's, a slot's) on the user's clock. */
export const formatClockTime = (hhmm: string, clock: Pick<ClockPreferences, 'twentyFourHour'>): string =>
  formatTimeOfDay(hhmm, clock.twentyFourHour);

/** A 'YYYY-MM-DD' day and an optional 'HH:mm' time, as one text: '02/12/2026 14:00'. */
export function formatDayAndTime(isoDate: string, hhmm: string | null, clock: ClockPreferences): string {
  const day = formatDay(isoDate, clock.language);
  return hhmm ? `${day} ${formatClockTime(hhmm, clock)}` : day;
}
