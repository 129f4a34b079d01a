import type { Page } from '@playwright/test';
import type { UserListItem } from '@/lib/contract/users';
import { chooseOption, clearOption, combobox } from './support/controls';
import { expect, signIn, test } from './support/local-only';

const screen = '/app/main/working-hours/working-template';

const changedWorkers = ['Greco', 'Bruno'];

/** The templates the workers this spec changes hold now, as the API answers them. */
async function templatesOfChangedWorkers(page: Page): Promise<Map<number, number | null>> {
  const response = await page.request.get('/api/web/users?assignee=true&active=true');
  expect(response.ok(), await response.text()).toBe(true);
  const workers = (await response.json()) as UserListItem[];
  const changed = workers.filter((worker) => changedWorkers.includes(worker.surname));
  expect(changed).toHaveLength(changedWorkers.length);
  return new Map(changed.map((worker) => [worker.id, worker.workingHoursTemplateId]));
}

/** Puts the assignments back through the API, so specs that run later on the same database find the demo as seeded. */
async function restoreTemplates(page: Page, saved: Map<number, number | null>) {
  for (const [userId, workingHoursTemplateId] of saved) {
    const response = await page.request.put(`/api/web/users/${userId}`, { data: { workingHoursTemplateId } });
    expect(response.ok(), await response.text()).toBe(true);
  }
}

test('the owner gives two filtered workers one template at once, then clears one worker’s template in the drawer', async ({ page }) => {
  await signIn(page, 'owner@demo.test');
  const seeded = await templatesOfChangedWorkers(page);
  try {
    await page.goto(screen);
    await expect(page.getByRole('heading', { name: 'Working templates of workers' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Workers' });
    const row = (name: string) => table.getByRole('row').filter({ hasText: name });
    const pager = page.getByRole('navigation', { name: 'Pages' });
    await expect(row('Andrea Greco')).toContainText('Full time with Saturday mornings');
    await expect(row('Federico Bruno')).toContainText('Full time');

    const search = page.getByRole('searchbox', { name: 'Search workers' });
    await search.fill('greco');
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(pager).toContainText('1-1 of 1 worker');
    await table.getByRole('checkbox', { name: 'Tick Andrea Greco' }).check();
    await search.fill('bruno');
    await expect(pager).toContainText('1-1 of 1 worker');
    await table.getByRole('checkbox', { name: 'Tick Federico Bruno' }).check();
    await search.fill('');
    await expect(pager).toContainText(/1-\d+ of \d+ workers/);

    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit multiple users' }).click();
    const modal = page.getByRole('dialog', { name: 'Edit multiple users' });
    await expect(modal).toContainText('2 workers selected');
    await expect(modal.getByRole('button', { name: 'Save' })).toBeDisabled();
    await chooseOption(modal, 'Working template', 'Mornings');
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Successfully updated working template!')).toBeVisible();
    await expect(modal).toBeHidden();
    await expect(row('Andrea Greco')).toContainText('Mornings');
    await expect(row('Federico Bruno')).toContainText('Mornings');
    await expect(row('Andrea Greco')).not.toContainText('Saturday');

    await row('Federico Bruno').getByText('Federico Bruno').dblclick();
    const drawer = page.getByRole('dialog', { name: 'Working template of Federico Bruno' });
    await expect(combobox(drawer, 'Working template')).toHaveValue('Mornings');
    await clearOption(drawer, 'Working template');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Working template assigned successfully!')).toBeVisible();
    await expect(drawer).toBeHidden();
    await expect(row('Federico Bruno')).toContainText('No template');

    await page.reload();
    await expect(row('Federico Bruno')).toContainText('No template');
    await expect(row('Andrea Greco')).toContainText('Mornings');
  } finally {
    await restoreTemplates(page, seeded);
  }
});

test('the actions button shows only its icon below 1254 px and keeps its name', async ({ page }) => {
  await page.setViewportSize({ width: 1300, height: 800 });
  await signIn(page, 'people@demo.test');
  await page.goto(screen);
  const actions = page.getByRole('button', { name: 'Actions' });
  await expect(actions.getByText('Actions')).toBeVisible();
  await page.setViewportSize({ width: 1200, height: 800 });
  await expect(actions.getByText('Actions')).toBeHidden();
  await expect(actions).toBeVisible();
});
