import { isLanguage, type Language } from '@/lib/contract/languages';
import type { UserFormChoices, UserView } from '@/lib/contract/user-admin';

/** The roles as the form's tick boxes, in the spec's order. */
export const roleFlags = ['owner', 'tasksManager', 'usersManager', 'billingManager', 'assignee'] as const;
export type RoleFlag = (typeof roleFlags)[number];

/** What the user drawer holds: plain strings and ids, turned into the call's body on save. */
export interface UserFormValues {
  username: string;
  name: string;
  surname: string;
  phoneCountryCode: string;
  phone: string;
  preferredLanguage: Language;
  owner: boolean;
  tasksManager: boolean;
  usersManager: boolean;
  billingManager: boolean;
  assignee: boolean;
  active: boolean;
  skills: number[];
  zones: number[];
  /** '' for none. */
  workingHoursTemplateId: string;
}

export const formValuesOf = (view: UserView | null): UserFormValues => ({
  username: view?.username ?? '',
  name: view?.name ?? '',
  surname: view?.surname ?? '',
  phoneCountryCode: view?.phoneCountryCode ?? '',
  phone: view?.phone ?? '',
  preferredLanguage: isLanguage(view?.preferredLanguage) ? view.preferredLanguage : 'en',
  owner: view?.owner ?? false,
  tasksManager: view?.tasksManager ?? false,
  usersManager: view?.usersManager ?? false,
  billingManager: view?.billingManager ?? false,
  // A new user is most often a worker.
  assignee: view?.assignee ?? true,
  active: view?.active ?? true,
  skills: view?.skills.map(({ skillId }) => skillId) ?? [],
  zones: view?.zones.map(({ zoneId }) => zoneId) ?? [],
  workingHoursTemplateId: view?.workingHoursTemplateId ? String(view.workingHoursTemplateId) : '',
});

/**
 * The POST or PUT body: the feature-bound fields only while their feature is on (else the server would refuse them),
 * and zones only for an assignee (spec 03 §4: unchecking assignee forces zone to none).
 */
export function bodyOf(values: UserFormValues, choices: UserFormChoices, editing: boolean) {
  return {
    ...(editing ? {} : { username: values.username }),
    name: values.name,
    surname: values.surname,
    phoneCountryCode: values.phoneCountryCode,
    phone: values.phone,
    preferredLanguage: values.preferredLanguage,
    owner: values.owner,
    tasksManager: values.tasksManager,
    usersManager: values.usersManager,
    billingManager: values.billingManager,
    assignee: values.assignee,
    active: values.active,
    ...(choices.skills ? { skills: values.skills.map((skillId) => ({ skillId })) } : {}),
    ...(choices.zones ? { zones: values.assignee ? values.zones.map((zoneId) => ({ zoneId })) : [] } : {}),
    ...(choices.templates ? { workingHoursTemplateId: values.workingHoursTemplateId === '' ? null : Number(values.workingHoursTemplateId) } : {}),
  };
}
