import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, signIn, test } from './support/local-only';

test.describe.configure({ mode: 'serial' });

// One sign-in for the whole file (the login is rate limited): every test starts from the owner's session cookie.
let sessionFile = '';
test.beforeAll(async ({ browser }, workerInfo) => {
  const page = await browser.newPage();
  await signIn(page, 'owner@demo.test');
  sessionFile = workerInfo.outputPath('owner-session.json');
  await page.context().storageState({ path: sessionFile });
  await page.close();
});
test.beforeEach(async ({ context }) => {
  const state = JSON.parse(readFileSync(sessionFile, 'utf8')) as { cookies: Parameters<typeof context.addCookies>[0] };
  await context.addCookies(state.cookies);
});

// Other specs share the demo tenant: each name carries this run's mark, and the filter box keeps only this run's rows.
const run = Date.now().toString(36);

async function openScreen(page: Page, path: string, title: string): Promise<Locator> {
  await page.goto(`/app/main/settings/${path}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Filter' }).fill(run);
  return page.getByRole('table', { name: title });
}

test('the owner adds a skill with an icon whose tooltip names it, renames it and deletes it', async ({ page }) => {
  const name = `Thermal imaging ${run}`;
  const renamed = `Infrared survey ${run}`;
  const table = await openScreen(page, 'skills', 'Skills');

  await page.getByRole('button', { name: 'Add skill' }).click();
  const addDrawer = page.getByRole('dialog', { name: 'Add skill' });
  await expect(addDrawer.getByRole('radiogroup', { name: 'Icon' }).getByRole('radio')).toHaveCount(50);
  await addDrawer.getByRole('button', { name: 'Save' }).click();
  // A missing name and no icon chosen each read validation.required, beside their field.
  await expect(addDrawer.getByText('This field is required.')).toHaveCount(2);
  await addDrawer.getByLabel('Name').fill(name);
  await addDrawer.getByRole('radio', { name: 'Snowflake' }).click();
  await expect(addDrawer.getByRole('radio', { name: 'Snowflake' })).toHaveAttribute('aria-checked', 'true');
  await expect(addDrawer.getByText('This field is required.')).toHaveCount(0);
  await addDrawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Skill created.')).toBeVisible();
  await expect(addDrawer).toBeHidden();

  const row = table.getByRole('row').filter({ hasText: run });
  await expect(row).toHaveCount(1);
  await row.getByRole('img', { name }).hover();
  await expect(page.getByRole('tooltip')).toHaveText(name);

  await row.dblclick();
  const editDrawer = page.getByRole('dialog', { name: 'Modify skill' });
  await expect(editDrawer.getByLabel('Name')).toHaveValue(name);
  await expect(editDrawer.getByRole('radio', { name: 'Snowflake' })).toHaveAttribute('aria-checked', 'true');
  const save = editDrawer.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await editDrawer.getByLabel('Name').fill(renamed);
  await editDrawer.getByRole('radio', { name: 'Thermometer' }).click();
  await save.click();
  await expect(page.getByText('Skill saved.')).toBeVisible();
  await expect(editDrawer).toBeHidden();
  await expect(row).toContainText(renamed);
  await row.getByRole('img', { name: renamed }).hover();
  await expect(page.getByRole('tooltip')).toHaveText(renamed);

  await row.dblclick();
  await expect(editDrawer.getByRole('radio', { name: 'Thermometer' })).toHaveAttribute('aria-checked', 'true');
  await editDrawer.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete skill' });
  await expect(confirm).toContainText('Are you sure you want to delete this skill?');
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Skill deleted.')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('the owner adds a cancellation reason, opens it with one click, and is warned on a duplicate name', async ({ page }) => {
  const name = `Road closed ${run}`;
  const table = await openScreen(page, 'cancellation-reasons', 'Cancellation reasons');

  await page.getByRole('button', { name: 'Add cancellation reason' }).click();
  const addDrawer = page.getByRole('dialog', { name: 'Add cancellation reason' });
  await addDrawer.getByRole('button', { name: 'Save' }).click();
  await expect(addDrawer.getByText('This field is required.')).toBeVisible();
  await addDrawer.getByLabel('Name').fill(name);
  await addDrawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Cancellation reason created.')).toBeVisible();
  await expect(addDrawer).toBeHidden();

  const row = table.getByRole('row').filter({ hasText: name });
  await row.click();
  const editDrawer = page.getByRole('dialog', { name: 'Modify cancellation reason' });
  await expect(editDrawer.getByLabel('Name')).toHaveValue(name);
  await editDrawer.getByRole('button', { name: 'Cancel' }).click();
  await expect(editDrawer).toBeHidden();

  await page.getByRole('button', { name: 'Add cancellation reason' }).click();
  await addDrawer.getByLabel('Name').fill(name.toUpperCase());
  await addDrawer.getByRole('button', { name: 'Save' }).click();
  // The refusal's code (cancellationReasons.nameTaken) is said beside the name.
  await expect(addDrawer.getByText('Conflict: A cancellation reason with this name already exists')).toBeVisible();
  await expect(addDrawer).toBeVisible();
  await addDrawer.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('dialog', { name: 'Unsaved changes' }).getByRole('button', { name: 'Continue' }).click();
  await expect(addDrawer).toBeHidden();
  await expect(row).toHaveCount(1);
});

test('the owner adds a multi select custom field whose options take no duplicate, and requiring it on completion forces the editable display', async ({ page }) => {
  const name = `Parts used ${run}`;
  const table = await openScreen(page, 'custom-fields', 'Custom fields');

  await page.getByRole('button', { name: 'Add custom field' }).click();
  const drawer = page.getByRole('dialog', { name: 'Add custom field' });
  await drawer.getByLabel('Name').fill(name);
  await drawer.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Multi select' });

  const newOption = drawer.getByRole('textbox', { name: 'New option' });
  const options = drawer.getByRole('list', { name: 'Options' }).getByRole('listitem');
  await newOption.fill('Valve');
  await newOption.press('Enter');
  await newOption.fill('Filter');
  await drawer.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(options).toHaveText(['Valve', 'Filter']);
  await newOption.fill(' valve ');
  await newOption.press('Enter');
  await expect(drawer.getByText('This option is already in the list.')).toBeVisible();
  await expect(options).toHaveText(['Valve', 'Filter']);

  const display = drawer.getByRole('group', { name: 'Display type' });
  const hidden = display.getByRole('radio', { name: 'Hidden' });
  const readOnly = display.getByRole('radio', { name: 'Read only' });
  const editable = display.getByRole('radio', { name: 'Editable' });
  await readOnly.check();

  const required = drawer.getByRole('switch', { name: 'Required' });
  await required.click();
  await expect(required).toHaveAttribute('aria-checked', 'true');
  await drawer.getByRole('group', { name: 'Required when' }).getByRole('radio', { name: 'On completion' }).check();
  await expect(editable).toBeChecked();
  await expect(hidden).toBeDisabled();
  await expect(readOnly).toBeDisabled();
  await expect(editable).toBeEnabled();
  await expect(drawer.getByText('A field required on completion is always editable, so the worker can fill it in.')).toBeVisible();

  // Turning required off clears the display type choice and frees every display type again.
  await required.click();
  await expect(drawer.getByRole('group', { name: 'Required when' })).toBeHidden();
  for (const choice of [hidden, readOnly, editable]) {
    await expect(choice).not.toBeChecked();
    await expect(choice).toBeEnabled();
  }

  await required.click();
  await drawer.getByRole('group', { name: 'Required when' }).getByRole('radio', { name: 'On completion' }).check();
  await expect(editable).toBeChecked();
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Custom field created.')).toBeVisible();
  await expect(drawer).toBeHidden();

  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Multi select');
  await expect(row).toContainText('Editable');
  await expect(row).toContainText('On completion');

  await row.dblclick();
  const editDrawer = page.getByRole('dialog', { name: 'Modify custom field' });
  await expect(editDrawer.getByRole('list', { name: 'Options' }).getByRole('listitem')).toHaveText(['Valve', 'Filter']);
  await expect(editDrawer.getByRole('radio', { name: 'Editable' })).toBeChecked();
  await expect(editDrawer.getByRole('radio', { name: 'Read only' })).toBeDisabled();
  await expect(editDrawer.getByRole('button', { name: 'Save' })).toBeDisabled();
  await editDrawer.getByRole('button', { name: 'Cancel' }).click();
  await expect(editDrawer).toBeHidden();
});
