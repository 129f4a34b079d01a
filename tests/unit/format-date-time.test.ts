import { describe, expect, it } from 'vitest';
import {
  formatDay,
  formatDayAndTime,
  formatInstant,
  formatInstantTime,
  formatLongDay,
  type ClockPreferences,
} from '@/lib/client/format-date-time';
import { formatInstant as formatInstantFromLog } from '@/lib/client/task-history/log-format';

const moment = '2026-12-02T13:26:00Z';
const rome = 'Europe/Rome';
const english24: ClockPreferences = { language: 'en', twentyFourHour: true, timeZone: rome };
const english12: ClockPreferences = { language: 'en', twentyFourHour: false, timeZone: rome };

describe('the one date and time formatter', () => {
  it('writes an English 24-hour user’s moment day first with a 4-digit year, not "12/2/26, 2:26 PM"', () => {
    expect(formatInstant(moment, english24)).toBe('02/12/2026 14:26');
  });

  it('gives a 12-hour user am/pm with the same date', () => {
    expect(formatInstant(moment, english12)).toBe('02/12/2026 02:26 pm');
    expect(formatInstant('2026-12-02T07:05:00Z', english12)).toBe('02/12/2026 08:05 am');
  });

  it('reads the moment in the given zone, across the day boundary', () => {
    expect(formatInstant('2026-12-02T23:30:00Z', english24)).toBe('03/12/2026 00:30');
    expect(formatInstant('2026-12-02T23:30:00Z', { ...english24, timeZone: 'America/New_York' })).toBe('02/12/2026 18:30');
  });

  it('puts the day first in Italian, Spanish and French too, so 12/2 is never read as 12 February', () => {
    for (const language of ['it', 'es', 'fr']) {
      expect(formatInstant(moment, { ...english24, language })).toBe('02/12/2026 14:26');
    }
  });

  it('writes only the time of a moment on the user’s clock', () => {
    expect(formatInstantTime(moment, english24)).toBe('14:26');
    expect(formatInstantTime(moment, english12)).toBe('02:26 pm');
  });

  it('formats calendar days and stored wall-clock times without any zone moving them', () => {
    expect(formatDay('2026-12-02', 'en')).toBe('02/12/2026');
    expect(formatDayAndTime('2026-12-02', '14:00', english12)).toBe('02/12/2026 02:00 pm');
    expect(formatDayAndTime('2026-12-02', null, english24)).toBe('02/12/2026');
    expect(formatLongDay('2026-12-02', 'en')).toBe('Wednesday 2 December');
    expect(formatLongDay('2026-12-02', 'it')).toBe('mercoledì 2 dicembre');
  });

  it('answers what it was given when the text is not a moment', () => {
    expect(formatInstant('not a date', english24)).toBe('not a date');
    expect(formatInstantTime('', english24)).toBe('');
  });

  it('is the same function the console’s screens import from the history module', () => {
    expect(formatInstantFromLog).toBe(formatInstant);
  });
});
