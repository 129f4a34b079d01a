import { describe, expect, it } from 'vitest';
import { cellText, type CellFormat } from '@/components/tasks/list/columns';
import { tasksCsvText } from '@/components/tasks/list/csv-export';
import { detailLines } from '@/lib/client/task-history/log-format';
import { quantityLines, quantityListText } from '@/lib/contract/quantity-list';
import type { CustomFieldView } from '@/lib/contract/custom-fields';
import { reportReader } from '@/lib/server/tasks/report/format';
import { makeTask } from './task-list/fixtures';

const stored = '[{"id":4,"value":"Valve","quantity":2},{"id":1,"value":"Filter","quantity":1.5}]';

const format: CellFormat = {
  columnLabel: (key) => key,
  taskStatus: String,
  billingStatus: String,
  date: (isoDate) => isoDate,
  instant: (iso) => iso,
  time: (hhmm) => hhmm,
  minutes: (minutes) => `${minutes} min`,
};

const materials = { id: 2, fieldName: 'Materials used', fieldType: 'MULTI_SELECT_QUANTITY' } as CustomFieldView;
const task = makeTask({
  customFieldValues: [
    { id: 9, customFieldId: 2, customFieldName: 'Materials used', taskId: 1, fieldValue: stored, fieldType: 'MULTI_SELECT_QUANTITY', requiredType: 'ON_COMPLETION' },
    { id: 10, customFieldId: 3, customFieldName: 'Note', taskId: 1, fieldValue: '[draft]', fieldType: 'TEXT', requiredType: null },
  ],
});

describe('materials read as "item × quantity", never as the stored JSON', () => {
  it('parses the stored list into one line per material', () => {
    expect(quantityLines(stored)).toEqual([
      { item: 'Valve', quantity: '2' },
      { item: 'Filter', quantity: '1.5' },
    ]);
    expect(quantityListText('[{"id":4,"value":"Valve","quantity":2}]')).toBe('Valve × 2');
    expect(quantityListText('[{"id":4,"value":"Valve","quantity":null}]')).toBe('Valve');
  });

  it('leaves text that is not a quantity list alone', () => {
    expect(quantityListText('Valve')).toBeNull();
    expect(quantityListText('[not json')).toBeNull();
    expect(quantityListText('[1, 2]')).toBeNull();
    expect(quantityListText(null)).toBeNull();
  });

  it('shows the list in the task list’s cell and in the CSV export', () => {
    expect(cellText('customField2', task, format)).toBe('Valve × 2, Filter × 1.5');
    // A text field that happens to look like a list is the user's text.
    expect(cellText('customField3', task, format)).toBe('[draft]');
    const csv = tasksCsvText([task], ['id', 'customField2'], [materials], format, { minutesHeader: (label) => label });
    expect(csv).toContain('Valve × 2, Filter × 1.5');
    expect(csv).not.toContain('"quantity"');
  });

  it('shows the list in the PDF report', () => {
    const reader = reportReader({ language: 'en', twentyFourHour: true, timeZone: 'Europe/Rome' });
    expect(reader.fieldValue({ fieldType: 'MULTI_SELECT_QUANTITY', fieldValue: stored })).toBe('Valve × 2, Filter × 1.5');
  });

  it('shows the list in the task history’s "field: old → new" lines', () => {
    const words = { fieldLabel: String, customFieldLabel: (id: number | undefined) => `#${id}`, minutes: (minutes: number) => `${minutes} min` };
    const clock = { language: 'en', twentyFourHour: true, timeZone: 'Europe/Rome' };
    const [line] = detailLines([{ field: 'customField', customFieldId: 2, customFieldName: 'Materials used', oldValue: null, newValue: stored }], clock, words);
    expect(line).toEqual({ label: 'Materials used', from: null, to: 'Valve × 2, Filter × 1.5' });
  });
});
