import type { ClientView } from '@/lib/contract/clients';
import { expect, signIn, test } from './support/local-only';
import { optionNames } from './support/controls';
import en from '@/messages/en.json' with { type: 'json' };

/** A demo client (db/seed/milan.ts): its name is taken. */
const existingClient = 'Trattoria Da Gino';

test('the task form adds a client in its nested drawer, picks it, modifies it, refuses a taken name and deletes it', async ({ page }) => {
  const name = `Officina Brera ${Date.now()}`;
  await signIn(page, 'dispatcher@demo.test');
  await page.goto('/app/main/tasks/scheduled?task=new');
  const taskDrawer = page.getByRole('dialog', { name: 'New task' });
  const clientPicker = taskDrawer.getByRole('combobox', { name: 'Client', exact: true });
  await expect(clientPicker).toBeVisible();
  // Nothing picked yet: there is nothing to modify.
  await expect(taskDrawer.getByRole('button', { name: 'Modify client' })).toHaveCount(0);

  await taskDrawer.getByRole('button', { name: 'Add client' }).click();
  const addDrawer = page.getByRole('dialog', { name: 'Add client' });
  await addDrawer.getByRole('button', { name: 'Save' }).click();
  await expect(addDrawer.getByText(en.errors.validation.required, { exact: true })).toBeVisible();

  await addDrawer.getByLabel('Display name').fill(name);
  const billing = addDrawer.getByRole('group', { name: 'Billing contact' });
  await billing.getByLabel('Email').fill('amministrazione@officina');
  await addDrawer.getByRole('button', { name: 'Save' }).click();
  await expect(addDrawer.getByText('Invalid email address provided', { exact: true })).toBeVisible();
  await expect(addDrawer.getByText(en.errors.validation.required, { exact: true })).toBeHidden();

  await billing.getByLabel('Email').fill('amministrazione@officinabrera.example');
  await addDrawer.getByRole('group', { name: 'Default contact' }).getByLabel('Name', { exact: true }).fill('Carla');
  await addDrawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Client created.')).toBeVisible();
  await expect(addDrawer).toBeHidden();
  // The new client is the task form's choice.
  await expect(clientPicker).toHaveValue(name);

  await taskDrawer.getByRole('button', { name: 'Modify client' }).click();
  const editDrawer = page.getByRole('dialog', { name: 'Modify client' });
  await expect(editDrawer.getByLabel('Display name')).toHaveValue(name);
  await expect(editDrawer.getByRole('group', { name: 'Billing contact' }).getByLabel('Email')).toHaveValue(
    'amministrazione@officinabrera.example',
  );
  await expect(editDrawer.getByRole('group', { name: 'Default contact' }).getByLabel('Name', { exact: true })).toHaveValue('Carla');
  const renamed = `${name} Srl`;
  await editDrawer.getByLabel('Display name').fill(renamed);
  await editDrawer.getByRole('button', { name: 'Save' }).click();
  await expect(editDrawer).toBeHidden();
  await expect(clientPicker).toHaveValue(renamed);
  expect((await optionNames(taskDrawer, 'Client')).filter((option) => option.includes(name))).toHaveLength(1);

  await taskDrawer.getByRole('button', { name: 'Modify client' }).click();
  await expect(editDrawer.getByLabel('Display name')).toHaveValue(renamed);
  await editDrawer.getByLabel('Display name').fill(existingClient);
  await editDrawer.getByRole('button', { name: 'Save' }).click();
  // The server's reason under the name it refuses, and not a second time as a notice.
  await expect(page.getByText('A client with this name already exists.')).toHaveCount(1);
  await expect(editDrawer.getByRole('alert')).toHaveText('A client with this name already exists.');
  await expect(editDrawer).toBeVisible();
  await editDrawer.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('dialog', { name: 'Unsaved changes' }).getByRole('button', { name: 'Continue' }).click();
  await expect(editDrawer).toBeHidden();
  await expect(clientPicker).toHaveValue(renamed);

  await taskDrawer.getByRole('button', { name: 'Modify client' }).click();
  await expect(editDrawer.getByLabel('Display name')).toHaveValue(renamed);
  await editDrawer.getByRole('button', { name: 'Delete' }).click();
  const confirmDelete = page.getByRole('dialog', { name: 'Delete client' });
  await expect(confirmDelete).toContainText('Are you sure you want to delete this client?');
  await confirmDelete.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Client deleted.')).toBeVisible();
  await expect(editDrawer).toBeHidden();
  expect((await optionNames(taskDrawer, 'Client')).filter((option) => option.includes(name))).toHaveLength(0);
  await expect(clientPicker).toHaveValue('');

  const clients = (await (await page.request.get('/api/web/clients')).json()) as ClientView[];
  expect(clients.map((client) => client.displayName)).not.toContain(renamed);

  // A new task's picker, read afresh from the server, no longer offers it either.
  await page.goto('/app/main/tasks/scheduled');
  await page.getByRole('link', { name: 'Add task', exact: true }).first().click();
  const newTask = page.getByRole('dialog', { name: 'New task' });
  const freshPicker = newTask.getByRole('combobox', { name: 'Client', exact: true });
  await expect(freshPicker).toBeVisible();
  // The clients load after the drawer opens: read the options until they are there.
  await expect.poll(async () => (await optionNames(newTask, 'Client')).filter((option) => option.includes(existingClient)).length).toBe(1);
  expect((await optionNames(newTask, 'Client')).filter((option) => option.includes(name))).toHaveLength(0);
});
