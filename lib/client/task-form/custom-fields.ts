import {
  formatDateFieldValue,
  formatMultiSelectValue,
  parseDateFieldValue,
  parseMultiSelectValue,
  quantityMaxDigits,
  type CustomFieldType,
  type QuantityItem,
} from '@/lib/contract/custom-fields';

/** Field values as the form keeps them: the stored text of each field, keyed by the field's id. */
export type CustomFieldTexts = Record<string, string>;

export interface FormCustomField {
  id: number;
  fieldName: string;
  fieldType: CustomFieldType;
  options: readonly string[];
  required: boolean;
  requiredType: 'ON_SAVE' | 'ON_COMPLETION' | null;
}

/** DATE: the picker's 'YYYY-MM-DD' ↔ the stored 'Do MMM YYYY'. */
export function dateInputToStored(value: string): string {
  if (!value) return '';
  const [year, month, day] = value.split('-').map(Number);
  return formatDateFieldValue({ year, month, day });
}

export function storedToDateInput(text: string): string {
  const date = parseDateFieldValue(text);
  if (!date) return '';
  return `${date.year}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}

/** MULTI_SELECT: the ticked options ↔ a comma list, kept in the options' order. */
export function multiSelectToStored(chosen: readonly string[], options: readonly string[]): string {
  return formatMultiSelectValue(options.filter((option) => chosen.includes(option)));
}

export const storedToMultiSelect = (text: string): string[] => (text ? parseMultiSelectValue(text) : []);

/** MULTI_SELECT_QUANTITY while editing: each ticked option with the quantity as typed, perhaps still empty. */
export interface QuantityDraft {
  value: string;
  quantity: string;
}

export function storedToQuantityDrafts(text: string): QuantityDraft[] {
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((item): item is QuantityItem => typeof item === 'object' && item !== null && typeof item.value === 'string')
      .map((item) => ({ value: item.value, quantity: item.quantity === undefined || item.quantity === null ? '' : String(item.quantity) }));
  } catch {
    return [];
  }
}

/** The stored JSON list {id, value, quantity}, where id is the option's 1-based position. */
export function quantityDraftsToStored(drafts: readonly QuantityDraft[], options: readonly string[]): string {
  if (drafts.length === 0) return '';
  const items = drafts.map((draft) => {
    const quantity = Number(draft.quantity);
    return {
      id: options.indexOf(draft.value) + 1,
      value: draft.value,
      quantity: draft.quantity.trim() === '' || !Number.isFinite(quantity) ? null : quantity,
    };
  });
  return JSON.stringify(items);
}

export type QuantityProblem = 'quantityRequired' | 'quantityInvalid' | 'quantityTooLong';

/** Spec 01 §5: every ticked item needs a positive quantity of at most 10 digits. */
export function quantityProblem(quantity: string): QuantityProblem | null {
  const text = quantity.trim();
  if (text === '') return 'quantityRequired';
  if (text.replace('.', '').replace('-', '').length > quantityMaxDigits) return 'quantityTooLong';
  const value = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text) || !Number.isFinite(value) || value <= 0) return 'quantityInvalid';
  return null;
}

export const isBlankValue = (text: string | undefined) => text === undefined || text.trim() === '' || text === '[]';

/** The ON_SAVE fields still empty: they block saving ('{fields} are required' / 'Field is required'). */
export function missingOnSaveFields(fields: readonly FormCustomField[], values: CustomFieldTexts): FormCustomField[] {
  return fields.filter(
    (field) => field.required && field.requiredType === 'ON_SAVE' && isBlankValue(values[String(field.id)]),
  );
}

/** Problems keyed by field id: a missing ON_SAVE value, or a quantity item that cannot be saved. */
export function customFieldProblems(
  fields: readonly FormCustomField[],
  values: CustomFieldTexts,
): Record<string, 'fieldRequired' | QuantityProblem> {
  const problems: Record<string, 'fieldRequired' | QuantityProblem> = {};
  for (const field of missingOnSaveFields(fields, values)) problems[String(field.id)] = 'fieldRequired';
  for (const field of fields) {
    if (field.fieldType !== 'MULTI_SELECT_QUANTITY' || problems[String(field.id)]) continue;
    const problem = storedToQuantityDrafts(values[String(field.id)] ?? '')
      .map((draft) => quantityProblem(draft.quantity))
      .find((found) => found !== null);
    if (problem) problems[String(field.id)] = problem;
  }
  return problems;
}

/** What the task body carries: every field of the type, blank values as null so a cleared field is cleared. */
export function customFieldValuesBody(fields: readonly FormCustomField[], values: CustomFieldTexts) {
  return fields.map((field) => {
    const text = values[String(field.id)] ?? '';
    return { customFieldId: field.id, fieldValue: isBlankValue(text) ? null : text };
  });
}
