import { describe, expect, it } from 'vitest';
import { reportReader } from '@/lib/server/tasks/report/format';
import { embeddableImage } from '@/lib/server/tasks/report/images';
import { pngImage, smallJpeg } from '../api/tasks/report-images';

const english = reportReader({ language: 'en', twentyFourHour: true, timeZone: 'Europe/Rome' });
const italian = reportReader({ language: 'it', twentyFourHour: false, timeZone: 'Europe/Rome' });

describe('report custom field values', () => {
  it('reads booleans as yes or no in the user language', () => {
    expect(english.fieldValue({ fieldType: 'BOOLEAN', fieldValue: 'true' })).toBe('Yes');
    expect(english.fieldValue({ fieldType: 'BOOLEAN', fieldValue: 'false' })).toBe('No');
    expect(italian.fieldValue({ fieldType: 'BOOLEAN', fieldValue: 'true' })).toBe('Sì');
  });

  it('reads quantity lists as "item × qty" and multi selects as a list', () => {
    const value = JSON.stringify([
      { id: 1, value: 'Filter', quantity: 2 },
      { id: 2, value: 'Valve', quantity: 1.5 },
    ]);
    expect(english.fieldValue({ fieldType: 'MULTI_SELECT_QUANTITY', fieldValue: value })).toBe('Filter × 2, Valve × 1.5');
    expect(english.fieldValue({ fieldType: 'MULTI_SELECT', fieldValue: 'Gas,Water' })).toBe('Gas, Water');
  });

  it('writes stored dates as the user reads dates', () => {
    expect(english.fieldValue({ fieldType: 'DATE', fieldValue: '1st Mar 2027' })).toBe('01/03/2027');
  });

  it('shows a dash for an empty value, and unreadable text as it is stored', () => {
    expect(english.fieldValue({ fieldType: 'TEXT', fieldValue: null })).toBe('-');
    expect(english.fieldValue({ fieldType: 'MULTI_SELECT_QUANTITY', fieldValue: '[]' })).toBe('-');
    expect(english.fieldValue({ fieldType: 'MULTI_SELECT_QUANTITY', fieldValue: 'not json' })).toBe('not json');
  });

  it("names a default cancellation reason in the reader's language, a company's own as typed, none as a dash", () => {
    expect(italian.cancellationReason('Client no show')).toBe('Cliente assente');
    expect(english.cancellationReason('Client no show')).toBe('Client no show');
    expect(italian.cancellationReason('Cliente in ritardo')).toBe('Cliente in ritardo');
    expect(italian.cancellationReason(null)).toBe('-');
  });

  it("writes instants in the tenant's zone on the user's clock", () => {
    expect(english.instant('2030-01-02T15:30:00Z')).toBe('02/01/2030 16:30');
    expect(italian.instant('2030-01-02T15:30:00Z')).toBe('02/01/2030 04:30 pm');
  });
});

describe('report images', () => {
  it('embeds JPEG and PNG pictures', () => {
    expect(embeddableImage(smallJpeg)?.format).toBe('jpg');
    expect(embeddableImage(pngImage(4, 3))?.format).toBe('png');
  });

  it('refuses what a PDF cannot carry or a file that only starts like a picture', () => {
    expect(embeddableImage(Buffer.from('GIF89a0000000000'))).toBeNull();
    expect(embeddableImage(Buffer.from('%PDF-1.4\n'))).toBeNull();
    expect(embeddableImage(smallJpeg.subarray(0, 40))).toBeNull();
    expect(embeddableImage(pngImage(4, 3).subarray(0, 20))).toBeNull();
  });
});
