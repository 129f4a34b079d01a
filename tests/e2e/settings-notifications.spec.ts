import type { Browser, Locator, Page } from '@playwright/test';
import { expect, signIn, test } from './support/local-only';
import en from '@/messages/en.json' with { type: 'json' };

test.describe.configure({ mode: 'serial' });

// One sign-in for the whole file (the login is rate limited); every test reuses its session cookies.
let session: Awaited<ReturnType<Awaited<ReturnType<Browser['newContext']>>['storageState']>>;

// Other specs share the demo tenant: the subject is this run's own, and the filter box finds the row by it.
const subject = `Visit ${Date.now().toString(36).slice(-6)}`;

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'owner@demo.test');
  session = await context.storageState();
  await context.close();
});

test.beforeEach(async ({ context }) => {
  await context.addCookies(session.cookies);
});

async function openScreen(page: Page): Promise<Locator> {
  await page.goto('/app/main/settings/notifications');
  await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Filter' }).fill(subject);
  return page.getByRole('row').filter({ hasText: subject });
}

/** The editor's text as the user reads it; a typed trailing space is a hard space in an editable element. */
const editorText = (editor: Locator) => editor.evaluate((element) => (element as HTMLElement).innerText.replace(/\u00a0/g, ' '));

test('the owner adds a before-appointment e-mail with placeholder tags; the subject counts to 25 and Enter adds no line', async ({ page }) => {
  const row = await openScreen(page);
  await page.getByRole('button', { name: 'Add notification' }).click();
  const drawer = page.getByRole('dialog', { name: 'Add notification' });
  await drawer.getByRole('button', { name: 'Save' }).click();
  // Type, recipient and message type: nothing chosen of their options; the message: empty. Each is required.
  const { required } = en.errors.validation;
  await expect(drawer.getByRole('alert')).toHaveText([required, required, required, required]);

  await expect(drawer.getByLabel('Number of hours')).toBeHidden();
  await drawer.getByRole('combobox', { name: 'Type', exact: true }).selectOption({ label: 'Before appointment' });
  await drawer.getByRole('combobox', { name: 'Recipient' }).selectOption({ label: 'Client' });
  await expect(drawer.getByLabel('Subject')).toBeHidden();
  await drawer.getByRole('combobox', { name: 'Message type' }).selectOption({ label: 'E-mail' });

  const subjectField = drawer.getByLabel('Subject');
  await expect(drawer.getByText('0/25', { exact: true })).toBeVisible();
  await subjectField.fill('An appointment reminder for you');
  await expect(subjectField).toHaveValue('An appointment reminder f');
  await expect(drawer.getByText('25/25', { exact: true })).toBeVisible();
  await subjectField.fill(subject);
  await expect(drawer.getByText(`${subject.length}/25`, { exact: true })).toBeVisible();

  const editor = drawer.getByRole('textbox', { name: 'Message' });
  const placeholders = drawer.getByRole('group', { name: 'Placeholders' });
  // The demo tenant has no feature 7, so the tracking link is not offered.
  await expect(placeholders.getByRole('button', { name: 'tracking_url' })).toHaveCount(0);
  await editor.click();
  await page.keyboard.type('Dear ');
  await placeholders.getByRole('button', { name: 'client_name', exact: true }).click();
  await page.keyboard.type('see you at ');
  await placeholders.getByRole('button', { name: 'appointment', exact: true }).click();
  await page.keyboard.press('Enter');
  await page.keyboard.type('bye');
  await expect(editor.locator('[data-placeholder]')).toHaveText(['client_name', 'appointment']);
  expect(await editorText(editor)).toBe('Dear client_name see you at appointment bye');
  await expect(editor.locator('div, br')).toHaveCount(0);

  const hours = drawer.getByLabel('Number of hours');
  await hours.fill('25');
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(drawer.getByText('Number of hours must be a whole number between 1 and 24')).toBeVisible();
  await hours.fill('7');
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Notification created.')).toBeVisible();
  await expect(drawer).toBeHidden();

  await expect(row).toHaveCount(1);
  for (const text of ['Before appointment', 'Client', 'E-mail', subject]) await expect(row).toContainText(text);
  await expect(row.getByRole('cell').nth(1)).toHaveText('7');
  await expect(row.locator('[data-placeholder]')).toHaveText(['client_name', 'appointment']);
  await expect(row).toContainText('Dear client_name see you at appointment bye');
});

test('the switch disables the rule at once, and the list read again keeps it disabled', async ({ page }) => {
  const row = await openScreen(page);
  const enabled = row.getByRole('switch', { name: 'Enabled' });
  await expect(enabled).toBeChecked();
  await enabled.click();
  await expect(page.getByText('Notification disabled.')).toBeVisible();
  await expect(enabled).not.toBeChecked();
  // The switch does not open the drawer, and a fresh read of the list shows the stored state.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(enabled).not.toBeChecked();
});

test('modifying keeps the type fixed, and a changed message warns it applies within 10 minutes', async ({ page }) => {
  const row = await openScreen(page);
  await row.dblclick();
  const drawer = page.getByRole('dialog', { name: 'Modify notification' });
  const type = drawer.getByRole('combobox', { name: 'Type', exact: true });
  await expect(type).toBeDisabled();
  await expect(type).toHaveValue('BEFORE_APPOINTMENT');
  await expect(drawer.getByText('The type cannot be changed once the notification exists.')).toBeVisible();
  const editor = drawer.getByRole('textbox', { name: 'Message' });
  await expect(editor.locator('[data-placeholder]')).toHaveText(['client_name', 'appointment']);

  const save = drawer.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await drawer.getByLabel('Number of hours').fill('8');
  await expect(save).toBeEnabled();
  await expect(drawer.getByText('Changes to the message can take up to 10 minutes to apply.')).toBeHidden();
  await save.click();
  await expect(page.getByText('Notification saved.', { exact: true })).toBeVisible();
  await expect(drawer).toBeHidden();
  await expect(row.getByRole('cell').nth(1)).toHaveText('8');

  await row.dblclick();
  await drawer.getByRole('combobox', { name: 'Recipient' }).selectOption({ label: 'Worker' });
  // The tags follow the recipient: name is stored as worker_name for a worker.
  await expect(editor.locator('[data-placeholder]')).toHaveText(['worker_name', 'appointment']);
  await editor.click();
  await page.keyboard.press('End');
  await page.keyboard.type(' thanks');
  await expect(drawer.getByText('Changes to the message can take up to 10 minutes to apply.')).toBeVisible();
  await save.click();
  await expect(page.getByText('Notification saved. The new message can take up to 10 minutes to apply.')).toBeVisible();
  await expect(drawer).toBeHidden();
  await expect(row).toContainText('Worker');
  await expect(row).toContainText('Dear worker_name see you at appointment bye thanks');
  await expect(row.getByRole('switch', { name: 'Enabled' })).not.toBeChecked();
});

test('the rule is deleted after the confirmation and leaves the list', async ({ page }) => {
  const row = await openScreen(page);
  await row.dblclick();
  const drawer = page.getByRole('dialog', { name: 'Modify notification' });
  await drawer.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete notification' });
  await expect(confirm).toContainText('Are you sure you want to delete this notification?');
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Notification deleted.')).toBeVisible();
  await expect(drawer).toBeHidden();
  await expect(row).toHaveCount(0);
});
