import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { cellText, type CellFormat } from '@/components/tasks/list/columns';
import { tasksCsvText } from '@/components/tasks/list/csv-export';
import { escapeCell, exportFileName, toCsv, toCsvFile, utf8Bom } from '@/lib/client/tasks/csv';
import { referenceNumbersOf } from '@/lib/client/tasks/reference-numbers';
import { numericDateFormatter } from '@/lib/contract/numeric-date';
import { makeTask } from './fixtures';

const format: CellFormat = {
  columnLabel: (key) => ({ id: 'Id', type: 'Task type', duration: 'Duration', actualDuration: 'Actual duration', appointment: 'Appointment' })[key] ?? key,
  taskStatus: (statusId) => `status ${statusId}`,
  billingStatus: (billingStatusId) => `billing ${billingStatusId}`,
  date: numericDateFormatter('it'),
  instant: (iso) => iso,
  time: (hhmm) => hhmm,
  minutes: (minutes) => `${minutes} min`,
};

describe('CSV export', () => {
  it('escapes cells that a spreadsheet would run as a formula', () => {
    expect(escapeCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(escapeCell('+39 02')).toBe("'+39 02");
    expect(escapeCell('-1')).toBe("'-1");
    expect(escapeCell('@cmd')).toBe("'@cmd");
    expect(escapeCell('\t=1+1')).toBe("'\t=1+1");
    expect(escapeCell('\r=1+1')).toBe("'\r=1+1");
    expect(escapeCell('Via Roma = 1')).toBe('Via Roma = 1');
    expect(escapeCell(null)).toBe('');
    expect(escapeCell(42)).toBe('42');
  });

  it('writes comma-separated rows that read back to the same cells', () => {
    const text = toCsv(['Id', 'Address'], [[1, 'Via Roma 1, Milano'], [2, '=cmd|calc']]);
    expect(text.split('\r\n')[0]).toBe('Id,Address');
    const parsed = Papa.parse<string[]>(text, { delimiter: ',' }).data;
    expect(parsed).toEqual([
      ['Id', 'Address'],
      ['1', 'Via Roma 1, Milano'],
      ['2', "'=cmd|calc"],
    ]);
  });

  it('starts the file with a UTF-8 byte-order mark so Excel keeps the accents', () => {
    const text = toCsvFile(['Località'], [['Cefalù']]);
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text.slice(1)).toBe('Località\r\nCefalù');
    expect([...new TextEncoder().encode(text).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it("names the file with the export time on the tenant's clock, whatever the browser's zone", () => {
    const at = new Date('2026-11-26T13:32:10Z');
    expect(exportFileName(at, 'Europe/Rome')).toBe('tasks-2026-11-26_1432.csv');
    expect(exportFileName(at, 'America/New_York')).toBe('tasks-2026-11-26_0832.csv');
    expect(exportFileName(new Date('2026-11-26T23:30:00Z'), 'Europe/Rome')).toBe('tasks-2026-11-27_0030.csv');
  });

  it('writes the reference number as the id, durations as plain minutes and dates with 4-digit years', () => {
    const task = makeTask({ id: 204, referenceNumber: 201, actualDuration: 95, appointment: { date: '2026-11-23T09:00:00+01:00', durationMins: 90 } });
    const text = tasksCsvText([task], ['id', 'type', 'appointment', 'duration', 'actualDuration'], [], format, {
      minutesHeader: (label) => `${label} (min)`,
    });
    expect(text.startsWith(utf8Bom)).toBe(true);
    const rows = Papa.parse<string[]>(text.slice(1), { delimiter: ',' }).data;
    expect(rows).toEqual([
      ['Id', 'Task type', 'Appointment', 'Duration (min)', 'Actual duration (min)'],
      ['201', 'Boiler repair', '23/11/2026 09:00', '90', '95'],
    ]);
  });

  it('shows the reference number in the list id column too, and the table keeps its minutes label', () => {
    const task = makeTask({ id: 204, referenceNumber: 201 });
    expect(cellText('id', task, format)).toBe('201');
    expect(cellText('duration', task, format)).toBe('60 min');
  });
});

describe('numbers in alerts', () => {
  it('names tasks by their reference numbers, keeping an id the list no longer holds', () => {
    const rows = new Map([
      [204, makeTask({ id: 204, referenceNumber: 201 })],
      [205, makeTask({ id: 205, referenceNumber: 202 })],
    ]);
    expect(referenceNumbersOf([205, 204], rows)).toEqual([202, 201]);
    expect(referenceNumbersOf([999], rows)).toEqual([999]);
  });
});

describe('dates on every screen', () => {
  it('reads day, month and a 4-digit year in the order of the language', () => {
    expect(numericDateFormatter('it')('2026-03-05')).toBe('05/03/2026');
    expect(numericDateFormatter('en')('2026-03-05')).toBe('05/03/2026');
    expect(numericDateFormatter('fr')('2026-03-05')).toBe('05/03/2026');
    expect(numericDateFormatter('es')('2026-03-05')).toBe('05/03/2026');
  });
});
