import { describe, expect, it } from 'vitest';
import { datePatternOf, formatDate, isoDateParts, parseDateInput } from '@/lib/client/date-input';

describe('the date pattern of a locale', () => {
  it('puts the day first and separates with a slash for the four UI languages', () => {
    for (const locale of ['en-GB', 'it', 'es', 'fr']) {
      expect(datePatternOf(locale)).toEqual({ order: ['day', 'month', 'year'], separator: '/' });
    }
  });

  it('reads the order off Intl, so a month-first locale stays month first', () => {
    expect(datePatternOf('en-US').order).toEqual(['month', 'day', 'year']);
  });
});

describe('formatDate', () => {
  it('writes English dates as en-GB, two-digit day and month and a four-digit year', () => {
    expect(formatDate('2026-01-11', 'en')).toBe('11/01/2026');
    expect(formatDate('2026-11-23', 'en-US')).toBe('23/11/2026');
  });

  it('keeps the four-digit year in every language', () => {
    expect(formatDate('2026-11-23', 'it')).toBe('23/11/2026');
    expect(formatDate('2026-11-23', 'es')).toBe('23/11/2026');
    expect(formatDate('2026-11-23', 'fr')).toBe('23/11/2026');
  });

  it('leaves anything that is not a date as it is', () => {
    expect(formatDate('2026-02-30', 'en')).toBe('2026-02-30');
    expect(formatDate('', 'en')).toBe('');
  });
});

describe('parseDateInput', () => {
  it('reads 11012026 as 11 January 2026, the issue\'s garbled case', () => {
    expect(parseDateInput('11012026', 'en')).toBe('2026-01-11');
  });

  it('accepts slashes, dots, dashes or spaces and one-digit days and months', () => {
    for (const typed of ['11/01/2026', '11.01.2026', '11-01-2026', '11 01 2026', ' 11/1/2026 ']) {
      expect(parseDateInput(typed, 'en')).toBe('2026-01-11');
    }
    expect(parseDateInput('1/1/2026', 'en')).toBe('2026-01-01');
  });

  it('reads day first in Italian, Spanish and French too', () => {
    expect(parseDateInput('23/11/2026', 'it')).toBe('2026-11-23');
    expect(parseDateInput('23112026', 'es')).toBe('2026-11-23');
    expect(parseDateInput('23.11.2026', 'fr')).toBe('2026-11-23');
  });

  it('refuses dates that do not exist instead of rolling them into another', () => {
    expect(parseDateInput('31/02/2026', 'en')).toBeNull();
    expect(parseDateInput('29/02/2026', 'en')).toBeNull();
    expect(parseDateInput('29/02/2028', 'en')).toBe('2028-02-29');
    expect(parseDateInput('32/01/2026', 'en')).toBeNull();
    expect(parseDateInput('11/13/2026', 'en')).toBeNull();
    expect(parseDateInput('00/01/2026', 'en')).toBeNull();
  });

  it('refuses a year without its four digits and input that is not a whole date', () => {
    expect(parseDateInput('11/01/26', 'en')).toBeNull();
    expect(parseDateInput('110126', 'en')).toBeNull();
    expect(parseDateInput('1101202', 'en')).toBeNull();
    expect(parseDateInput('11/01', 'en')).toBeNull();
    expect(parseDateInput('111/01/2026', 'en')).toBeNull();
    expect(parseDateInput('11 Jan 2026', 'en')).toBeNull();
    expect(parseDateInput('', 'en')).toBeNull();
  });

  it('reads back what formatDate writes', () => {
    for (const language of ['en', 'it', 'es', 'fr']) {
      expect(parseDateInput(formatDate('2027-03-09', language), language)).toBe('2027-03-09');
    }
  });
});

describe('isoDateParts', () => {
  it('splits a real date and refuses others', () => {
    expect(isoDateParts('2026-01-11')).toEqual({ year: 2026, month: 1, day: 11 });
    expect(isoDateParts('2026-02-29')).toBeNull();
    expect(isoDateParts('11/01/2026')).toBeNull();
  });
});
