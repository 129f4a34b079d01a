import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import type { TaskView } from '@/lib/contract/tasks';
import { chooseOption, combobox, dateField } from './support/controls';
import { expect, signIn, test } from './support/local-only';

async function openNewTask(page: Page): Promise<Locator> {
  await page.goto('/app/main/tasks/scheduled?task=new');
  const drawer = page.getByRole('dialog', { name: 'New task' });
  await expect(combobox(drawer, 'Task type *')).toBeVisible();
  return drawer;
}

const backgroundOf = (control: Locator) => control.evaluate((element) => getComputedStyle(element).backgroundColor);
const cursorOf = (control: Locator) => control.evaluate((element) => getComputedStyle(element).cursor);

test.describe.configure({ mode: 'serial' });

// One sign-in for the whole file (the login is rate limited): every test starts from its session cookie. The owner,
// who may also add the custom field and task type a test needs.
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

test('typing 11012026 into From keeps 11/01/2026 and the list asks for that day; impossible dates are flagged, never turned into others', async ({ page }) => {
  await page.goto('/app/main/tasks/scheduled');
  const list = page.getByRole('region', { name: 'Scheduled tasks' });
  const from = dateField(list, 'From');
  await expect(from).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);

  const asked = page.waitForRequest((request) => request.url().includes('/api/web/tasks/scheduled?appointmentFrom=2026-01-11&'));
  await from.fill('');
  await from.pressSequentially('11012026');
  await asked;
  await expect(from).toHaveValue('11/01/2026');
  await from.press('Tab');
  await expect(from).toHaveValue('11/01/2026');
  await expect(from).not.toHaveAttribute('aria-invalid', 'true');

  // With separators, one-digit day and month.
  await from.fill('1/2/2026');
  await from.press('Tab');
  await expect(from).toHaveValue('01/02/2026');

  // 31 February does not exist: flagged with the format to use, the text left as typed, the range unchanged.
  await from.fill('31022026');
  await from.press('Tab');
  await expect(from).toHaveAttribute('aria-invalid', 'true');
  await expect(list.getByRole('alert')).toHaveText('Enter a real date as DD/MM/YYYY, for example 31/12/2026.');
  await expect(from).toHaveValue('31022026');
  const fixed = page.waitForRequest((request) => request.url().includes('appointmentFrom=2026-03-02&'));
  await from.fill('02.03.2026');
  await fixed;
  await expect(from).not.toHaveAttribute('aria-invalid', 'true');
  await expect(list.getByRole('alert')).toHaveCount(0);
});

test('the calendar opens from its button, starts the week on Monday and is operable with the keyboard', async ({ page }) => {
  await page.goto('/app/main/tasks/scheduled');
  const list = page.getByRole('region', { name: 'Scheduled tasks' });
  const from = dateField(list, 'From');
  await from.fill('11/01/2026');
  await list.getByRole('button', { name: 'Open the calendar' }).first().click();
  const calendar = page.getByRole('dialog', { name: 'Calendar' });
  await expect(calendar).toBeVisible();
  // Every full week row starts on Monday.
  await expect(calendar.getByRole('row').nth(1).getByRole('gridcell').first()).toHaveAccessibleName(/^Monday, /);
  // Focus starts on the chosen day: one day right, then Enter picks 12 January.
  await expect(calendar.getByRole('button', { name: /11 January 2026/ })).toBeFocused();
  const asked = page.waitForRequest((request) => request.url().includes('appointmentFrom=2026-01-12&'));
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await asked;
  await expect(calendar).toBeHidden();
  await expect(from).toHaveValue('12/01/2026');
});

test('the client and time pickers filter as the user types and pick with the keyboard; a long list narrows', async ({ page }) => {
  const drawer = await openNewTask(page);

  // Part of the name, without its accent, then Enter.
  const client = combobox(drawer, 'Client');
  await client.pressSequentially('caffe semp');
  await expect(drawer.getByRole('option')).toHaveText(['Caffè Sempione']);
  await client.press('Enter');
  await expect(client).toHaveValue('Caffè Sempione');

  const type = combobox(drawer, 'Task type *');
  await type.pressSequentially('zzz');
  await expect(drawer.getByText('No results', { exact: true })).toBeVisible();
  await type.press('Escape');
  await expect(drawer.getByRole('listbox')).toHaveCount(0);
  await expect(drawer).toBeVisible();
  await expect(type).toHaveValue('');
  await chooseOption(drawer, 'Task type *', 'Boiler service');

  await dateField(drawer, 'Schedule date').fill('11/01/2030');
  const time = combobox(drawer, 'Schedule time');
  await expect(time).toBeEnabled();
  await time.focus();
  await page.keyboard.type('09:');
  await expect(drawer.getByRole('option')).toHaveText(['09:00', '09:15', '09:30', '09:45']);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(time).toHaveValue('09:15');

  // Clearing the date clears the time and disables time and worker again.
  await drawer.getByRole('button', { name: 'Clear the date' }).click();
  await expect(dateField(drawer, 'Schedule date')).toHaveValue('');
  await expect(time).toHaveValue('');
  await expect(time).toBeDisabled();
  await expect(combobox(drawer, 'Worker')).toBeDisabled();
});

test('a DATE custom field takes the date as the user types it and keeps storing it as Do MMM YYYY', async ({ page }) => {
  const stamp = Date.now();
  const fieldName = `Warranty until ${stamp}`;
  const field = await page.request.post('/api/web/custom-field', { data: { fieldName, fieldType: 'DATE', displayType: 'EDITABLE' } });
  expect(field.ok(), await field.text()).toBe(true);
  const { id: customFieldId } = (await field.json()) as { id: number };
  const typeName = `Warranty check ${stamp}`;
  const type = await page.request.post('/api/web/task-types', { data: { type: typeName, durationMins: 30, customFields: [{ customFieldId }] } });
  expect(type.ok(), await type.text()).toBe(true);

  const drawer = await openNewTask(page);
  await chooseOption(drawer, 'Task type *', typeName);
  const warranty = dateField(drawer, fieldName);
  await warranty.pressSequentially('05032027');
  await warranty.press('Tab');
  await expect(warranty).toHaveValue('05/03/2027');
  await page.getByRole('button', { name: 'Save' }).click();
  const saved = page.getByRole('dialog', { name: new RegExp(`^Task #\\d+ · ${typeName}$`) });
  await expect(saved).toBeVisible();
  await expect(dateField(saved, fieldName)).toHaveValue('05/03/2027');

  const taskId = Number(new URL(page.url()).searchParams.get('task'));
  const task = (await (await page.request.get(`/api/web/tasks/${taskId}`)).json()) as TaskView;
  expect(task.customFieldValues.find((value) => value.customFieldId === customFieldId)?.fieldValue).toBe('5th Mar 2027');
});

test('a cancelled task shows every control disabled, and disabled controls look it', async ({ page }, testInfo) => {
  const created = await page.request.post('/api/web/tasks', {
    multipart: {
      task: {
        name: 'task.json',
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify({ typeId: await typeIdOf(page, 'Boiler service'), description: 'To be cancelled' })),
      },
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const task = (await created.json()) as TaskView;
  const cancelled = await page.request.post(`/api/web/tasks/${task.id}/cancellation`);
  expect(cancelled.ok(), await cancelled.text()).toBe(true);

  const enabled = await openNewTask(page);
  const enabledBackground = {
    combobox: await backgroundOf(combobox(enabled, 'Task type *')),
    date: await backgroundOf(dateField(enabled, 'Schedule date')),
    text: await backgroundOf(enabled.getByLabel('Description')),
  };

  await page.goto(`/app/main/tasks/scheduled?task=${task.id}`);
  const drawer = page.getByRole('dialog', { name: `Task #${task.referenceNumber} · Boiler service` });
  await expect(drawer.getByText('This task was cancelled.')).toBeVisible();
  const controls = [
    combobox(drawer, 'Task type *'),
    combobox(drawer, 'Client'),
    dateField(drawer, 'Schedule date'),
    combobox(drawer, 'Schedule time'),
    combobox(drawer, 'Worker'),
    drawer.getByRole('combobox', { name: 'Billing status', exact: true }),
    drawer.getByLabel('Name', { exact: true }),
    drawer.getByLabel('Description'),
    drawer.getByLabel('Search address'),
    drawer.getByLabel('Address', { exact: true }),
    drawer.getByRole('button', { name: 'Add task type' }),
    drawer.getByRole('button', { name: 'Add client' }),
    drawer.getByRole('button', { name: 'Open the calendar' }).first(),
  ];
  for (const control of controls) {
    await expect(control).toBeDisabled();
    expect(await cursorOf(control)).toBe('not-allowed');
  }
  expect(await backgroundOf(combobox(drawer, 'Task type *'))).not.toBe(enabledBackground.combobox);
  expect(await backgroundOf(dateField(drawer, 'Schedule date'))).not.toBe(enabledBackground.date);
  expect(await backgroundOf(drawer.getByLabel('Description'))).not.toBe(enabledBackground.text);
  await drawer.screenshot({ path: testInfo.outputPath('cancelled-task-form.png') });
});

async function typeIdOf(page: Page, name: string): Promise<number> {
  const types = (await (await page.request.get('/api/web/task-types')).json()) as Array<{ id: number; type: string }>;
  const type = types.find((candidate) => candidate.type === name);
  if (!type) throw new Error(`No task type ${name}`);
  return type.id;
}
