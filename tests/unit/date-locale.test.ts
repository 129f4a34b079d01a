import { describe, expect, it } from 'vitest';
import { dateLocaleOf } from '@/lib/contract/date-locale';

const shortDate = (language: string) =>
  new Intl.DateTimeFormat(dateLocaleOf(language), { dateStyle: 'short', timeZone: 'UTC' }).format(new Date('2026-11-23T12:00:00Z'));

describe('the date locale of a UI language', () => {
  it('formats English dates as en-GB, day first', () => {
    expect(dateLocaleOf('en')).toBe('en-GB');
    expect(shortDate('en')).toBe('23/11/2026');
  });

  it('keeps Italian, Spanish and French as they are', () => {
    expect(dateLocaleOf('it')).toBe('it');
    expect(dateLocaleOf('es')).toBe('es');
    expect(dateLocaleOf('fr')).toBe('fr');
    expect(shortDate('it')).toBe('23/11/26');
    expect(shortDate('fr')).toBe('23/11/2026');
  });

  it('reads a regional tag by its language, and falls back to English for any other', () => {
    expect(dateLocaleOf('en-US')).toBe('en-GB');
    expect(dateLocaleOf('fr-CA')).toBe('fr');
    expect(dateLocaleOf('de')).toBe('en-GB');
  });
});
