import type { Locator, Page } from '@playwright/test';
import { expect, signIn, test } from './support/local-only';
import { chooseOption } from './support/controls';

const signInAsDispatcher = (page: Page) => signIn(page, 'dispatcher@demo.test');

/** A new pending task of a type without required fields, open in its drawer. */
async function openNewTask(page: Page): Promise<Locator> {
  await page.goto('/app/main/tasks/scheduled?task=new');
  await chooseOption(page.getByRole('dialog', { name: 'New task' }), 'Task type *', 'Boiler service');
  await page.getByRole('button', { name: 'Save' }).click();
  const drawer = page.getByRole('dialog', { name: /^Task #\d+ · Boiler service$/ });
  await expect(drawer).toBeVisible();
  return drawer;
}

async function changeInHeader(page: Page, drawer: Locator, menu: 'Task status' | 'Billing status', choice: string) {
  await drawer.getByRole('button', { name: menu }).click();
  await page.getByRole('menuitem', { name: choice }).click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Continue' }).click();
  await expect(drawer.getByRole('button', { name: menu })).toContainText(choice);
}

test('the header tags carry visible captions that tell task status from billing status', async ({ page }) => {
  await signInAsDispatcher(page);
  const drawer = await openNewTask(page);
  // Both tags read 'Pending' on a new task; each caption sits right above its own tag.
  const status = drawer.getByRole('button', { name: 'Task status' });
  const billing = drawer.getByRole('button', { name: 'Billing status' });
  await expect(status).toHaveText('Pending');
  await expect(billing).toHaveText('Pending');
  await expect(status.locator('xpath=preceding-sibling::span[1]')).toHaveText('Task status');
  await expect(billing.locator('xpath=preceding-sibling::span[1]')).toHaveText('Billing status');
  await expect(status.locator('xpath=preceding-sibling::span[1]')).toBeVisible();
  await expect(billing.locator('xpath=preceding-sibling::span[1]')).toBeVisible();
});

test('status and billing changes in the header keep the unsaved form edits, and the later save is not a false conflict', async ({ page }) => {
  await signInAsDispatcher(page);
  const drawer = await openNewTask(page);
  const url = page.url();

  await drawer.getByLabel('Description').fill('Edited before the header changes');
  await drawer.getByLabel('Name', { exact: true }).fill('Maria');

  await changeInHeader(page, drawer, 'Task status', 'In progress');
  await expect(drawer.getByLabel('Description')).toHaveValue('Edited before the header changes');
  await expect(drawer.getByLabel('Name', { exact: true })).toHaveValue('Maria');

  await changeInHeader(page, drawer, 'Billing status', 'Invoiced');
  await expect(drawer.getByLabel('Description')).toHaveValue('Edited before the header changes');
  // The form's own billing field was not touched, so it follows the header instead of undoing it on save.
  await expect(drawer.getByRole('combobox', { name: 'Billing status' })).toHaveValue('3');

  // The edits are still unsaved: closing asks before throwing them away.
  await drawer.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('dialog', { name: 'Unsaved changes' }).getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Task saved.')).toBeVisible();
  await expect(page.getByText(/changed by someone else meanwhile/)).toBeHidden();

  await page.goto(url);
  const reopened = page.getByRole('dialog', { name: /^Task #\d+ · Boiler service$/ });
  await expect(reopened.getByLabel('Description')).toHaveValue('Edited before the header changes');
  await expect(reopened.getByLabel('Name', { exact: true })).toHaveValue('Maria');
  await expect(reopened.getByRole('button', { name: 'Task status' })).toContainText('In progress');
  await expect(reopened.getByRole('button', { name: 'Billing status' })).toContainText('Invoiced');
});
