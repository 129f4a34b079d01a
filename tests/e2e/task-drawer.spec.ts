import type { Page } from '@playwright/test';
import { expect, signIn, test } from './support/local-only';
import { chooseOption, fillDate } from './support/controls';

const signInAsDispatcher = (page: Page) => signIn(page, 'dispatcher@demo.test');

/** Tomorrow in the demo tenant's zone: in UTC it would still be today in Rome between 23:00 and 24:00 UTC. */
const tomorrow = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date(Date.now() + 24 * 60 * 60 * 1000));

const pdfBytes = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

test('creates a task with a custom field and a PDF, with the worker waiting for date and type', async ({ page }) => {
  await signInAsDispatcher(page);
  await page.goto('/app/main/tasks/scheduled');
  await page.getByRole('link', { name: 'Add task', exact: true }).first().click();
  await expect(page).toHaveURL(/task=new/);
  const drawer = page.getByRole('dialog', { name: 'New task' });
  await expect(drawer).toBeVisible();

  const worker = drawer.getByLabel('Worker');
  await expect(worker).toBeDisabled();
  await expect(drawer.getByText('Choose the date and the task type before the worker.')).toBeVisible();

  await chooseOption(drawer, 'Task type *', 'Heat pump commissioning');
  await expect(worker).toBeDisabled();
  await fillDate(drawer, 'Schedule date', tomorrow());
  await expect(worker).toBeEnabled();

  // The ON_SAVE field blocks saving while empty.
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(drawer.getByText('Field is required')).toBeVisible();
  await drawer.getByLabel('Customer PO number *').fill('PO-4711');

  await drawer.getByLabel('Attach files (PDF or CSV)').setInputFiles({ name: 'quote.pdf', mimeType: 'application/pdf', buffer: pdfBytes });
  await expect(drawer.getByText('quote.pdf')).toBeVisible();
  await drawer.getByLabel('Description').fill('Commissioning of the new heat pump');
  await page.getByRole('button', { name: 'Save' }).click();

  const saved = page.getByRole('dialog', { name: /^Task #\d+ · Heat pump commissioning$/ });
  await expect(saved).toBeVisible();
  await expect(page).toHaveURL(/task=\d+/);
  await expect(saved.getByLabel('Customer PO number *')).toHaveValue('PO-4711');
});

test('leaving a changed form asks with the exact text', async ({ page }) => {
  await signInAsDispatcher(page);
  await page.goto('/app/main/tasks/scheduled?task=new');
  const drawer = page.getByRole('dialog', { name: 'New task' });
  await drawer.getByLabel('Description').fill('Something to lose');
  await drawer.getByRole('button', { name: 'Close' }).click();
  const confirm = page.getByRole('dialog', { name: 'Unsaved changes' });
  await expect(confirm).toContainText('Are you sure you want to continue? All unsaved changes will be lost.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(drawer.getByLabel('Description')).toHaveValue('Something to lose');
  await drawer.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('dialog', { name: 'Unsaved changes' }).getByRole('button', { name: 'Continue' }).click();
  await expect(drawer).toBeHidden();
  await expect(page).not.toHaveURL(/task=/);
});

test('cancels a task with a reason, shows it in the banner, and resets it to pending', async ({ page }) => {
  await signInAsDispatcher(page);
  await page.goto('/app/main/tasks/scheduled?task=new');
  const drawer = page.getByRole('dialog', { name: 'New task' });
  await chooseOption(drawer, 'Task type *', 'Boiler service');
  await page.getByRole('button', { name: 'Save' }).click();
  const saved = page.getByRole('dialog', { name: /^Task #\d+ · Boiler service$/ });
  await expect(saved).toBeVisible();

  await saved.getByRole('button', { name: 'Cancel task' }).click();
  const cancelDialog = page.getByRole('dialog', { name: 'Cancel task' });
  await cancelDialog.getByLabel('Cancellation reason (optional)').selectOption({ label: 'Client cancelled' });
  await cancelDialog.getByRole('button', { name: 'Cancel task' }).click();
  await expect(saved.getByRole('alert')).toContainText('This task was cancelled. Reason: Client cancelled');
  await expect(saved.getByLabel('Task type *')).toBeDisabled();

  await saved.getByRole('button', { name: 'Task status' }).click();
  await page.getByRole('menuitem', { name: 'Pending' }).click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Continue' }).click();
  await expect(saved.getByText('This task was cancelled.')).toBeHidden();
  await expect(saved.getByRole('button', { name: 'Task status' })).toContainText('Pending');
});
