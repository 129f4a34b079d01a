import { describe, expect, it } from 'vitest';
import { filterWorkers, type WorkerSearchLabels } from '@/components/working-hours/working-template/worker-search';
import type { UserListItem } from '@/lib/contract/users';

const labels: WorkerSearchLabels = {
  roles: { owner: 'Owner', tasksManager: 'Tasks manager', usersManager: 'Users manager', billingManager: 'Billing manager', assignee: 'Worker' },
  active: 'Active',
  deactivated: 'Deactivated',
};

const worker = (values: Partial<UserListItem> & Pick<UserListItem, 'id' | 'name'>): UserListItem => ({
  username: `${values.name.toLowerCase()}@demo.test`,
  surname: 'Rossi',
  preferredLanguage: null,
  phone: null,
  phoneCountryCode: null,
  roles: ['assignee'],
  skills: [],
  zones: [],
  active: true,
  profilePictureId: null,
  workingHoursTemplateId: null,
  workingHoursTemplateName: null,
  ...values,
});

const marco = worker({ id: 1, name: 'Marco', surname: 'Bianchi', preferredLanguage: 'it', phone: '+39 333 1234567' });
const lucia = worker({ id: 2, name: 'Lucía', surname: 'Gómez', preferredLanguage: 'es', roles: ['tasksManager', 'assignee'] });
const paul = worker({ id: 3, name: 'Paul', surname: 'Martin', active: false, username: 'pm-field' });
const all = [marco, lucia, paul];
const ids = (query: string) => filterWorkers(all, query, labels).map((found) => found.id);

describe('the working-template filter', () => {
  it('keeps every worker for a blank query', () => {
    expect(ids('  ')).toEqual([1, 2, 3]);
  });

  it('matches the username and the full name, ignoring case and accents', () => {
    expect(ids('PM-FIELD')).toEqual([3]);
    expect(ids('marco bianchi')).toEqual([1]);
    expect(ids('lucia gomez')).toEqual([2]);
  });

  it('matches the preferred language by code and by name', () => {
    expect(ids('italiano')).toEqual([1]);
    expect(ids('espanol')).toEqual([2]);
  });

  it('matches the phone number', () => {
    expect(ids('333 123')).toEqual([1]);
  });

  it('matches role names in the labels given', () => {
    expect(ids('tasks manager')).toEqual([2]);
    expect(ids('worker')).toEqual([1, 2, 3]);
  });

  it('matches active and deactivated, each finding only its own', () => {
    expect(ids('deactivated')).toEqual([3]);
    expect(ids('active')).toEqual([1, 2]);
  });
});
