import { Feature, type FeatureId } from './features';
import { hasAnyRole, type Role } from './roles';

export interface MenuEntry {
  key: string;
  roles?: readonly Role[];
  feature?: FeatureId;
}

export interface MenuSection {
  key: string;
  roles: readonly Role[];
  feature?: FeatureId;
  /** The tabs, in order. */
  submenus: readonly MenuEntry[];
  /** Paths the section also accepts without showing them as tabs. */
  alsoAccepts?: readonly string[];
}

const tasksManager = ['tasksManager'] as const;
const settingsManagers = ['owner', 'usersManager', 'billingManager'] as const;

/** The main menu of spec 03 §2.2 and §6, in display order. */
export const mainMenu: readonly MenuSection[] = [
  { key: 'dashboard', roles: tasksManager, submenus: [{ key: 'all' }] },
  { key: 'tasks', roles: tasksManager, submenus: [{ key: 'scheduled' }, { key: 'unscheduled' }] },
  {
    key: 'schedule',
    roles: tasksManager,
    submenus: [{ key: 'day' }, { key: 'week' }],
    alsoAccepts: ['month', 'unscheduled'],
  },
  { key: 'tracking', roles: tasksManager, submenus: [{ key: 'all' }] },
  { key: 'clients', roles: tasksManager, submenus: [{ key: 'all' }] },
  { key: 'reporting', roles: tasksManager, submenus: [{ key: 'efficiency' }] },
  {
    key: 'working-hours',
    roles: ['tasksManager', 'usersManager'],
    feature: Feature.workingHours,
    submenus: [
      { key: 'template', roles: tasksManager },
      { key: 'working-template', roles: ['usersManager'] },
      { key: 'users', roles: ['usersManager'] },
    ],
  },
  {
    key: 'settings',
    roles: ['tasksManager', 'usersManager', 'billingManager', 'assignee'],
    submenus: [
      { key: 'users', roles: ['usersManager'] },
      { key: 'profile' },
      { key: 'locale', roles: ['owner'] },
      { key: 'task-types', roles: tasksManager },
      { key: 'notifications', roles: settingsManagers },
      { key: 'custom-fields', roles: settingsManagers },
      { key: 'cancellation-reasons', roles: settingsManagers },
      { key: 'feature-settings', roles: ['owner'] },
      { key: 'time-slot', roles: settingsManagers, feature: Feature.timeSlots },
      { key: 'skills', roles: settingsManagers, feature: Feature.skills },
      { key: 'zones', roles: settingsManagers, feature: Feature.zones },
      { key: 'apikey', roles: settingsManagers },
      { key: 'outbox', roles: ['owner'] },
    ],
    alsoAccepts: ['plans'],
  },
];

function available(entry: { roles?: readonly Role[]; feature?: FeatureId }, roles: Role[], features: FeatureId[]) {
  return (!entry.roles || hasAnyRole(roles, entry.roles)) && (!entry.feature || features.includes(entry.feature));
}

export interface VisibleSection {
  key: string;
  submenus: string[];
  accepted: string[];
}

/** The sections and tabs this user may see; a section with no tab left is hidden. */
export function visibleMenu(roles: Role[], features: FeatureId[]): VisibleSection[] {
  return mainMenu
    .filter((section) => available(section, roles, features))
    .map((section) => {
      const submenus = section.submenus.filter((entry) => available(entry, roles, features)).map((e) => e.key);
      return { key: section.key, submenus, accepted: [...submenus, ...(section.alsoAccepts ?? [])] };
    })
    .filter((section) => section.submenus.length > 0);
}

/** Where a user starts: the first tab of the first section they may see (a tasks manager gets the dashboard). */
export function landingPath(menu: VisibleSection[]): string | null {
  const first = menu[0];
  return first ? `/app/main/${first.key}/${first.submenus[0]}` : null;
}

export type MenuResolution =
  | { kind: 'page'; section: string; submenu: string }
  | { kind: 'redirect'; to: string }
  | { kind: 'notFound' };

/** Where a /app/main path leads: the page itself, the section's first tab, or the user's landing screen. */
export function resolveMenuPath(
  menu: VisibleSection[],
  section: string | undefined,
  submenu: string | undefined,
): MenuResolution {
  const match = section ? menu.find((entry) => entry.key === section) : undefined;
  if (!match) {
    const landing = landingPath(menu);
    return landing ? { kind: 'redirect', to: landing } : { kind: 'notFound' };
  }
  if (!submenu || !match.accepted.includes(submenu)) {
    return { kind: 'redirect', to: `/app/main/${match.key}/${match.submenus[0]}` };
  }
  return { kind: 'page', section: match.key, submenu };
}
