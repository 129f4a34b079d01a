import { beforeAll, describe, expect, it } from 'vitest';
import { GET as list, POST as create } from '@/app/api/web/custom-field/route';
import { DELETE as remove, GET as getOne, PUT as update } from '@/app/api/web/custom-field/[id]/route';
import { DELETE as removeType, GET as getTaskType } from '@/app/api/web/task-types/[id]/route';
import { POST as createTaskType } from '@/app/api/web/task-types/route';
import { customFieldValues, tasks } from '@/db/schema';
import {
  customFieldTypes,
  fieldValueError,
  formatDateFieldValue,
  formatMultiSelectValue,
  parseDateFieldValue,
  parseMultiSelectValue,
  type CustomFieldView,
} from '@/lib/contract/custom-fields';
import { codesOf, messagesOf } from '@/lib/contract/errors';
import type { TaskTypeView } from '@/lib/contract/task-types';
import { getDb } from '@/lib/server/core/db';
import { expectTenantIsolation } from '../setup/http';
import { companyWithSessions, expectError, expectOk, forbiddenMessage } from './helpers';

type Company = Awaited<ReturnType<typeof companyWithSessions>>;
let a: Company;
let b: Company;

const createField = (cookie: string, json: unknown) => expectOk<CustomFieldView>(create, { method: 'POST', cookie, json });
const newType = (cookie: string, type: string) =>
  expectOk<TaskTypeView>(createTaskType, { method: 'POST', cookie, json: { type, durationMins: 60 } });
const post = (json: unknown) => ({ method: 'POST', cookie: a.cookies.owner, json });

beforeAll(async () => {
  [a, b] = await Promise.all([companyWithSessions(), companyWithSessions()]);
});

describe('POST and GET custom-field', () => {
  it('creates each of the seven field types, options only on the select types, and lists them by name', async () => {
    for (const [index, fieldType] of customFieldTypes.entries()) {
      const created = await createField(a.cookies.usersManager, {
        fieldName: `Field ${index} ${fieldType}`,
        fieldType,
        options: ['One', 'Two'],
        displayType: 'READ_ONLY',
      });
      const select = fieldType.includes('SELECT');
      expect(created).toEqual({
        id: expect.any(Number),
        fieldName: `Field ${index} ${fieldType}`,
        fieldType,
        options: select ? ['One', 'Two'] : [],
        required: false,
        requiredType: null,
        displayType: 'READ_ONLY',
        taskTypes: [],
        deleted: null,
      });
    }
    const listed = await expectOk<CustomFieldView[]>(list, { cookie: a.cookies.tasksManager });
    expect(listed.map((field) => field.fieldType)).toEqual([...customFieldTypes]);
  });

  it('keeps the first of duplicate options and links the live task types given', async () => {
    const first = await newType(a.cookies.owner, 'Linked type one');
    const second = await newType(a.cookies.owner, 'Linked type two');
    const created = await createField(a.cookies.billingManager, {
      fieldName: 'Materials',
      fieldType: 'MULTI_SELECT_QUANTITY',
      options: ['Valve', ' Filter ', 'Valve', 'Filter'],
      displayType: 'EDITABLE',
      taskTypes: [{ taskTypeId: second.id }, { taskTypeId: first.id }, { taskTypeId: first.id }],
    });
    expect(created.options).toEqual(['Valve', 'Filter']);
    expect(created.taskTypes).toEqual([{ taskTypeId: first.id }, { taskTypeId: second.id }]);
    const type = await expectOk<TaskTypeView>(getTaskType, { cookie: a.cookies.owner, params: { id: first.id } });
    expect(type.customFields).toEqual([{ customFieldId: created.id }]);
  });

  it('answers 400 for a missing name, type and display type, and for options missing on a select type', async () => {
    const missing = await expectError(create, post({ fieldName: ' ' }), 400, 'request.invalid');
    expect(messagesOf(missing.fields)).toEqual({ fieldName: ['Name is required'], fieldType: ['Type is required'] });
    expect(codesOf(missing.fields)).toEqual({ fieldName: ['validation.required'], fieldType: ['validation.required'] });
    const noDisplay = await expectError(create, post({ fieldName: 'X', fieldType: 'TEXT' }), 400, 'request.invalid');
    expect(messagesOf(noDisplay.fields)).toEqual({ displayType: ['Display type is required'] });
    expect(codesOf(noDisplay.fields)).toEqual({ displayType: ['customFields.displayTypeRequired'] });
    for (const fieldType of ['SINGLE_SELECT', 'MULTI_SELECT', 'MULTI_SELECT_QUANTITY']) {
      const error = await expectError(create, post({ fieldName: 'X', fieldType, options: [], displayType: 'EDITABLE' }), 400, 'request.invalid');
      expect(messagesOf(error.fields)).toEqual({ options: ['Options are required'] });
      expect(codesOf(error.fields)).toEqual({ options: ['customFields.optionsRequired'] });
    }
    const badType = await expectError(create, post({ fieldName: 'X', fieldType: 'COLOUR', displayType: 'EDITABLE' }), 400, 'request.invalid');
    expect(messagesOf(badType.fields)).toEqual({ fieldType: ['Invalid type'] });
    expect(codesOf(badType.fields)).toEqual({ fieldType: ['validation.option'] });
    const comma = await expectError(create, post({ fieldName: 'X', fieldType: 'MULTI_SELECT', options: ['a,b'], displayType: 'EDITABLE' }), 400, 'request.invalid');
    expect(messagesOf(comma.fields)).toEqual({ options: ['Options of a multi select cannot contain a comma'] });
    expect(codesOf(comma.fields)).toEqual({ options: ['customFields.commaInOption'] });
  });

  it('needs a required type when required is on, and drops it when required is off', async () => {
    const error = await expectError(create, post({ fieldName: 'X', fieldType: 'TEXT', required: true, displayType: 'EDITABLE' }), 400, 'request.invalid');
    expect(messagesOf(error.fields)).toEqual({ requiredType: ['Required type is required'] });
    expect(codesOf(error.fields)).toEqual({ requiredType: ['customFields.requiredTypeRequired'] });
    const onSave = await createField(a.cookies.owner, { fieldName: 'PO', fieldType: 'TEXT', required: true, requiredType: 'ON_SAVE', displayType: 'HIDDEN' });
    expect(onSave).toMatchObject({ required: true, requiredType: 'ON_SAVE', displayType: 'HIDDEN' });
    const optional = await createField(a.cookies.owner, { fieldName: 'Optional', fieldType: 'TEXT', required: false, requiredType: 'ON_SAVE', displayType: 'HIDDEN' });
    expect(optional).toMatchObject({ required: false, requiredType: null });
  });

  it('forces display type EDITABLE for an ON_COMPLETION field, given or not', async () => {
    const hidden = await createField(a.cookies.owner, { fieldName: 'Reading', fieldType: 'NUMBER', required: true, requiredType: 'ON_COMPLETION', displayType: 'HIDDEN' });
    expect(hidden).toMatchObject({ requiredType: 'ON_COMPLETION', displayType: 'EDITABLE' });
    const absent = await createField(a.cookies.owner, { fieldName: 'Checked', fieldType: 'BOOLEAN', required: true, requiredType: 'ON_COMPLETION' });
    expect(absent.displayType).toBe('EDITABLE');
  });

  it('answers 409 on a name already taken, ignoring case, and frees the name of a deleted field', async () => {
    const first = await createField(a.cookies.owner, { fieldName: 'Serial', fieldType: 'TEXT', displayType: 'EDITABLE' });
    const error = await expectError(create, post({ fieldName: ' SERIAL', fieldType: 'NUMBER', displayType: 'EDITABLE' }), 409, 'customFields.nameTaken');
    expect(error.message).toBe('A custom field with this name already exists.');
    expect(messagesOf(error.fields)).toEqual({ fieldName: ['A custom field with this name already exists.'] });
    expect(codesOf(error.fields)).toEqual({ fieldName: ['customFields.nameTaken'] });
    await expectOk(remove, { method: 'DELETE', cookie: a.cookies.owner, params: { id: first.id } });
    await createField(a.cookies.owner, { fieldName: 'serial', fieldType: 'TEXT', displayType: 'EDITABLE' });
    await createField(b.cookies.owner, { fieldName: 'Serial', fieldType: 'TEXT', displayType: 'EDITABLE' });
  });

  it("answers 400 for a missing, deleted or another tenant's task type, and saves nothing", async () => {
    const foreign = await newType(b.cookies.owner, 'Foreign type');
    const gone = await newType(a.cookies.owner, 'Deleted type');
    await expectOk(removeType, { method: 'DELETE', cookie: a.cookies.owner, params: { id: gone.id } });
    const error = await expectError(
      create,
      post({ fieldName: 'Never saved', fieldType: 'TEXT', displayType: 'EDITABLE', taskTypes: [{ taskTypeId: foreign.id }, { taskTypeId: gone.id }] }),
      400,
      'request.invalid',
    );
    expect(messagesOf(error.fields)).toEqual({ 'taskTypes.0.taskTypeId': ['Task type not found.'], 'taskTypes.1.taskTypeId': ['Task type not found.'] });
    expect(codesOf(error.fields)).toEqual({
      'taskTypes.0.taskTypeId': ['customFields.unknownTaskType'],
      'taskTypes.1.taskTypeId': ['customFields.unknownTaskType'],
    });
    const listed = await expectOk<CustomFieldView[]>(list, { cookie: a.cookies.owner });
    expect(listed.map((field) => field.fieldName)).not.toContain('Never saved');
  });
});

describe('PUT custom-field/{id}', () => {
  it('updates the field, keeps task type links when left out and replaces them when given', async () => {
    const type = await newType(a.cookies.owner, 'Put type');
    const field = await createField(a.cookies.owner, { fieldName: 'Access', fieldType: 'SINGLE_SELECT', options: ['Key'], displayType: 'EDITABLE', taskTypes: [{ taskTypeId: type.id }] });
    const updated = await expectOk<CustomFieldView>(update, {
      method: 'PUT',
      cookie: a.cookies.usersManager,
      params: { id: field.id },
      json: { fieldName: 'Site access', fieldType: 'SINGLE_SELECT', options: ['Key', 'Code'], required: true, requiredType: 'ON_SAVE', displayType: 'READ_ONLY' },
    });
    expect(updated).toMatchObject({ fieldName: 'Site access', options: ['Key', 'Code'], requiredType: 'ON_SAVE', displayType: 'READ_ONLY', taskTypes: [{ taskTypeId: type.id }] });
    const unlinked = await expectOk<CustomFieldView>(update, {
      method: 'PUT',
      cookie: a.cookies.owner,
      params: { id: field.id },
      json: { fieldName: 'Site access', fieldType: 'TEXT', displayType: 'EDITABLE', taskTypes: [] },
    });
    expect(unlinked).toMatchObject({ fieldType: 'TEXT', options: [], taskTypes: [] });
  });

  it('answers 409 when renamed to another live field, and 400 on a bad body', async () => {
    await createField(a.cookies.owner, { fieldName: 'Taken field', fieldType: 'TEXT', displayType: 'EDITABLE' });
    const other = await createField(a.cookies.owner, { fieldName: 'Other field', fieldType: 'TEXT', displayType: 'EDITABLE' });
    const error = await expectError(update, { method: 'PUT', cookie: a.cookies.owner, params: { id: other.id }, json: { fieldName: 'TAKEN field', fieldType: 'TEXT', displayType: 'EDITABLE' } }, 409, 'customFields.nameTaken');
    expect(error.message).toBe('A custom field with this name already exists.');
    const invalid = await expectError(update, { method: 'PUT', cookie: a.cookies.owner, params: { id: other.id }, json: { fieldName: 'Other field', fieldType: 'SINGLE_SELECT', displayType: 'EDITABLE' } }, 400, 'request.invalid');
    expect(messagesOf(invalid.fields)).toEqual({ options: ['Options are required'] });
    expect(codesOf(invalid.fields)).toEqual({ options: ['customFields.optionsRequired'] });
  });

  it('refuses to change the type of a field that tasks have values for', async () => {
    const type = await newType(a.cookies.owner, 'Valued type');
    const field = await createField(a.cookies.owner, { fieldName: 'Valued', fieldType: 'NUMBER', displayType: 'EDITABLE' });
    const db = await getDb();
    const [task] = await db.insert(tasks).values({ tenantId: a.tenantId, referenceNumber: 1, title: 'T', typeId: type.id }).returning({ id: tasks.id });
    await db.insert(customFieldValues).values({ tenantId: a.tenantId, taskId: task.id, customFieldId: field.id, fieldValue: '42' });
    const error = await expectError(update, { method: 'PUT', cookie: a.cookies.owner, params: { id: field.id }, json: { fieldName: 'Valued', fieldType: 'TEXT', displayType: 'EDITABLE' } }, 422, 'customFields.typeInUse');
    expect(error.message).toBe('The type of a field that tasks already have values for cannot be changed.');
    expect(messagesOf(error.fields)).toEqual({ fieldType: ['The type of a field that tasks already have values for cannot be changed.'] });
    expect(codesOf(error.fields)).toEqual({ fieldType: ['customFields.typeInUse'] });
    await expectOk(update, { method: 'PUT', cookie: a.cookies.owner, params: { id: field.id }, json: { fieldName: 'Value', fieldType: 'NUMBER', displayType: 'READ_ONLY' } });
  });
});

describe('DELETE custom-field/{id}', () => {
  it('hides the field from the list and from its task types, and refuses to edit it', async () => {
    const type = await newType(a.cookies.owner, 'Type losing a field');
    const field = await createField(a.cookies.owner, { fieldName: 'Soon gone', fieldType: 'DATE', displayType: 'EDITABLE', taskTypes: [{ taskTypeId: type.id }] });
    const deleted = await expectOk<CustomFieldView>(remove, { method: 'DELETE', cookie: a.cookies.owner, params: { id: field.id } });
    expect(deleted.deleted).toEqual(expect.any(String));
    const listed = await expectOk<CustomFieldView[]>(list, { cookie: a.cookies.owner });
    expect(listed.map((row) => row.id)).not.toContain(field.id);
    const shownType = await expectOk<TaskTypeView>(getTaskType, { cookie: a.cookies.owner, params: { id: type.id } });
    expect(shownType.customFields).toEqual([]);
    await expectError(update, { method: 'PUT', cookie: a.cookies.owner, params: { id: field.id }, json: { fieldName: 'Soon gone', fieldType: 'DATE', displayType: 'EDITABLE' } }, 404, 'customFields.notFound');
    await expectError(remove, { method: 'DELETE', cookie: a.cookies.owner, params: { id: field.id } }, 404, 'customFields.notFound');
  });
});

describe('custom-field access', () => {
  it('lets owner, usersManager and billingManager write; a tasksManager only reads; a worker gets 403', async () => {
    const field = await createField(a.cookies.owner, { fieldName: 'Guarded field', fieldType: 'TEXT', displayType: 'EDITABLE' });
    const body = { fieldName: 'Guarded field', fieldType: 'TEXT', displayType: 'EDITABLE' };
    await expectOk(list, { cookie: a.cookies.tasksManager });
    const error = await expectError(list, { cookie: a.cookies.worker }, 403, 'auth.forbidden');
    expect(error.message).toBe(forbiddenMessage);
    await expectError(create, { method: 'POST', cookie: a.cookies.tasksManager, json: { ...body, fieldName: 'Other' } }, 403, 'auth.forbidden');
    await expectError(update, { method: 'PUT', cookie: a.cookies.tasksManager, params: { id: field.id }, json: body }, 403, 'auth.forbidden');
    await expectError(remove, { method: 'DELETE', cookie: a.cookies.tasksManager, params: { id: field.id } }, 403, 'auth.forbidden');
    await expectError(remove, { method: 'DELETE', cookie: a.cookies.worker, params: { id: field.id } }, 403, 'auth.forbidden');
    await expectOk(update, { method: 'PUT', cookie: a.cookies.billingManager, params: { id: field.id }, json: body });
  });

  it('GET custom-field/{id}: every manager reads one field with its task types; a worker gets 403 on every call', async () => {
    const type = await newType(a.cookies.owner, 'Read one type');
    const field = await createField(a.cookies.owner, { fieldName: 'Read one', fieldType: 'SINGLE_SELECT', options: ['A'], displayType: 'EDITABLE', taskTypes: [{ taskTypeId: type.id }] });
    for (const cookie of [a.cookies.owner, a.cookies.tasksManager, a.cookies.usersManager, a.cookies.billingManager]) {
      expect(await expectOk<CustomFieldView>(getOne, { cookie, params: { id: field.id } })).toEqual(field);
    }
    const body = { fieldName: 'Read one', fieldType: 'TEXT', displayType: 'EDITABLE' };
    await expectError(getOne, { cookie: a.cookies.worker, params: { id: field.id } }, 403, 'auth.forbidden');
    await expectError(create, { method: 'POST', cookie: a.cookies.worker, json: { ...body, fieldName: 'By a worker' } }, 403, 'auth.forbidden');
    await expectError(update, { method: 'PUT', cookie: a.cookies.worker, params: { id: field.id }, json: body }, 403, 'auth.forbidden');
    await expectError(getOne, { cookie: a.cookies.owner, params: { id: 999_999 } }, 404, 'customFields.notFound');
  });

  it('answers 404 for a missing id and 400 for a malformed one', async () => {
    const body = { fieldName: 'Nowhere', fieldType: 'TEXT', displayType: 'EDITABLE' };
    await expectError(update, { method: 'PUT', cookie: a.cookies.owner, params: { id: 999_999 }, json: body }, 404, 'customFields.notFound');
    await expectError(remove, { method: 'DELETE', cookie: a.cookies.owner, params: { id: '-3' } }, 400, 'request.invalid');
  });

  it("GET, PUT and DELETE custom-field/{id}: another tenant's id answers 404", async () => {
    const field = await createField(b.cookies.owner, { fieldName: 'Tenant B field', fieldType: 'TEXT', displayType: 'EDITABLE' });
    const cookies = { otherTenantCookie: a.cookies.owner, ownerCookie: b.cookies.owner };
    await expectTenantIsolation({ handler: getOne, params: { id: field.id }, ...cookies });
    const json = { fieldName: 'Tenant B field', fieldType: 'TEXT', displayType: 'EDITABLE' };
    await expectTenantIsolation({ handler: update, method: 'PUT', params: { id: field.id }, json, ...cookies });
    await expectTenantIsolation({ handler: remove, method: 'DELETE', params: { id: field.id }, ...cookies });
    const listedByA = await expectOk<CustomFieldView[]>(list, { cookie: a.cookies.owner });
    expect(listedByA.map((row) => row.id)).not.toContain(field.id);
  });
});

describe('stored value formats (spec 01 §3)', () => {
  it("writes and reads DATE as 'Do MMM YYYY'", () => {
    expect(formatDateFieldValue({ year: 2026, month: 3, day: 1 })).toBe('1st Mar 2026');
    expect(formatDateFieldValue({ year: 2026, month: 11, day: 22 })).toBe('22nd Nov 2026');
    expect(formatDateFieldValue({ year: 2026, month: 1, day: 13 })).toBe('13th Jan 2026');
    expect(formatDateFieldValue({ year: 2026, month: 5, day: 23 })).toBe('23rd May 2026');
    expect(parseDateFieldValue('29th Feb 2028')).toEqual({ year: 2028, month: 2, day: 29 });
    for (const bad of ['29th Feb 2027', '1th Mar 2026', '12nd Mar 2026', '2026-03-01', '1st March 2026']) {
      expect(parseDateFieldValue(bad), bad).toBeNull();
    }
  });

  it('writes a multi select as a comma list', () => {
    expect(formatMultiSelectValue(['Key', 'Code'])).toBe('Key, Code');
    expect(parseMultiSelectValue('Key,Code , ')).toEqual(['Key', 'Code']);
  });

  it('checks a value against each of the seven types', () => {
    const options = ['Valve', 'Filter'];
    const check = (fieldType: (typeof customFieldTypes)[number], value: string) => fieldValueError({ fieldType, options }, value);
    expect(check('TEXT', 'anything')).toBeNull();
    expect(check('NUMBER', '-12.5')).toBeNull();
    expect(check('NUMBER', '12a')).toBe('Please enter a valid number');
    expect(check('DATE', '3rd Apr 2026')).toBeNull();
    expect(check('DATE', '2026-04-03')).toBe('Please enter a valid date');
    expect(check('BOOLEAN', 'true')).toBeNull();
    expect(check('BOOLEAN', 'yes')).toBe('Please choose yes or no');
    expect(check('SINGLE_SELECT', 'Valve')).toBeNull();
    expect(check('SINGLE_SELECT', 'Pipe')).toBe('Please choose from the options');
    expect(check('MULTI_SELECT', 'Valve, Filter')).toBeNull();
    expect(check('MULTI_SELECT', 'Valve, Pipe')).toBe('Please choose from the options');
    const items = (quantity: unknown) => JSON.stringify([{ id: 2, value: 'Filter', quantity }]);
    expect(check('MULTI_SELECT_QUANTITY', items(3))).toBeNull();
    expect(check('MULTI_SELECT_QUANTITY', items(1.5))).toBeNull();
    expect(check('MULTI_SELECT_QUANTITY', items(undefined))).toBe('Quantity of the item is required');
    expect(check('MULTI_SELECT_QUANTITY', items(0))).toBe('Please enter a valid quantity');
    expect(check('MULTI_SELECT_QUANTITY', items(12_345_678_901))).toBe('Input must be up to 10 digits.');
    expect(check('MULTI_SELECT_QUANTITY', JSON.stringify([{ id: 1, value: 'Filter', quantity: 1 }]))).toBe('Please choose from the options');
    expect(check('MULTI_SELECT_QUANTITY', 'Filter x 2')).toBe('Please choose items with their quantities');
  });
});
