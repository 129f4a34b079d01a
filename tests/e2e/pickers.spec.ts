import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import type { TaskView } from '@/lib/contract/tasks';
import { chooseOption, combobox, dateField, fillDate } from './support/controls';
import { expect, signIn, test } from './support/local-only';

async function openNewTask(page: Page): Promise<Locator> {
  await page.goto('/app/main/tasks/scheduled?task=new');
  const drawer = page.getByRole('dialog', { name: 'New task' });
  await expect(combobox(drawer, 'Task type *')).toBeVisible();
  return drawer;
}

/** The calendar button beside the date field labelled `label`, not another field's. */
const calendarButtonOf = (scope: Locator, label: string, buttonName: string) =>
  dateField(scope, label).locator('xpath=..').getByRole('button', { name: buttonName });

async function setLanguage(page: Page, language: 'en' | 'it') {
  const me = await page.request.get('/api/web/users/me');
  expect(me.ok(), await me.text()).toBe(true);
  const { name, surname, phoneCountryCode, phone } = (await me.json()) as Record<string, string | null>;
  const saved = await page.request.put('/api/web/users/me', { data: { name, surname, phoneCountryCode, phone, preferredLanguage: language } });
  expect(saved.ok(), await saved.text()).toBe(true);
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

test('in the calendar the arrows move a day, Page Down a month, Enter picks; the days before From are refused in To and focus stops at From', async ({ page }) => {
  await page.goto('/app/main/tasks/scheduled');
  const list = page.getByRole('region', { name: 'Scheduled tasks' });
  await fillDate(list, 'From', '2026-01-11');
  // To takes From as its first day only once the page has applied From: typed earlier, To is checked against the old one.
  await expect(page).toHaveURL(/from=2026-01-11/);
  await fillDate(list, 'To', '2026-01-20');
  await expect(page).toHaveURL(/to=2026-01-20/);
  await calendarButtonOf(list, 'To', 'Open the calendar').click();
  const calendar = page.getByRole('dialog', { name: 'Calendar' });
  await expect(calendar.getByRole('status')).toHaveText('January 2026');
  await expect(calendar.getByRole('grid', { name: 'January 2026' })).toBeVisible();
  await expect(calendar.getByRole('gridcell', { selected: true })).toHaveAccessibleName('Tuesday, 20 January 2026');

  // To may not be before From (11 January): the days before it are disabled, and no earlier month has a day to pick.
  await expect(calendar.getByRole('button', { name: 'Saturday, 10 January 2026' })).toBeDisabled();
  await expect(calendar.getByRole('button', { name: 'Sunday, 11 January 2026' })).toBeEnabled();
  await expect(calendar.getByRole('button', { name: 'Previous month' })).toBeDisabled();

  await expect(calendar.getByRole('button', { name: 'Tuesday, 20 January 2026' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(calendar.getByRole('button', { name: 'Wednesday, 21 January 2026' })).toBeFocused();
  await page.keyboard.press('PageDown');
  await expect(calendar.getByRole('status')).toHaveText('February 2026');
  const february21 = calendar.getByRole('button', { name: 'Saturday, 21 February 2026' });
  await expect(february21).toBeFocused();
  // Roving tabindex: the focused day is the one day Tab reaches.
  await expect(february21).toHaveAttribute('tabindex', '0');
  await expect(calendar.locator('button[data-day][tabindex="0"]')).toHaveCount(1);
  const asked = page.waitForRequest((request) => request.url().includes('appointmentTo=2026-02-21'));
  await page.keyboard.press('Enter');
  await asked;
  await expect(calendar).toBeHidden();
  await expect(dateField(list, 'To')).toHaveValue('21/02/2026');

  // Page Up, Home (Monday 19 January), then up a week twice: the second would land before From and stops on it.
  await calendarButtonOf(list, 'To', 'Open the calendar').click();
  await expect(calendar.getByRole('button', { name: 'Saturday, 21 February 2026' })).toBeFocused();
  for (const key of ['PageUp', 'Home', 'ArrowUp']) await page.keyboard.press(key);
  await expect(calendar.getByRole('button', { name: 'Monday, 12 January 2026' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(calendar.getByRole('button', { name: 'Sunday, 11 January 2026' })).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(calendar.getByRole('button', { name: 'Sunday, 11 January 2026' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(calendar).toBeHidden();
  await expect(dateField(list, 'To')).toHaveValue('21/02/2026');
});

test('with no date chosen the calendar opens on today, marked as today and focused', async ({ page }) => {
  const drawer = await openNewTask(page);
  await expect(dateField(drawer, 'Schedule date')).toHaveValue('');
  await calendarButtonOf(drawer, 'Schedule date', 'Open the calendar').click();
  const calendar = page.getByRole('dialog', { name: 'Calendar' });
  // The browser runs on this machine's clock and zone, as this test does.
  const today = calendar.getByRole('button', { name: new Intl.DateTimeFormat('en-GB', { dateStyle: 'full' }).format(new Date()) });
  await expect(today).toBeFocused();
  await expect(today).toHaveAttribute('aria-current', 'date');
  await expect(calendar.locator('[aria-current="date"]')).toHaveCount(1);
  await expect(calendar.getByRole('gridcell', { selected: true })).toHaveCount(0);
});

test('in Italian the calendar names the month, weekdays, days and month buttons in Italian; keys and the days before Dal work as in English', async ({ page }) => {
  await setLanguage(page, 'it');
  try {
    await page.goto('/app/main/tasks/scheduled');
    const list = page.getByRole('region', { name: 'Interventi pianificati' });
    await fillDate(list, 'Dal', '2026-01-11');
    await expect(page).toHaveURL(/from=2026-01-11/);
    await fillDate(list, 'Al', '2026-01-20');
    await expect(page).toHaveURL(/to=2026-01-20/);
    await calendarButtonOf(list, 'Al', 'Apri il calendario').click();
    const calendar = page.getByRole('dialog', { name: 'Calendario' });
    await expect(calendar.getByRole('status')).toHaveText('gennaio 2026');
    await expect(calendar.getByRole('grid', { name: 'gennaio 2026' })).toBeVisible();
    await expect(calendar.locator('thead th')).toHaveText(['lun', 'mar', 'mer', 'gio', 'ven', 'sab', 'dom']);
    await expect(calendar.getByRole('row').nth(1).getByRole('gridcell').first()).toHaveAccessibleName('lunedì 5 gennaio 2026');
    await expect(calendar.getByRole('button', { name: 'sabato 10 gennaio 2026' })).toBeDisabled();
    await expect(calendar.getByRole('button', { name: 'Mese precedente' })).toBeDisabled();

    await expect(calendar.getByRole('button', { name: 'martedì 20 gennaio 2026' })).toBeFocused();
    await page.keyboard.press('PageDown');
    await expect(calendar.getByRole('status')).toHaveText('febbraio 2026');
    await expect(calendar.getByRole('button', { name: 'venerdì 20 febbraio 2026' })).toBeFocused();
    await calendar.getByRole('button', { name: 'Mese successivo' }).click();
    await expect(calendar.getByRole('status')).toHaveText('marzo 2026');
    await calendar.getByRole('button', { name: 'Mese precedente' }).click();
    await expect(calendar.getByRole('status')).toHaveText('febbraio 2026');
    const asked = page.waitForRequest((request) => request.url().includes('appointmentTo=2026-02-03'));
    await calendar.getByRole('button', { name: 'martedì 3 febbraio 2026' }).click();
    await asked;
    await expect(calendar).toBeHidden();
    await expect(dateField(list, 'Al')).toHaveValue('03/02/2026');
  } finally {
    await setLanguage(page, 'en');
  }
});

test('the client and time pickers filter as the user types and pick with the keyboard; a long list narrows', async ({ page }) => {
  const drawer = await openNewTask(page);

  // Part of the name, without its accent, then Enter.
  const client = combobox(drawer, 'Client');
  await client.pressSequentially('caffe semp');
  await expect(drawer.getByRole('listbox').getByRole('option')).toHaveText(['Caffè Sempione']);
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
  await expect(drawer.getByRole('listbox').getByRole('option')).toHaveText(['09:00', '09:15', '09:30', '09:45']);
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
