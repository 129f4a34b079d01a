import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { efficiencyCsvText, formatMinutes } from '@/components/reports/efficiency/report-csv';
import { escapeCell, exportFileName, utf8Bom } from '@/lib/client/tasks/csv';
import {
  daysInRange,
  EfficiencyQuery,
  efficiencyBand,
  efficiencyPercent,
  filtersOf,
  type EfficiencyRow,
} from '@/lib/contract/efficiency-report';

const row = (values: Partial<EfficiencyRow>): EfficiencyRow => ({
  task: { id: 1, referenceNumber: 7, title: 'Boiler', client: { id: 2, displayName: 'Rossi Srl' } },
  assignees: [{ id: 3, name: 'Anna', surname: 'Verdi' }],
  startDate: '2026-03-02T07:00:00.000Z',
  endDate: '2026-03-02T09:15:00.000Z',
  estimate: 90,
  actual: 105,
  difference: 15,
  efficiency: 86,
  ...values,
});

describe('efficiency formula and scale', () => {
  it('is estimate over actual as a whole percent, 0 when actual is a minute or less', () => {
    expect(efficiencyPercent(90, 105)).toBe(86);
    expect(efficiencyPercent(30, 20)).toBe(150);
    expect(efficiencyPercent(30, 1)).toBe(0);
    expect(efficiencyPercent(30, 0)).toBe(0);
    expect(efficiencyPercent(30, 2)).toBe(1500);
  });

  it('colours: none at 0, red under 50, orange under 80, green to 110, blue above', () => {
    expect([0, 1, 49, 50, 79, 80, 100, 110, 111, 400].map(efficiencyBand)).toEqual([
      'none', 'poor', 'poor', 'fair', 'fair', 'good', 'good', 'good', 'over', 'over',
    ]);
  });
});

describe('range and filters', () => {
  it('takes local dates, from before or on to, at most 366 days', () => {
    expect(daysInRange('2026-03-02', '2026-03-04')).toBe(3);
    expect(daysInRange('2026-03-28', '2026-03-30')).toBe(3);
    expect(EfficiencyQuery.safeParse({ from: '2025-03-05', to: '2026-03-05' }).success).toBe(true);
    expect(EfficiencyQuery.safeParse({ from: '2025-03-04', to: '2026-03-05' }).success).toBe(false);
    expect(EfficiencyQuery.safeParse({ from: '2026-03-05', to: '2026-03-04' }).success).toBe(false);
  });

  it("merges the spec's assigneeId with assigneeIds, without repeats", () => {
    expect(filtersOf({ assigneeId: [3, 1], assigneeIds: [1, 2], clientIds: [5, 5] })).toEqual({
      assigneeIds: [3, 1, 2],
      clientIds: [5],
      typeIds: [],
    });
    expect(filtersOf(undefined)).toEqual({ assigneeIds: [], clientIds: [], typeIds: [] });
  });
});

describe('CSV export', () => {
  it('writes minutes as h:mm on screen with a sign for differences', () => {
    expect(formatMinutes(95)).toBe('1:35');
    expect(formatMinutes(0)).toBe('0:00');
    expect(formatMinutes(-30, true)).toBe('-0:30');
    expect(formatMinutes(15, true)).toBe('+0:15');
    expect(formatMinutes(4564560)).toBe('76076:00');
  });

  it('keeps numbers as numbers (a negative difference too) and escapes formula-like text', () => {
    expect(escapeCell(-30)).toBe('-30');
    expect(escapeCell('-30')).toBe("'-30");
    expect(exportFileName(new Date('2026-11-26T13:32:00Z'), 'Europe/Rome', 'efficiency')).toBe('efficiency-2026-11-26_1432.csv');
  });

  it('is header, one line per row, an empty line and the three totals, each line of data as wide as the header', () => {
    const padded = (cells: string[]) => [...cells, ...Array<string>(10 - cells.length).fill('')];
    const rows = [
      row({ totalEstimate: 120, totalActual: 105, workingHours: 480 }),
      row({
        task: { id: 2, referenceNumber: 8, title: '=HYPERLINK("x")', client: null },
        assignees: [],
        startDate: null,
        estimate: 30,
        actual: 0,
        difference: -30,
        efficiency: 0,
      }),
    ];
    const text = efficiencyCsvText(rows, {
      header: ['Ref', 'Title', 'Assignees', 'Client', 'Start', 'End', 'Est', 'Act', 'Diff', 'Eff'],
      totalEstimate: 'Total estimated (min)',
      totalActual: 'Total actual (min)',
      workingHours: 'Total working hours (min)',
      instant: (iso) => `at ${iso.slice(11, 16)}`,
    });
    expect(text.startsWith(utf8Bom)).toBe(true);
    const lines = Papa.parse<string[]>(text.slice(1), { delimiter: ',' }).data;
    expect(lines).toEqual([
      ['Ref', 'Title', 'Assignees', 'Client', 'Start', 'End', 'Est', 'Act', 'Diff', 'Eff'],
      ['7', 'Boiler', 'Anna Verdi', 'Rossi Srl', 'at 07:00', 'at 09:15', '90', '105', '15', '86'],
      ['8', `'=HYPERLINK("x")`, '', '', '', 'at 09:15', '30', '0', '-30', '0'],
      [''],
      padded(['Total estimated (min)', '120']),
      padded(['Total actual (min)', '105']),
      padded(['Total working hours (min)', '480']),
    ]);
  });
});
