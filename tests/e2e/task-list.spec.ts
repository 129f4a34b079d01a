import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/local-only';
import { britishDate, fillDate } from './support/controls';
import Papa from 'papaparse';
import type { TaskView } from '@/lib/contract/tasks';

const demoPassword = 'demo-pass-2026';
const tenantTimeZone = 'Europe/Rome';
/** The demo's task types that carry the ON_COMPLETION field "Materials used" (db/seed/catalogue.ts). */
const typesNeedingMaterials = ['Boiler repair', 'Plumbing repair', 'Emergency call-out', 'Water heater replacement'];

async function signIn(page: Page) {
  await page.goto('/app/login');
  await page.getByLabel('Username').fill('dispatcher@demo.test');
  await page.getByLabel('Password').fill(demoPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/app\/main\//);
}

function dayIn(timeZone: string, offsetDays = 0): string {
  const at = new Date(Date.now() + offsetDays * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

async function scheduledTasks(page: Page, from: string, to: string): Promise<TaskView[]> {
  const response = await page.request.get(`/api/web/tasks/scheduled?appointmentFrom=${from}&appointmentTo=${to}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as TaskView[];
}

/** The export's minute on the tenant's clock, as its file name writes it: 2026-11-26_1432. */
function minuteIn(timeZone: string, at: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}_${part('hour')}${part('minute')}`;
}

const taskCount = (list: Locator, count: number) => list.getByText(count === 1 ? '1 task' : `${count} tasks`, { exact: true });

test.describe.configure({ mode: 'serial' });

test('today, the unscheduled list, free text, the filter drawer and CSV export', async ({ page }) => {
  await signIn(page);
  const today = dayIn(tenantTimeZone);
  const todays = await scheduledTasks(page, today, today);

  await page.goto('/app/main/tasks/scheduled');
  const list = page.getByRole('region', { name: 'Scheduled tasks' });
  await expect(list.getByLabel('From', { exact: true })).toHaveValue(britishDate(today));
  await expect(list.getByLabel('To', { exact: true })).toHaveValue(britishDate(today));
  await expect(taskCount(list, todays.length)).toBeVisible();
  const table = list.getByRole('table', { name: 'Tasks' });
  await expect(table.getByRole('row')).toHaveCount(1 + Math.min(10, Math.max(1, todays.length)));

  const week = await scheduledTasks(page, today, dayIn(tenantTimeZone, 6));
  await fillDate(list, 'To', dayIn(tenantTimeZone, 6));
  await expect(taskCount(list, week.length)).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(11);
  await expect(list.getByText(`Page 1 of ${Math.ceil(week.length / 10)}`)).toBeVisible();

  const client = week.find((task) => task.client)?.client?.displayName ?? '';
  const withClient = week.filter((task) =>
    [task.client?.displayName, task.location.address, task.description, task.type.type]
      .some((text) => text?.toLowerCase().includes(client.toLowerCase())),
  );
  await list.getByRole('searchbox', { name: 'Search tasks' }).fill(client.toUpperCase());
  await expect(table.getByRole('row').nth(1)).toContainText(client);
  expect(await table.getByRole('row').count()).toBeLessThanOrEqual(1 + Math.min(10, withClient.length + 5));
  await list.getByRole('searchbox', { name: 'Search tasks' }).fill('');
  await expect(taskCount(list, week.length)).toBeVisible();

  const pendingOfType = week.filter((task) => task.statusId === 1 && task.typeId === week[0].typeId);
  await list.getByRole('button', { name: 'Filters' }).click();
  const drawer = page.getByRole('dialog', { name: 'Filter tasks' });
  await drawer.getByLabel('Task type').selectOption(week[0].type.type);
  await drawer.getByRole('group', { name: 'Task status' }).getByLabel('Pending').check();
  await drawer.getByRole('button', { name: 'Filter' }).click();
  await expect(drawer).toBeHidden();
  await expect(taskCount(list, pendingOfType.length)).toBeVisible();

  const downloading = page.waitForEvent('download');
  const exportedAround = [minuteIn(tenantTimeZone, new Date())];
  await list.getByRole('button', { name: 'Export to CSV' }).click();
  const download = await downloading;
  exportedAround.push(minuteIn(tenantTimeZone, new Date()));
  expect(exportedAround.map((minute) => `tasks-${minute}.csv`)).toContain(download.suggestedFilename());
  const bytes = readFileSync(await download.path());
  expect([...bytes.subarray(0, 3)], 'a UTF-8 byte-order mark first').toEqual([0xef, 0xbb, 0xbf]);
  const csv = Papa.parse<string[]>(bytes.toString('utf8').slice(1), { delimiter: ',', skipEmptyLines: true }).data;
  expect(csv[0]).toEqual(['Id', 'Task type', 'Client', 'Location', 'Assignee', 'Appointment', 'Duration (min)', 'Status']);
  const byReference = new Map(pendingOfType.map((task) => [String(task.referenceNumber), task]));
  expect(csv.slice(1).map((row) => row[0]).sort()).toEqual([...byReference.keys()].sort());
  for (const row of csv.slice(1)) {
    const task = byReference.get(row[0]);
    expect(row[6]).toBe(String(task?.appointment?.durationMins ?? task?.estimatedDuration));
    expect(row[5]).toMatch(/^\d{2}\/\d{2}\/\d{4}/);
  }

  await list.getByRole('button', { name: 'Filters' }).click();
  await drawer.getByRole('button', { name: 'Reset' }).click();
  await drawer.getByRole('button', { name: 'Filter' }).click();
  await expect(taskCount(list, week.length)).toBeVisible();

  await page.goto('/app/main/tasks/unscheduled');
  const unscheduled = page.getByRole('region', { name: 'Unscheduled tasks' });
  const unscheduledCount = ((await (await page.request.get('/api/web/tasks/unscheduled')).json()) as TaskView[]).length;
  await expect(taskCount(unscheduled, unscheduledCount)).toBeVisible();
  await expect(unscheduled.getByLabel('From', { exact: true })).toHaveCount(0);
});

test('chosen columns stay chosen after a reload', async ({ page }) => {
  await signIn(page);
  await page.goto('/app/main/tasks/scheduled');
  const list = page.getByRole('region', { name: 'Scheduled tasks' });
  const table = list.getByRole('table', { name: 'Tasks' });
  await expect(table.getByRole('columnheader', { name: 'Duration', exact: true })).toBeVisible();

  await list.getByRole('button', { name: 'Choose columns' }).click();
  const chooser = page.getByRole('dialog', { name: 'Choose columns' });
  await expect(chooser.getByLabel('Id', { exact: true })).toBeDisabled();
  await chooser.getByRole('checkbox', { name: 'Billing status', exact: true }).check();
  // Taken before the last change's click: the page starts its 5-second wait while the click is still resolving here.
  const beforeLastChange = Date.now();
  await chooser.getByRole('checkbox', { name: 'Duration', exact: true }).uncheck();
  const saved = page.waitForResponse((response) => response.url().includes('users/preferredTaskColumns'), { timeout: 15_000 });
  await page.keyboard.press('Escape');
  await expect(table.getByRole('columnheader', { name: 'Billing status' })).toBeVisible();

  // The choice is saved once, 5 seconds after the last change (spec 01 §2), not at each tick.
  expect((await saved).ok()).toBe(true);
  expect(Date.now() - beforeLastChange).toBeGreaterThanOrEqual(5_000);
  await page.reload();
  await expect(table.getByRole('columnheader', { name: 'Billing status' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Duration', exact: true })).toHaveCount(0);

  const restored = await page.request.patch('/api/web/users/preferredTaskColumns', {
    data: { preferredTaskColumns: 'id,type,client,location,assignee,appointment,duration,status' },
  });
  expect(restored.ok()).toBe(true);
});

test('bulk completion names the task that lacks its ON_COMPLETION field', async ({ page }) => {
  await signIn(page);
  const from = dayIn(tenantTimeZone);
  const to = dayIn(tenantTimeZone, 13);
  const tasks = await scheduledTasks(page, from, to);
  const open = tasks.filter((task) => task.statusId !== 4 && task.statusId !== 5);
  const lacking = open.find((task) => typesNeedingMaterials.includes(task.type.type));
  const completable = open.find((task) => !typesNeedingMaterials.includes(task.type.type) && task.id !== lacking?.id);
  expect(lacking && completable).toBeTruthy();
  if (!lacking || !completable) return;

  await page.goto(`/app/main/tasks/scheduled?from=${from}&to=${to}`);
  const list = page.getByRole('region', { name: 'Scheduled tasks' });
  const search = list.getByRole('searchbox', { name: 'Search tasks' });
  for (const task of [lacking, completable]) {
    await search.fill(String(task.referenceNumber));
    await list.getByRole('checkbox', { name: `Tick task ${task.referenceNumber}`, exact: true }).check();
  }
  await search.fill('');

  await list.getByRole('button', { name: /Actions/ }).click();
  await page.getByRole('menuitem', { name: 'Update task status' }).click();
  const modal = page.getByRole('dialog', { name: 'Update task status' });
  await expect(modal).toContainText('2 tasks selected');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal.getByText('Please select a status.')).toBeVisible();
  await modal.getByLabel('Status').selectOption('Completed');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal).toBeHidden();

  const alert = list.getByRole('alert');
  await expect(alert).toContainText(`Task #${lacking.referenceNumber} could not be completed: fill in Materials used.`);
  await expect(alert).not.toContainText(`#${completable.referenceNumber}`);
  await search.fill(String(completable.referenceNumber));
  const completedRow = list.getByRole('row').filter({ has: page.getByRole('cell', { name: String(completable.referenceNumber), exact: true }) });
  await expect(completedRow).toContainText('Completed');
});

test('a double click opens the task in the URL and add task asks for a new one', async ({ page }) => {
  await signIn(page);
  const today = dayIn(tenantTimeZone);
  await page.goto(`/app/main/tasks/scheduled?from=${today}&to=${dayIn(tenantTimeZone, 6)}`);
  const list = page.getByRole('region', { name: 'Scheduled tasks' });
  const firstRow = list.getByRole('table', { name: 'Tasks' }).getByRole('row').nth(1);
  const referenceNumber = (await firstRow.getByRole('cell').nth(1).textContent())?.trim();
  await firstRow.getByRole('cell').nth(2).dblclick();
  await expect(page).toHaveURL(/[?&]task=\d+(&|$)/);
  await expect(page.getByRole('dialog', { name: new RegExp(`^Task #${referenceNumber} · `) })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`from=${today}`));
  await page.goto('/app/main/tasks/unscheduled');
  await page.getByRole('region', { name: 'Unscheduled tasks' }).getByRole('button', { name: 'Add task' }).click();
  await expect(page).toHaveURL(/[?&]task=new/);
  await page.goto('/app/main/tasks/nonsense');
  await expect(page).toHaveURL(/\/app\/main\/tasks\/scheduled$/);
  await expect(page.getByRole('region', { name: 'Scheduled tasks' })).toBeVisible();
});

test('a change made elsewhere shows up live, and duplicating adds the copy', async ({ page }) => {
  await signIn(page);
  const from = dayIn(tenantTimeZone);
  const to = dayIn(tenantTimeZone, 6);
  const tasks = await scheduledTasks(page, from, to);
  const pending = tasks.filter((task) => task.statusId === 1);
  expect(pending.length).toBeGreaterThan(1);
  const [changed, copied] = pending;

  await page.goto(`/app/main/tasks/scheduled?from=${from}&to=${to}`);
  const list = page.getByRole('region', { name: 'Scheduled tasks' });
  const search = list.getByRole('searchbox', { name: 'Search tasks' });
  await search.fill(String(changed.referenceNumber));
  const row = list.getByRole('row').filter({ has: page.getByRole('cell', { name: String(changed.referenceNumber), exact: true }) });
  await expect(row).toContainText('Pending');

  const response = await page.request.patch('/api/web/tasks/update-status', {
    data: { taskIds: [changed.id], statusId: 3, type: 'task status' },
  });
  expect(response.ok()).toBe(true);
  await expect(row).toContainText('Paused');

  await search.fill('');
  await expect(taskCount(list, tasks.length)).toBeVisible();
  await search.fill(String(copied.referenceNumber));
  await list.getByRole('checkbox', { name: `Tick task ${copied.referenceNumber}`, exact: true }).check();
  await list.getByRole('button', { name: /Actions/ }).click();
  await page.getByRole('menuitem', { name: 'Duplicate tasks' }).click();
  const modal = page.getByRole('dialog', { name: 'Duplicate tasks' });
  await expect(modal.getByRole('checkbox', { name: 'Task type' })).toBeDisabled();
  await expect(modal.getByRole('checkbox', { name: 'Task type' })).toBeChecked();
  await modal.getByRole('checkbox', { name: 'Description' }).uncheck();
  await modal.getByRole('button', { name: 'Duplicate 1 task' }).click();
  await expect(modal).toBeHidden();
  await search.fill('');
  await expect(taskCount(list, tasks.length + 1)).toBeVisible();
});

test('a change committed after the server read the list but before the live stream opened still shows up', async ({ page }) => {
  await signIn(page);
  const from = dayIn(tenantTimeZone);
  const to = dayIn(tenantTimeZone, 6);
  const pending = (await scheduledTasks(page, from, to)).filter((task) => task.statusId === 1 && task.cancelled === null);
  const changed = pending.at(-1);
  if (!changed) throw new Error('the demo week has no pending task');

  // The stream's request waits until the change has committed, as a slow network could make it.
  let openStream: () => void = () => undefined;
  const streamMayOpen = new Promise<void>((resolve) => {
    openStream = resolve;
  });
  await page.route('**/api/web/tasks/stream**', async (route) => {
    await streamMayOpen;
    await route.continue();
  });
  await page.goto(`/app/main/tasks/scheduled?from=${from}&to=${to}`);
  const list = page.getByRole('region', { name: 'Scheduled tasks' });
  await list.getByRole('searchbox', { name: 'Search tasks' }).fill(String(changed.referenceNumber));
  const row = list.getByRole('row').filter({ has: page.getByRole('cell', { name: String(changed.referenceNumber), exact: true }) });
  await expect(row).toContainText('Pending');

  const response = await page.request.patch('/api/web/tasks/update-status', {
    data: { taskIds: [changed.id], statusId: 3, type: 'task status' },
  });
  expect(response.ok()).toBe(true);
  openStream();
  await expect(row).toContainText('Paused');
});
