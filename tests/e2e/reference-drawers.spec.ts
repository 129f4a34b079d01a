import type { Page } from '@playwright/test';
import { expect, test } from './support/local-only';

const demoPassword = 'demo-pass-2026';
const unsavedMessage = 'Are you sure you want to continue? All unsaved changes will be lost.';
const durationMessage = 'Duration must be a whole number between 1 and 9999';

async function signIn(page: Page, username: string) {
  await page.goto('/app/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(demoPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/app\/main\//);
}

test('the dispatcher adds, modifies and deletes a task type through its drawer', async ({ page }) => {
  const name = `Boiler service ${Date.now()}`;
  await signIn(page, 'dispatcher@demo.test');
  await page.goto('/app/main/settings/task-types');
  await expect(page.getByRole('heading', { name: 'Task types' })).toBeVisible();
  // Other specs add task types to the same tenant: the filter keeps this one on the first page.
  await page.getByRole('searchbox', { name: 'Filter' }).fill(name);

  await page.getByRole('button', { name: 'Add task type' }).click();
  const addDrawer = page.getByRole('dialog', { name: 'Add task type' });
  await addDrawer.getByRole('button', { name: 'Save' }).click();
  // The type and the duration each read validation.required beside their field.
  await expect(addDrawer.getByText('This field is required.')).toHaveCount(2);

  await addDrawer.getByLabel('Type', { exact: true }).fill(name);
  const duration = addDrawer.getByLabel('Duration (minutes)');
  for (const outOfRange of ['0', '10000']) {
    await duration.fill(outOfRange);
    await addDrawer.getByRole('button', { name: 'Save' }).click();
    await expect(addDrawer.getByText(durationMessage)).toBeVisible();
  }
  await duration.fill('45');
  await addDrawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Task type created.')).toBeVisible();
  await expect(addDrawer).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('45 min');

  await row.dblclick();
  const editDrawer = page.getByRole('dialog', { name: 'Modify task type' });
  await expect(editDrawer.getByLabel('Type', { exact: true })).toHaveValue(name);
  const save = editDrawer.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await editDrawer.getByLabel('Duration (minutes)').fill('50');
  await expect(save).toBeEnabled();
  await save.click();
  await expect(editDrawer).toBeHidden();
  await expect(row).toContainText('50 min');

  await page.getByRole('button', { name: 'Add task type' }).click();
  await addDrawer.getByLabel('Type', { exact: true }).fill(name.toUpperCase());
  await addDrawer.getByLabel('Duration (minutes)').fill('30');
  await addDrawer.getByRole('button', { name: 'Save' }).click();
  // The refusal's code (taskTypes.nameTaken) is said beside the type.
  await expect(addDrawer.getByText('A task type with this name already exists.')).toBeVisible();
  await expect(addDrawer).toBeVisible();

  await addDrawer.getByRole('button', { name: 'Close' }).click();
  const unsaved = page.getByRole('dialog', { name: 'Unsaved changes' });
  await expect(unsaved.getByText(unsavedMessage, { exact: true })).toBeVisible();
  await unsaved.getByRole('button', { name: 'Cancel' }).click();
  await expect(addDrawer.getByLabel('Type', { exact: true })).toHaveValue(name.toUpperCase());
  await addDrawer.getByRole('button', { name: 'Cancel' }).click();
  await unsaved.getByRole('button', { name: 'Continue' }).click();
  await expect(addDrawer).toBeHidden();

  await row.dblclick();
  await editDrawer.getByRole('button', { name: 'Delete' }).click();
  const confirmDelete = page.getByRole('dialog', { name: 'Delete task type' });
  await expect(confirmDelete).toContainText('Are you sure you want to delete this task type?');
  await confirmDelete.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Task type deleted.')).toBeVisible();
  await expect(editDrawer).toBeHidden();
  await expect(row).toHaveCount(0);
});
