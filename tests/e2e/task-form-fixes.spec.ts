import type { Locator, Page } from '@playwright/test';
import type { ClientView } from '@/lib/contract/clients';
import type { CustomFieldView } from '@/lib/contract/custom-fields';
import type { TaskTypeView } from '@/lib/contract/task-types';
import type { TaskView } from '@/lib/contract/tasks';
import { chooseOption, combobox, fillDate } from './support/controls';
import { dayIn, expect, signIn, tenantTimeZone, test } from './support/local-only';

/**
 * What a new user hit in the task form and drawer (issue 9, fixes 2, 3, 5, 6, 9). Tasks, types and clients that
 * are not the subject of a test are made through the API with the signed-in user's cookies.
 */

// Two demo users take turns, so the sign-ins of this file stay far from the per-user login limit.
const users = ['dispatcher@demo.test', 'owner@demo.test'];
let signIns = 0;
const signInNext = (page: Page) => signIn(page, users[signIns++ % users.length]);

const materials = 'Materials used';

async function taskTypeId(page: Page, name: string): Promise<number> {
  const types = (await (await page.request.get('/api/web/task-types')).json()) as TaskTypeView[];
  const type = types.find((candidate) => candidate.type === name);
  expect(type, `task type ${name}`).toBeTruthy();
  return type?.id ?? 0;
}

async function customFieldId(page: Page, name: string): Promise<number> {
  const fields = (await (await page.request.get('/api/web/custom-field')).json()) as CustomFieldView[];
  const field = fields.find((candidate) => candidate.fieldName === name);
  expect(field, `custom field ${name}`).toBeTruthy();
  return field?.id ?? 0;
}

async function createTask(page: Page, task: Record<string, unknown>): Promise<TaskView> {
  const response = await page.request.post('/api/web/tasks', { multipart: { task: JSON.stringify(task) } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as TaskView;
}

/** Tomorrow at 10:00 in the tenant's zone (Rome is +01:00 or +02:00; either way the instant is in the future). */
const tomorrowAppointment = () => ({ date: `${dayIn(tenantTimeZone, 1)}T10:00:00+01:00`, durationMins: 60 });

async function openTask(page: Page, task: TaskView): Promise<Locator> {
  await page.goto(`/app/main/tasks/scheduled?task=${task.id}`);
  const drawer = page.getByRole('dialog', { name: new RegExp(`^Task #${task.referenceNumber} · `) });
  await expect(drawer).toBeVisible();
  return drawer;
}

async function completeInHeader(page: Page, drawer: Locator) {
  await drawer.getByRole('button', { name: 'Task status' }).click();
  await page.getByRole('menuitem', { name: 'Completed' }).click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Continue' }).click();
}

/** Ticks one material of the quantity field and gives it a quantity. */
async function fillMaterials(drawer: Locator, item: string, quantity: string) {
  const group = drawer.getByRole('group', { name: materials });
  await group.getByRole('checkbox', { name: item }).check();
  await group.getByLabel(`Quantity of ${item}`).fill(quantity);
}

test('completing with an empty ON_COMPLETION field opens Details on it, flagged and named, and completes once filled', async ({ page }) => {
  await signInNext(page);
  const task = await createTask(page, { typeId: await taskTypeId(page, 'Boiler repair') });
  const drawer = await openTask(page, task);
  // The user is on another tab when completing: the drawer must bring them back to the form.
  await drawer.getByRole('tab', { name: 'Notes' }).click();

  await completeInHeader(page, drawer);
  await expect(page.getByText('Fill in Materials used to complete this task')).toBeVisible();
  await expect(page.getByText('The status change failed.')).toHaveCount(0);
  await expect(drawer.getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');
  const group = drawer.getByRole('group', { name: materials });
  await expect(group.getByText('Field is required')).toBeVisible();
  await expect(group.getByRole('checkbox', { name: 'Filter' })).toBeFocused();
  await expect(drawer.getByRole('button', { name: 'Task status' })).toHaveText('Pending');

  // The flag goes as soon as the field changes.
  await fillMaterials(drawer, 'Filter', '2');
  await expect(group.getByText('Field is required')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Task saved.')).toBeVisible();
  await expect(group.getByText('Field is required')).toHaveCount(0);

  await completeInHeader(page, drawer);
  await expect(page.getByText('Status changed.')).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Task status' })).toHaveText('Completed');
});

test('bulk completion names each refused task by reference number with its missing fields, and opens it on them', async ({ page }) => {
  await signInNext(page);
  const appointment = tomorrowAppointment();
  const lacking = await createTask(page, { typeId: await taskTypeId(page, 'Boiler repair'), appointment, description: 'Bulk lacking' });
  const ready = await createTask(page, { typeId: await taskTypeId(page, 'Boiler service'), appointment, description: 'Bulk ready' });
  const day = dayIn(tenantTimeZone, 1);
  await page.goto(`/app/main/tasks/scheduled?from=${day}&to=${day}`);
  const list = page.getByRole('region', { name: 'Scheduled tasks' });
  const search = list.getByRole('searchbox', { name: 'Search tasks' });
  for (const task of [lacking, ready]) {
    await search.fill(String(task.referenceNumber));
    await list.getByRole('checkbox', { name: `Tick task ${task.referenceNumber}`, exact: true }).check();
  }
  await search.fill('');
  await list.getByRole('button', { name: /Actions/ }).click();
  await page.getByRole('menuitem', { name: 'Update task status' }).click();
  const modal = page.getByRole('dialog', { name: 'Update task status' });
  await modal.getByLabel('Status').selectOption('Completed');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal).toBeHidden();

  const alert = list.getByRole('alert');
  await expect(alert).toContainText(`Task #${lacking.referenceNumber} could not be completed: fill in ${materials}.`);
  await expect(alert).not.toContainText(`#${ready.referenceNumber}`);
  await expect(page.getByText('1 task updated')).toBeVisible();

  await alert.getByRole('button', { name: `Open task #${lacking.referenceNumber}` }).click();
  const drawer = page.getByRole('dialog', { name: new RegExp(`^Task #${lacking.referenceNumber} · `) });
  await expect(drawer).toBeVisible();
  const group = drawer.getByRole('group', { name: materials });
  await expect(group.getByText('Field is required')).toBeVisible();
  await expect(group.getByRole('checkbox', { name: 'Filter' })).toBeFocused();
});

test('deleting a task type names its open tasks, and such a task keeps the type, its custom fields and completion', async ({ page }) => {
  await signInNext(page);
  const name = `Retired inspection ${Date.now()}`;
  const created = await page.request.post('/api/web/task-types', {
    data: { type: name, durationMins: 30, customFields: [{ customFieldId: await customFieldId(page, materials) }] },
  });
  expect(created.status(), await created.text()).toBe(200);
  const type = (await created.json()) as TaskTypeView;
  const task = await createTask(page, { typeId: type.id });
  await createTask(page, { typeId: type.id });

  await page.goto('/app/main/settings/task-types');
  // The list pages ten at a time and other specs add types: the filter brings this one onto the first page.
  await page.getByRole('searchbox', { name: 'Filter' }).fill(name);
  await page.getByRole('row').filter({ hasText: name }).dblclick();
  const typeDrawer = page.getByRole('dialog', { name: 'Modify task type' });
  await expect(typeDrawer.getByLabel('Type', { exact: true })).toHaveValue(name);
  await typeDrawer.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete task type' });
  await expect(confirm).toContainText('2 open tasks use this task type. They keep it.');
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Task type deleted.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);

  const drawer = await openTask(page, task);
  await expect(combobox(drawer, 'Task type *')).toHaveValue(`${name} (deleted)`);
  await completeInHeader(page, drawer);
  await expect(page.getByText('Fill in Materials used to complete this task')).toBeVisible();
  await fillMaterials(drawer, 'Valve', '1');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Task saved.')).toBeVisible();
  await completeInHeader(page, drawer);
  await expect(drawer.getByRole('button', { name: 'Task status' })).toHaveText('Completed');
  await expect(drawer.getByRole('group', { name: materials }).getByLabel('Quantity of Valve')).toHaveValue('1');
});

test('a past schedule date is flagged, the flag goes when the date is fixed, and the new task is announced', async ({ page }) => {
  await signInNext(page);
  await page.goto('/app/main/tasks/scheduled?task=new');
  const drawer = page.getByRole('dialog', { name: 'New task' });
  await chooseOption(drawer, 'Task type *', 'Boiler service');
  await fillDate(drawer, 'Schedule date', dayIn(tenantTimeZone, -1));
  await page.getByRole('button', { name: 'Save' }).click();
  const pastDate = drawer.getByText('The schedule date must be after the current date.');
  await expect(pastDate).toBeVisible();

  await fillDate(drawer, 'Schedule date', dayIn(tenantTimeZone, 2));
  await expect(pastDate).toHaveCount(0);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/^Task #\d+ created\.$/)).toBeVisible();
  await expect(page.getByRole('dialog', { name: /^Task #\d+ · Boiler service$/ })).toBeVisible();
});

test("choosing a client fills the task's empty contact and location from the client's defaults, never what the user typed", async ({ page }) => {
  await signInNext(page);
  const name = `Officina Verdi ${Date.now()}`;
  const created = await page.request.post('/api/web/clients', {
    data: {
      displayName: name,
      defaultContact: { name: 'Carla', surname: 'Verdi', phoneCountryCode: '+39', phone: '021234567' },
      defaultTaskLocation: { address: 'Via Brera 3, Milano', latitude: 45.47184, longitude: 9.18788 },
      billingContact: {},
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  expect(((await created.json()) as ClientView).displayName).toBe(name);

  await page.goto('/app/main/tasks/scheduled?task=new');
  const drawer = page.getByRole('dialog', { name: 'New task' });
  await chooseOption(drawer, 'Client', name);
  await expect(drawer.getByLabel('Name', { exact: true })).toHaveValue('Carla');
  await expect(drawer.getByLabel('Surname')).toHaveValue('Verdi');
  await expect(drawer.getByLabel('Country code')).toHaveValue('+39');
  await expect(drawer.getByLabel('Phone', { exact: true })).toHaveValue('021234567');
  await expect(drawer.getByLabel('Address', { exact: true })).toHaveValue('Via Brera 3, Milano');
  // The map's marker follows the coordinates the form now holds.
  await expect(drawer.getByText('45.47184, 9.18788')).toBeVisible();

  // What the user typed stays; only the empty location is filled.
  await page.goto('/app/main/tasks/scheduled?task=new');
  const typed = page.getByRole('dialog', { name: 'New task' });
  await typed.getByLabel('Name', { exact: true }).fill('Mario');
  await chooseOption(typed, 'Client', name);
  await expect(typed.getByLabel('Address', { exact: true })).toHaveValue('Via Brera 3, Milano');
  await expect(typed.getByLabel('Name', { exact: true })).toHaveValue('Mario');
  await expect(typed.getByLabel('Surname')).toHaveValue('');
  await expect(typed.getByLabel('Phone', { exact: true })).toHaveValue('');
});

test('creating a task type or a client from the task form says so, and their field errors go when the field changes', async ({ page }) => {
  await signInNext(page);
  await page.goto('/app/main/tasks/scheduled?task=new');
  const drawer = page.getByRole('dialog', { name: 'New task' });

  await drawer.getByRole('button', { name: 'Add task type' }).click();
  const typeDrawer = page.getByRole('dialog', { name: 'Add task type' });
  await typeDrawer.getByRole('button', { name: 'Save' }).click();
  // The type and the duration are both empty: each says validation.required.
  const required = typeDrawer.getByText('This field is required.', { exact: true });
  await expect(required).toHaveCount(2);
  await typeDrawer.getByLabel('Type', { exact: true }).fill(`Gutter cleaning ${Date.now()}`);
  await expect(required).toHaveCount(1);
  await typeDrawer.getByLabel('Duration (minutes)').fill('40');
  await expect(required).toHaveCount(0);
  await typeDrawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Task type created.')).toBeVisible();
  await expect(typeDrawer).toBeHidden();

  await drawer.getByRole('button', { name: 'Add client' }).click();
  const clientDrawer = page.getByRole('dialog', { name: 'Add client' });
  await clientDrawer.getByRole('button', { name: 'Save' }).click();
  await expect(clientDrawer.getByText('This field is required.', { exact: true })).toBeVisible();
  await clientDrawer.getByLabel('Display name').fill(`Condominio Aurora ${Date.now()}`);
  await expect(clientDrawer.getByText('This field is required.', { exact: true })).toHaveCount(0);
  await clientDrawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Client created.')).toBeVisible();
  await expect(clientDrawer).toBeHidden();
});
