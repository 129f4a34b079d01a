import { describe, expect, it } from 'vitest';
import { clientDefaultsFor, type DefaultsState } from '@/lib/client/task-form/client-defaults';
import { customFieldIdsOf, problemsFromServer, problemTexts, withoutProblemOf } from '@/lib/client/task-form/problems';
import { problem, type Problem } from '@/lib/contract/errors';
import type { ClientView } from '@/lib/contract/clients';

const client = (overrides: Partial<ClientView> = {}): ClientView => ({
  id: 1,
  displayName: 'Rossi Srl',
  defaultContact: { name: 'Carla', surname: 'Rossi', phoneCountryCode: '+39', phone: '0212345' },
  defaultTaskLocation: { address: 'Via Roma 1, Milano', latitude: 45.46, longitude: 9.19 },
  billingContact: {},
  disabled: false,
  deleted: null,
  ...overrides,
});

const emptyState: DefaultsState = {
  contact: { name: '', surname: '', phoneCountryCode: '', phone: '' },
  location: { address: '', latitude: null, longitude: null },
  filledContact: null,
  filledLocation: null,
};

describe('clientDefaultsFor', () => {
  it("fills an empty contact and location from the client's defaults", () => {
    expect(clientDefaultsFor(emptyState, client())).toEqual({
      contact: { name: 'Carla', surname: 'Rossi', phoneCountryCode: '+39', phone: '0212345' },
      location: { address: 'Via Roma 1, Milano', latitude: 45.46, longitude: 9.19 },
    });
  });

  it('never overwrites what the user typed, group by group', () => {
    const typed = { ...emptyState, contact: { ...emptyState.contact, phone: '333' } };
    expect(clientDefaultsFor(typed, client())).toEqual({ location: client().defaultTaskLocation });
    const placed = { ...emptyState, location: { address: '', latitude: 41.9, longitude: 12.5 } };
    expect(clientDefaultsFor(placed, client()).location).toBeUndefined();
  });

  it("replaces what an earlier client's defaults filled in, but not once the user edited it", () => {
    const first = clientDefaultsFor(emptyState, client());
    const filled: DefaultsState = {
      contact: first.contact ?? emptyState.contact,
      location: first.location ?? emptyState.location,
      filledContact: first.contact ?? null,
      filledLocation: first.location ?? null,
    };
    const other = client({
      id: 2,
      defaultContact: { name: 'Luca' },
      defaultTaskLocation: {},
    });
    expect(clientDefaultsFor(filled, other)).toEqual({
      contact: { name: 'Luca', surname: '', phoneCountryCode: '', phone: '' },
      location: { address: '', latitude: null, longitude: null },
    });
    const edited = { ...filled, contact: { ...filled.contact, name: 'Carla B.' } };
    expect(clientDefaultsFor(edited, other).contact).toBeUndefined();
  });

  it('changes nothing for a client without defaults on an empty form', () => {
    const bare = client({
      defaultContact: {},
      defaultTaskLocation: {},
    });
    expect(clientDefaultsFor(emptyState, bare)).toEqual({});
  });
});

describe('task form problems', () => {
  const problems = { typeId: 'Type', scheduleDate: 'Past', files: 'Too big', customFields: { '7': 'Field is required', '8': 'Field is required' } };

  it('clears the schedule error when the date, time or slot changes', () => {
    for (const path of ['scheduleDate', 'scheduleTime', 'timeSlotId']) {
      expect(withoutProblemOf(problems, path).scheduleDate).toBeUndefined();
    }
  });

  it('clears only the changed custom field, and all of them with the task type', () => {
    expect(withoutProblemOf(problems, 'customFields.7').customFields).toEqual({ '8': 'Field is required' });
    expect(withoutProblemOf(problems, 'typeId')).toMatchObject({ typeId: undefined, customFields: undefined, scheduleDate: 'Past' });
    expect(withoutProblemOf(problems, 'files').files).toBeUndefined();
  });

  it('answers the same object when the change settles nothing', () => {
    expect(withoutProblemOf(problems, 'description')).toBe(problems);
    expect(withoutProblemOf({}, 'scheduleDate')).toEqual({});
  });

  it("reads the server's field problems by code: custom field ids, the schedule date, the task type", () => {
    const fields = {
      'customFieldValues.12': [problem('task.customFieldRequired', 'Field is required')],
      'appointment.date': [problem('task.appointmentInPast', 'The schedule date must be after the current date.')],
      typeId: [problem('task.typeDeleted', 'The task type has been deleted.')],
      description: [problem('validation.tooLong', 'Too long', { max: 100 })],
    };
    const translations: Record<string, string> = {
      'task.customFieldRequired': 'Campo obbligatorio',
      'task.appointmentInPast': 'Data passata',
      'task.typeDeleted': 'Tipo eliminato',
    };
    const errorText = (found: Problem) => translations[found.code] ?? found.message;
    expect(customFieldIdsOf(fields)).toEqual([12]);
    expect(problemsFromServer(fields, errorText)).toEqual({
      customFields: { '12': 'Campo obbligatorio' },
      scheduleDate: 'Data passata',
      typeId: 'Tipo eliminato',
    });
    expect(problemTexts(fields, errorText)).toEqual(['Campo obbligatorio', 'Data passata', 'Tipo eliminato', 'Too long']);
  });
});
