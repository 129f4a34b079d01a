import { dateLocaleOf } from '@/lib/contract/date-locale';
import { numericDateFormatter, numericDateOptions } from '@/lib/contract/numeric-date';

/**
 * Dates as the user reads and types them: day, month and a 4-digit year in the order and with the separator of
 * their date locale (en-GB for English). Values in and out are ISO 'YYYY-MM-DD' strings.
 */

export type DatePart = 'day' | 'month' | 'year';

export interface DatePattern {
  /** The parts in the order the locale writes them. */
  order: DatePart[];
  /** What stands between two parts ('/' for en-GB, it, es and fr). */
  separator: string;
}

const patternCache = new Map<string, DatePattern>();

/** Read off Intl rather than hard-coded, so it stays right for every locale Intl knows. */
export function datePatternOf(locale: string): DatePattern {
  const known = patternCache.get(locale);
  if (known) return known;
  const parts = new Intl.DateTimeFormat(locale, { ...numericDateOptions, timeZone: 'UTC' }).formatToParts(new Date(Date.UTC(2026, 10, 23)));
  const order = parts.map((part) => part.type).filter((type): type is DatePart => type === 'day' || type === 'month' || type === 'year');
  const separator = parts.find((part) => part.type === 'literal')?.value ?? '/';
  const pattern = { order, separator };
  patternCache.set(locale, pattern);
  return pattern;
}

const pad = (value: number, width: number) => String(value).padStart(width, '0');

export function isoDateOf(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/** The parts of a valid 'YYYY-MM-DD', or null. */
export function isoDateParts(isoDate: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return isRealDate(year, month, day) ? { year, month, day } : null;
}

function isRealDate(year: number, month: number, day: number): boolean {
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const formatters = new Map<string, (isoDate: string) => string>();

/**
 * 'YYYY-MM-DD' as the user's language shows dates (en → 23/11/2026), through the one formatter the list, its CSV and
 * the drawer share; text that is not a real date comes back as it is.
 */
export function formatDate(isoDate: string, language: string): string {
  if (!isoDateParts(isoDate)) return isoDate;
  let format = formatters.get(language);
  if (!format) {
    format = numericDateFormatter(language);
    formatters.set(language, format);
  }
  return format(isoDate);
}

/** The lengths of the parts when typed without separators: 2-digit day and month, 4-digit year. */
const packedWidth: Record<DatePart, number> = { day: 2, month: 2, year: 4 };

/**
 * A typed date in the user's locale order to 'YYYY-MM-DD', or null when it is not one: with any separators
 * ('11/01/2026', '11.01.2026', '1-1-2026', '1 1 2026') or none ('11012026'). The year needs its 4 digits and the
 * day must exist in the month; nothing is guessed or rolled over into another date.
 */
export function parseDateInput(text: string, language: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const { order } = datePatternOf(dateLocaleOf(language));
  let pieces: string[];
  if (/^\d+$/.test(trimmed)) {
    if (trimmed.length !== 8) return null;
    pieces = [];
    let at = 0;
    for (const part of order) {
      pieces.push(trimmed.slice(at, at + packedWidth[part]));
      at += packedWidth[part];
    }
  } else {
    if (!/^\d+[^\d]+\d+[^\d]+\d+$/.test(trimmed)) return null;
    pieces = trimmed.split(/[^\d]+/);
  }
  const value: Record<DatePart, number> = { day: 0, month: 0, year: 0 };
  for (const [index, part] of order.entries()) {
    const piece = pieces[index];
    if (part === 'year' ? piece.length !== 4 : piece.length > 2) return null;
    value[part] = Number(piece);
  }
  return isRealDate(value.year, value.month, value.day) ? isoDateOf(value.year, value.month, value.day) : null;
}
