import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createThrottle } from '@/lib/client/throttle';
import { isNewer, randomReconnectDelay } from '@/lib/client/live-updates';
import { landingPath, mainMenu, resolveMenuPath, visibleMenu } from '@/lib/contract/menu';
import { rolesOf } from '@/lib/contract/roles';

const mainDir = path.resolve(import.meta.dirname, '../../app/app/main');
const flags = { owner: false, tasksManager: false, usersManager: false, billingManager: false, assignee: false };

describe('roles', () => {
  it('gives an owner all four manager roles', () => {
    expect(rolesOf({ ...flags, owner: true })).toEqual(['owner', 'tasksManager', 'usersManager', 'billingManager']);
  });
  it('keeps single flags alone', () => {
    expect(rolesOf({ ...flags, billingManager: true, assignee: true })).toEqual(['billingManager', 'assignee']);
  });
});

describe('main menu', () => {
  const owner = rolesOf({ ...flags, owner: true });

  it('shows a tasks manager every top item in the spec order, working hours only with feature 2', () => {
    expect(visibleMenu(['tasksManager'], [2]).map((s) => s.key)).toEqual([
      'dashboard', 'tasks', 'schedule', 'tracking', 'clients', 'reporting', 'working-hours', 'settings',
    ]);
    expect(visibleMenu(['tasksManager'], []).map((s) => s.key)).not.toContain('working-hours');
  });

  it('gives a tasks manager only the template tab of working hours and the task-types and profile settings', () => {
    const menu = visibleMenu(['tasksManager'], [2]);
    expect(menu.find((s) => s.key === 'working-hours')?.submenus).toEqual(['template']);
    expect(menu.find((s) => s.key === 'settings')?.submenus).toEqual(['profile', 'task-types']);
  });

  it('hides settings tabs whose feature is off and shows owner-only tabs to the owner', () => {
    const without = visibleMenu(owner, []).find((s) => s.key === 'settings')?.submenus ?? [];
    expect(without).not.toEqual(expect.arrayContaining(['time-slot']));
    expect(without).toEqual(expect.arrayContaining(['locale', 'feature-settings', 'users', 'apikey', 'outbox']));
    const withAll = visibleMenu(owner, [1, 3, 4]).find((s) => s.key === 'settings')?.submenus ?? [];
    expect(withAll).toEqual([
      'users', 'profile', 'locale', 'task-types', 'notifications', 'custom-fields', 'cancellation-reasons',
      'feature-settings', 'time-slot', 'skills', 'zones', 'apikey', 'outbox',
    ]);
  });

  it('gives a billing manager settings without users, locale or task types', () => {
    const menu = visibleMenu(['billingManager'], [1, 3, 4]);
    expect(menu.map((s) => s.key)).toEqual(['settings']);
    expect(menu[0].submenus).toEqual(['profile', 'notifications', 'custom-fields', 'cancellation-reasons', 'time-slot', 'skills', 'zones', 'apikey']);
  });

  it('redirects a bare path to the landing screen, an unknown tab to the first tab, and accepts hidden paths', () => {
    const menu = visibleMenu(owner, [2]);
    expect(resolveMenuPath(menu, undefined, undefined)).toEqual({ kind: 'redirect', to: '/app/main/dashboard/all' });
    expect(resolveMenuPath(menu, 'tasks', 'nope')).toEqual({ kind: 'redirect', to: '/app/main/tasks/scheduled' });
    expect(resolveMenuPath(menu, 'schedule', 'month')).toEqual({ kind: 'page', section: 'schedule', submenu: 'month' });
    expect(resolveMenuPath(menu, 'nowhere', 'x')).toEqual({ kind: 'redirect', to: '/app/main/dashboard/all' });
  });

  it('lands a tasks manager on the dashboard, and everyone else on the first tab of their first section', () => {
    expect(landingPath(visibleMenu(['tasksManager'], [2]))).toBe('/app/main/dashboard/all');
    expect(landingPath(visibleMenu(owner, [1, 2, 3, 4]))).toBe('/app/main/dashboard/all');
    expect(landingPath(visibleMenu(['billingManager'], []))).toBe('/app/main/settings/profile');
    expect(landingPath(visibleMenu(['usersManager'], [2]))).toBe('/app/main/working-hours/working-template');
    expect(landingPath([])).toBeNull();
  });

  it.each(mainMenu.flatMap((section) => [...section.submenus.map((entry) => entry.key), ...(section.alsoAccepts ?? [])].map((key) => [section.key, key])))(
    'gives the menu destination %s/%s a screen of its own, never the catch-all that answers 404',
    (section, key) => {
      const routes = [path.join(mainDir, section, key, 'page.tsx'), path.join(mainDir, section, '[submenu]', 'page.tsx')];
      expect(routes.some((route) => existsSync(route)), `no page for /app/main/${section}/${key}`).toBe(true);
    },
  );

  it('does not let a users manager reach the tasks screens', () => {
    const menu = visibleMenu(['usersManager'], [2]);
    const resolution = resolveMenuPath(menu, 'tasks', 'scheduled');
    expect(resolution).toEqual({ kind: 'redirect', to: landingPath(menu) });
    expect(landingPath(menu)).toMatch(/^\/app\/main\/working-hours\//);
  });
});

describe('live updates', () => {
  it('takes a change only when it is newer than the row on screen', () => {
    const held = { updated: '2026-11-23T10:00:00.500Z' };
    expect(isNewer({ updated: '2026-11-23T10:00:00.501Z' }, held)).toBe(true);
    expect(isNewer({ updated: '2026-11-23T10:00:00.500Z' }, held)).toBe(false);
    expect(isNewer({ updated: '2026-11-23T09:59:59.000Z' }, held)).toBe(false);
    expect(isNewer({ updated: '2026-11-23T09:00:00.000Z' }, undefined)).toBe(true);
  });

  it('retries a closed stream after 5 to 20 seconds', () => {
    expect(randomReconnectDelay(() => 0)).toBe(5000);
    expect(randomReconnectDelay(() => 0.999999)).toBeLessThanOrEqual(20000);
    expect(randomReconnectDelay(() => 0.5)).toBe(12500);
  });
});

describe('global notice throttle', () => {
  it('lets each notice through at most once per 2 seconds', () => {
    let now = 0;
    const allow = createThrottle(2000, () => now);
    expect(allow('connectivity')).toBe(true);
    now = 1999;
    expect(allow('connectivity')).toBe(false);
    expect(allow('forbidden')).toBe(true);
    now = 2000;
    expect(allow('connectivity')).toBe(true);
  });
});
