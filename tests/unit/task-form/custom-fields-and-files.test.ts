import { describe, expect, it } from 'vitest';
import {
  customFieldProblems,
  customFieldValuesBody,
  dateInputToStored,
  missingOnSaveFields,
  multiSelectToStored,
  quantityDraftsToStored,
  quantityProblem,
  storedToDateInput,
  storedToMultiSelect,
  storedToQuantityDrafts,
  type FormCustomField,
} from '@/lib/client/task-form/custom-fields';
import { filesProblem } from '@/lib/client/task-form/files';
import { fieldValueError } from '@/lib/contract/custom-fields';

const field = (id: number, fieldType: FormCustomField['fieldType'], extra: Partial<FormCustomField> = {}): FormCustomField => ({
  id,
  fieldName: `Field ${id}`,
  fieldType,
  options: ['Small', 'Medium', 'Large'],
  required: false,
  requiredType: null,
  ...extra,
});

describe('custom field values', () => {
  it("stores dates as 'Do MMM YYYY' and reads them back", () => {
    expect(dateInputToStored('2026-03-01')).toBe('1st Mar 2026');
    expect(dateInputToStored('2026-11-23')).toBe('23rd Nov 2026');
    expect(storedToDateInput('12th Dec 2026')).toBe('2026-12-12');
    expect(storedToDateInput('nonsense')).toBe('');
  });

  it('stores a multi select as a comma list in option order', () => {
    const stored = multiSelectToStored(['Large', 'Small'], ['Small', 'Medium', 'Large']);
    expect(stored).toBe('Small, Large');
    expect(storedToMultiSelect(stored)).toEqual(['Small', 'Large']);
    expect(fieldValueError(field(1, 'MULTI_SELECT'), stored)).toBeNull();
  });

  it('stores quantities as a JSON list of {id, value, quantity} that the server accepts', () => {
    const stored = quantityDraftsToStored([{ value: 'Large', quantity: '3' }], ['Small', 'Medium', 'Large']);
    expect(JSON.parse(stored)).toEqual([{ id: 3, value: 'Large', quantity: 3 }]);
    expect(fieldValueError(field(1, 'MULTI_SELECT_QUANTITY'), stored)).toBeNull();
    expect(storedToQuantityDrafts(stored)).toEqual([{ value: 'Large', quantity: '3' }]);
    expect(quantityDraftsToStored([], ['Small'])).toBe('');
  });

  it('checks each quantity: required, valid, up to 10 digits', () => {
    expect(quantityProblem('')).toBe('quantityRequired');
    expect(quantityProblem('abc')).toBe('quantityInvalid');
    expect(quantityProblem('0')).toBe('quantityInvalid');
    expect(quantityProblem('12345678901')).toBe('quantityTooLong');
    expect(quantityProblem('1234567890')).toBeNull();
  });

  it('flags empty ON_SAVE fields and bad quantities, never ON_COMPLETION ones', () => {
    const fields = [
      field(1, 'TEXT', { required: true, requiredType: 'ON_SAVE' }),
      field(2, 'TEXT', { required: true, requiredType: 'ON_COMPLETION' }),
      field(3, 'MULTI_SELECT_QUANTITY'),
      field(4, 'BOOLEAN', { required: true, requiredType: 'ON_SAVE' }),
    ];
    const values = { '3': quantityDraftsToStored([{ value: 'Small', quantity: '' }], ['Small']), '4': 'false' };
    expect(missingOnSaveFields(fields, values).map((found) => found.id)).toEqual([1]);
    expect(customFieldProblems(fields, values)).toEqual({ '1': 'fieldRequired', '3': 'quantityRequired' });
  });

  it('sends every field of the type, blanks as null', () => {
    expect(customFieldValuesBody([field(1, 'TEXT'), field(2, 'NUMBER')], { '1': 'hello', '2': ' ' })).toEqual([
      { customFieldId: 1, fieldValue: 'hello' },
      { customFieldId: 2, fieldValue: null },
    ]);
  });
});

describe('files of a new task', () => {
  const pdf = { name: 'report.PDF', type: 'application/pdf', size: 1000 };
  it('accepts PDF and CSV under 10 MB in total', () => {
    expect(filesProblem([pdf, { name: 'list.csv', type: 'text/csv', size: 2000 }])).toBeNull();
    expect(filesProblem([])).toBeNull();
  });

  it('refuses other types and a total of 10 MB or more', () => {
    expect(filesProblem([pdf, { name: 'photo.png', type: 'image/png', size: 10 }])).toBe('fileType');
    expect(filesProblem([{ name: 'fake.pdf', type: 'image/png', size: 10 }])).toBe('fileType');
    expect(filesProblem([{ ...pdf, size: 6 * 1024 * 1024 }, { ...pdf, size: 4 * 1024 * 1024 }])).toBe('fileSize');
  });
});
