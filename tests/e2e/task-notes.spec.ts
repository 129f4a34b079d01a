import type { Browser, Locator, Page } from '@playwright/test';
import type { TaskView } from '@/lib/contract/tasks';
import { expect, signIn, test } from './support/local-only';

// One sign-in for the whole file (the login is rate limited); every test reuses its session cookies.
let session: Awaited<ReturnType<Awaited<ReturnType<Browser['newContext']>>['storageState']>>;

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'dispatcher@demo.test');
  session = await context.storageState();
  await context.close();
});

test.beforeEach(async ({ context }) => {
  await context.addCookies(session.cookies);
});

async function createTask(page: Page): Promise<TaskView> {
  const types = (await (await page.request.get('/api/web/task-types')).json()) as Array<{ id: number; type: string }>;
  const type = types.find((candidate) => candidate.type === 'Boiler service');
  if (!type) throw new Error('The demo has no Boiler service type.');
  const response = await page.request.post('/api/web/tasks', {
    multipart: { task: JSON.stringify({ typeId: type.id }) },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as TaskView;
}

async function postNote(page: Page, taskId: number, note: string) {
  const response = await page.request.post(`/api/web/tasks/${taskId}/notes`, { data: { note } });
  expect(response.ok(), await response.text()).toBe(true);
}

async function openTab(page: Page, task: TaskView, tab: 'Notes' | 'Timeline'): Promise<Locator> {
  await page.goto(`/app/main/tasks/scheduled?task=${task.id}`);
  const drawer = page.getByRole('dialog', { name: `Task #${task.referenceNumber} · Boiler service` });
  await drawer.getByRole('tab', { name: tab }).click();
  return drawer.getByRole('tabpanel', { name: tab });
}

const noteRow = (panel: Locator, text: string) => panel.getByRole('row').filter({ hasText: text });

test('a note is added, edited and deleted from the Notes tab, five notes a page, newest first', async ({ page }) => {
  const task = await createTask(page);
  for (const number of [1, 2, 3, 4, 5]) await postNote(page, task.id, `Earlier note ${number}`);
  const panel = await openTab(page, task, 'Notes');
  await expect(panel.getByRole('row')).toHaveCount(6);
  await expect(panel.getByRole('navigation', { name: 'Notes pages' })).toBeHidden();

  // An empty or blank note is never sent.
  const add = panel.getByRole('button', { name: 'Add', exact: true });
  await expect(add).toBeDisabled();
  await panel.getByLabel('New note').fill('   ');
  await expect(add).toBeDisabled();

  await panel.getByLabel('New note').fill('Gate code 4471, ring twice');
  await add.click();
  await expect(page.getByText('Note added.')).toBeVisible();
  await expect(panel.getByLabel('New note')).toHaveValue('');
  // Six notes: the new one heads the first page, the oldest moves to the second.
  const rows = panel.getByRole('row');
  await expect(rows.nth(1)).toContainText('Gate code 4471, ring twice');
  await expect(rows.nth(1)).toContainText('Paolo Conti');
  await expect(rows.nth(1)).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  await expect(rows).toHaveCount(6);
  await expect(panel.getByText('Page 1 of 2')).toBeVisible();
  await panel.getByRole('button', { name: 'Next' }).click();
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('Earlier note 1');
  await panel.getByRole('button', { name: 'Previous' }).click();

  // Editing needs text: blank shows the spec's message and keeps the note.
  await noteRow(panel, 'Gate code 4471').getByRole('button', { name: 'Edit note' }).click();
  const editor = panel.getByRole('textbox', { name: 'Note text' });
  await editor.fill('  ');
  await panel.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(panel.getByRole('alert')).toHaveText('Please Input Note!');
  await editor.fill('Gate code 9000, ring twice');
  await panel.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Note saved.')).toBeVisible();
  await expect(editor).toBeHidden();
  await expect(noteRow(panel, 'Gate code 9000, ring twice')).toContainText('edited');

  await noteRow(panel, 'Gate code 9000').getByRole('button', { name: 'Delete note' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete note' });
  await expect(confirm).toContainText('Delete this note?');
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Note deleted.')).toBeVisible();
  await expect(noteRow(panel, 'Gate code 9000')).toHaveCount(0);
  await expect(rows).toHaveCount(6);
  await expect(panel.getByRole('navigation', { name: 'Notes pages' })).toBeHidden();

  // Each change is in the activity log, readable.
  const drawer = page.getByRole('dialog', { name: `Task #${task.referenceNumber} · Boiler service` });
  await drawer.getByRole('tab', { name: 'Timeline' }).click();
  const log = drawer.getByRole('region', { name: 'Activity log' });
  const deleted = log.getByRole('listitem').filter({ hasText: 'Deleted a note' });
  await expect(deleted).toContainText('Gate code 9000, ring twice');
  await expect(deleted).toContainText('Paolo Conti');
  await expect(log.getByRole('listitem').filter({ hasText: 'Edited a note' })).toContainText(
    /Gate code 4471, ring twice\s*→?\s*,?\s*Gate code 9000, ring twice/,
  );
  await expect(log.getByRole('listitem').filter({ hasText: 'Added a note' })).toHaveCount(6);
});

test('the Timeline tab shows a status change readable: status history and activity log', async ({ page }) => {
  const task = await createTask(page);
  const panel = await openTab(page, task, 'Timeline');
  const drawer = page.getByRole('dialog', { name: `Task #${task.referenceNumber} · Boiler service` });
  const statuses = panel.getByRole('region', { name: 'Status history' }).getByRole('listitem');
  await expect(statuses).toHaveCount(1);

  await drawer.getByRole('button', { name: 'Task status' }).click();
  await page.getByRole('menuitem', { name: 'In progress' }).click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Continue' }).click();

  // The tab reads the history again once the task changed: oldest status first, each with who and when.
  await expect(statuses).toHaveCount(2);
  await expect(statuses.nth(0)).toContainText('Pending');
  await expect(statuses.nth(1)).toContainText('In progress');
  await expect(statuses.nth(1)).toContainText('Paolo Conti');
  await expect(statuses.nth(1)).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  const newest = panel.getByRole('region', { name: 'Activity log' }).getByRole('listitem').first();
  await expect(newest).toContainText('Changed the task status');
  await expect(newest).toContainText(/Pending\s*→?\s*,?\s*In progress/);
  await expect(panel.getByRole('region', { name: 'Activity log' }).getByRole('listitem').last()).toContainText('Created the task');
});

test('a cancelled task shows its notes but offers no add, edit or delete', async ({ page }) => {
  const task = await createTask(page);
  await postNote(page, task.id, 'Written before cancelling');
  const cancelled = await page.request.post(`/api/web/tasks/${task.id}/cancellation`, { data: {} });
  expect(cancelled.ok(), await cancelled.text()).toBe(true);
  const panel = await openTab(page, task, 'Notes');
  await expect(noteRow(panel, 'Written before cancelling')).toBeVisible();
  await expect(panel.getByText('This task is cancelled: its notes cannot be added, edited or deleted.')).toBeVisible();
  await expect(panel.getByLabel('New note')).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Edit note' })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Delete note' })).toHaveCount(0);
});
