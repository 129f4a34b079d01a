import { describe, expect, it } from 'vitest';
import { describeLogEntry, detailLines, formatInstant, readableValue, type DetailWords } from '@/lib/client/task-history/log-format';
import { parseDetailChanges } from '@/lib/contract/task-history';

const rome24 = { language: 'en', twentyFourHour: true, timeZone: 'Europe/Rome' };
const entry = (action: string, oldValue: string | null, newValue: string | null) => ({ action, oldValue, newValue });

describe('formatInstant', () => {
  it('writes English dates day first (en-GB) on a 24-hour clock in the given zone', () => {
    expect(formatInstant('2026-11-23T13:05:00Z', rome24)).toBe('23/11/2026 14:05');
  });

  it('follows the 12-hour preference and the other languages', () => {
    expect(formatInstant('2026-11-23T13:05:00Z', { ...rome24, twentyFourHour: false })).toBe('23/11/2026 02:05 pm');
    expect(formatInstant('2026-11-23T23:30:00Z', { ...rome24, language: 'it' })).toBe('24/11/2026 00:30');
  });

  it('leaves text that is not a date as it is', () => {
    expect(formatInstant('soon', rome24)).toBe('soon');
  });
});

describe('describeLogEntry', () => {
  it('reads task status changes logged as names, or as ids, into status ids for their tags', () => {
    expect(describeLogEntry(entry('change_task_status', 'pending', 'in progress'))).toEqual({
      kind: 'taskStatus',
      from: { id: 1 },
      to: { id: 2 },
    });
    expect(describeLogEntry(entry('change_task_status', '3', '4'))).toMatchObject({ from: { id: 3 }, to: { id: 4 } });
    expect(describeLogEntry(entry('change_task_status', 'odd', null))).toMatchObject({ from: { text: 'odd' }, to: { text: null } });
  });

  it('reads billing statuses from their own catalogue, for both billing actions', () => {
    expect(describeLogEntry(entry('change_billing_status', 'pending', 'invoiced'))).toEqual({
      kind: 'billingStatus',
      from: { id: 1 },
      to: { id: 3 },
    });
    expect(describeLogEntry(entry('update_billing_status', 'not invoiceable', 'cancelled'))).toMatchObject({
      from: { id: 2 },
      to: { id: 4 },
    });
  });

  it('tells a cancellation reason from a cancellation without one', () => {
    expect(describeLogEntry(entry('cancel_task', 'paused', 'Client no show'))).toEqual({
      kind: 'cancel',
      from: { id: 3 },
      reason: 'Client no show',
    });
    expect(describeLogEntry(entry('cancel_task', 'pending', 'cancelled'))).toMatchObject({ reason: null });
  });

  it('reads task creation with its reference number', () => {
    expect(describeLogEntry(entry('task_created', null, '42'))).toEqual({ kind: 'created', referenceNumber: '42' });
  });

  it('decodes detail edits from the logged JSON when the server sent no decoded changes', () => {
    const described = describeLogEntry(entry('update_task_details', '{"description":"a"}', '{"description":"b"}'));
    expect(described).toEqual({ kind: 'details', changes: [{ field: 'description', oldValue: 'a', newValue: 'b' }] });
  });

  it('shows notes, workers, files, signatures and unknown actions by their values', () => {
    for (const action of ['add_note', 'update_note', 'delete_note', 'change_assignee', 'upload_attachment', 'add_signature', 'later_action']) {
      expect(describeLogEntry(entry(action, 'old', 'new'))).toEqual({ kind: 'values', from: 'old', to: 'new' });
    }
  });
});

describe('readableValue', () => {
  it('turns a logged JSON object into key: value pairs and keeps plain text', () => {
    expect(readableValue('{"filename":"plan.png","description":null}')).toBe('filename: plan.png, description: null');
    expect(readableValue('{not json')).toBe('{not json');
    expect(readableValue('Ring twice')).toBe('Ring twice');
    expect(readableValue(null)).toBeNull();
  });
});

describe('parseDetailChanges and detailLines', () => {
  const words: DetailWords = {
    fieldLabel: (field) => `label:${field}`,
    customFieldLabel: (id) => `custom field ${id}`,
    minutes: (minutes) => `${minutes} min`,
  };

  it('lists every changed column, custom field values last, skipping unknown keys', () => {
    const changes = parseDetailChanges(
      JSON.stringify({ description: 'old', durationMins: 60, clientId: null, mystery: 1 }),
      JSON.stringify({
        description: 'new',
        durationMins: 90,
        clientId: 7,
        mystery: 2,
        customFieldValues: [{ customFieldId: 3, fieldValue: 'PO-2' }],
      }),
    );
    expect(changes).toEqual([
      { field: 'description', oldValue: 'old', newValue: 'new' },
      { field: 'durationMins', oldValue: '60', newValue: '90' },
      { field: 'clientId', oldValue: null, newValue: '7' },
      { field: 'customField', customFieldId: 3, oldValue: null, newValue: 'PO-2' },
    ]);
  });

  it('survives values that are not JSON objects', () => {
    expect(parseDetailChanges('not json', '[1]')).toEqual([]);
    expect(parseDetailChanges(null, null)).toEqual([]);
  });

  it('labels each line and formats appointments on the user clock and durations in minutes', () => {
    const lines = detailLines(
      [
        { field: 'appointmentDate', oldValue: null, newValue: '2026-11-23T13:05:00.000Z' },
        { field: 'durationMins', oldValue: '60', newValue: '90' },
        { field: 'customField', customFieldId: 3, customFieldName: 'PO number', oldValue: null, newValue: 'PO-2' },
        { field: 'customField', customFieldId: 4, oldValue: null, newValue: 'x' },
      ],
      { ...rome24, twentyFourHour: false },
      words,
    );
    expect(lines).toEqual([
      { label: 'label:appointmentDate', from: null, to: '23/11/2026 02:05 pm' },
      { label: 'label:durationMins', from: '60 min', to: '90 min' },
      { label: 'PO number', from: null, to: 'PO-2' },
      { label: 'custom field 4', from: null, to: 'x' },
    ]);
  });
});
