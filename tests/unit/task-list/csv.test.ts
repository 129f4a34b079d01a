import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { escapeCell, exportFileName, toCsv } from '@/lib/client/tasks/csv';

describe('CSV export', () => {
  it('escapes cells that a spreadsheet would run as a formula', () => {
    expect(escapeCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(escapeCell('+39 02')).toBe("'+39 02");
    expect(escapeCell('-1')).toBe("'-1");
    expect(escapeCell('@cmd')).toBe("'@cmd");
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

  it('names the file with the export timestamp', () => {
    expect(exportFileName(new Date(2026, 10, 3, 9, 5, 7))).toBe('tasks-2026-11-03_09-05-07.csv');
  });
});
