import { z } from 'zod';
import { BodyId, Id } from './ids';
import { rule } from './problems';
import { requiredEnum, requiredName } from './reference-data';

export const customFieldTypes = [
  'TEXT',
  'NUMBER',
  'DATE',
  'BOOLEAN',
  'SINGLE_SELECT',
  'MULTI_SELECT',
  'MULTI_SELECT_QUANTITY',
] as const;
export type CustomFieldType = (typeof customFieldTypes)[number];

export const selectFieldTypes: readonly CustomFieldType[] = ['SINGLE_SELECT', 'MULTI_SELECT', 'MULTI_SELECT_QUANTITY'];
export const isSelectFieldType = (type: CustomFieldType) => selectFieldTypes.includes(type);

export const requiredTypes = ['ON_SAVE', 'ON_COMPLETION'] as const;
export type RequiredType = (typeof requiredTypes)[number];

export const displayTypes = ['HIDDEN', 'READ_ONLY', 'EDITABLE'] as const;
export type DisplayType = (typeof displayTypes)[number];

/** A field needed only at completion must be fillable by the worker, so it is always editable (spec 03 §4). */
export const completionDisplayType: DisplayType = 'EDITABLE';

export const customFieldMessages = {
  optionsRequired: 'Options are required',
  requiredTypeRequired: 'Required type is required',
  displayTypeRequired: 'Display type is required',
  commaInOption: 'Options of a multi select cannot contain a comma',
  optionEmpty: 'Option cannot be empty',
  /** PUT custom-field/{id} refuses a new type once tasks hold values, which would not read under it. */
  fieldTypeInUse: 'The type of a field that tasks already have values for cannot be changed.',
} as const;

const optionText = z.string().trim().min(1, customFieldMessages.optionEmpty).max(200, 'Must be at most 200 characters');

/**
 * POST and PUT custom-field. Options apply to the select types only and keep the first of any duplicates;
 * requiredType applies only to a required field; ON_COMPLETION forces displayType EDITABLE. `taskTypes` left
 * out keeps the stored links; given, it replaces the links to live task types.
 */
export const CustomFieldBody = z
  .object({
    fieldName: requiredName('Name is required'),
    fieldType: requiredEnum(customFieldTypes, 'Type is required', 'Invalid type'),
    options: z.array(optionText).nullish(),
    required: z.boolean().default(false),
    requiredType: z.enum(requiredTypes, 'Invalid required type').nullish(),
    displayType: z.enum(displayTypes, 'Invalid display type').nullish(),
    taskTypes: z.array(z.object({ taskTypeId: Id })).optional(),
  })
  .superRefine((field, issues) => {
    const options = field.options ?? [];
    if (isSelectFieldType(field.fieldType) && options.length === 0) {
      issues.addIssue({ code: 'custom', path: ['options'], ...rule('customFields.optionsRequired', customFieldMessages.optionsRequired) });
    }
    if (field.fieldType === 'MULTI_SELECT' && options.some((option) => option.includes(','))) {
      // The stored value of a multi select is a comma list, so a comma inside an option could not be read back.
      issues.addIssue({ code: 'custom', path: ['options'], ...rule('customFields.commaInOption', customFieldMessages.commaInOption) });
    }
    if (field.required && !field.requiredType) {
      issues.addIssue({ code: 'custom', path: ['requiredType'], ...rule('customFields.requiredTypeRequired', customFieldMessages.requiredTypeRequired) });
    }
    const forcedDisplay = field.required && field.requiredType === 'ON_COMPLETION';
    if (!forcedDisplay && !field.displayType) {
      issues.addIssue({ code: 'custom', path: ['displayType'], ...rule('customFields.displayTypeRequired', customFieldMessages.displayTypeRequired) });
    }
  })
  .transform((field) => {
    const requiredType = field.required ? (field.requiredType ?? null) : null;
    return {
      fieldName: field.fieldName,
      fieldType: field.fieldType,
      options: isSelectFieldType(field.fieldType) ? [...new Set(field.options ?? [])] : [],
      required: field.required,
      requiredType,
      displayType: requiredType === 'ON_COMPLETION' ? completionDisplayType : (field.displayType ?? completionDisplayType),
      taskTypes: field.taskTypes,
    };
  });
export type CustomFieldBody = z.infer<typeof CustomFieldBody>;

export interface CustomFieldView {
  id: number;
  fieldName: string;
  fieldType: CustomFieldType;
  options: string[];
  required: boolean;
  requiredType: RequiredType | null;
  displayType: DisplayType;
  taskTypes: { taskTypeId: number }[];
  deleted: Date | null;
}

// Stored value formats (spec 01 §3): every value is text; DATE is 'Do MMM YYYY', a multi select is a comma list,
// a quantity select is a JSON list of {id, value, quantity} where id is the option's 1-based position.

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

export interface CalendarDate {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
}

function ordinal(day: number): string {
  const teen = day % 100 >= 11 && day % 100 <= 13;
  const suffix = teen ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th';
  return `${day}${suffix}`;
}

/** '1st Mar 2026' */
export function formatDateFieldValue(date: CalendarDate): string {
  return `${ordinal(date.day)} ${monthNames[date.month - 1]} ${date.year}`;
}

export function parseDateFieldValue(text: string): CalendarDate | null {
  const match = /^(\d{1,2})(st|nd|rd|th) ([A-Z][a-z]{2}) (\d{4})$/.exec(text.trim());
  if (!match) return null;
  const day = Number(match[1]);
  const month = monthNames.indexOf(match[3] as (typeof monthNames)[number]) + 1;
  const year = Number(match[4]);
  if (month === 0 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth || ordinal(day) !== `${match[1]}${match[2]}`) return null;
  return { year, month, day };
}

export const multiSelectSeparator = ', ';

export function formatMultiSelectValue(values: readonly string[]): string {
  return values.join(multiSelectSeparator);
}

export function parseMultiSelectValue(text: string): string[] {
  return text
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value !== '');
}

export interface QuantityItem {
  id: number;
  value: string;
  quantity: number;
}

export const quantityMessages = {
  required: 'Quantity of the item is required',
  invalid: 'Please enter a valid quantity',
  tooLong: 'Input must be up to 10 digits.',
} as const;
export const quantityMaxDigits = 10;

export const valueMessages = {
  number: 'Please enter a valid number',
  date: 'Please enter a valid date',
  boolean: 'Please choose yes or no',
  option: 'Please choose from the options',
  quantityList: 'Please choose items with their quantities',
} as const;

const QuantityItemInput = z.object({
  id: BodyId,
  value: z.string(),
  quantity: z.unknown().optional(),
});

function quantityError(quantity: unknown): string | null {
  if (quantity === undefined || quantity === null || quantity === '') return quantityMessages.required;
  if (typeof quantity !== 'number' || !Number.isFinite(quantity) || quantity <= 0) return quantityMessages.invalid;
  if (String(quantity).replace('.', '').length > quantityMaxDigits) return quantityMessages.tooLong;
  return null;
}

function quantityListError(text: string, options: readonly string[]): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return valueMessages.quantityList;
  }
  const items = z.array(QuantityItemInput).safeParse(parsed);
  if (!items.success) return valueMessages.quantityList;
  for (const item of items.data) {
    if (options[item.id - 1] !== item.value) return valueMessages.option;
    const error = quantityError(item.quantity);
    if (error) return error;
  }
  return null;
}

/**
 * Why a stored value does not fit its field, or null when it does. The task calls use it for the values a
 * task carries; an empty value is a matter for the required rules, not for the format.
 */
export function fieldValueError(
  field: { fieldType: CustomFieldType; options: readonly string[] },
  value: string,
): string | null {
  switch (field.fieldType) {
    case 'TEXT':
      return null;
    case 'NUMBER':
      return /^-?\d+(\.\d+)?$/.test(value.trim()) ? null : valueMessages.number;
    case 'DATE':
      return parseDateFieldValue(value) ? null : valueMessages.date;
    case 'BOOLEAN':
      return value === 'true' || value === 'false' ? null : valueMessages.boolean;
    case 'SINGLE_SELECT':
      return field.options.includes(value) ? null : valueMessages.option;
    case 'MULTI_SELECT': {
      const chosen = parseMultiSelectValue(value);
      return chosen.length > 0 && chosen.every((option) => field.options.includes(option)) ? null : valueMessages.option;
    }
    case 'MULTI_SELECT_QUANTITY':
      return quantityListError(value, field.options);
  }
}
