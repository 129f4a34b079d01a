import { readFileSync } from 'node:fs';
import type { Page, Request } from '@playwright/test';
import Papa from 'papaparse';
import type { ApiKeyView } from '@/lib/contract/api-keys';
import type { TaskView } from '@/lib/contract/tasks';
import { chooseOption, combobox, dateField } from './support/controls';
import { expect, signIn, test } from './support/local-only';

// Issue 29, items 1-3: a field showing an error never lets its form save, and an invalid date is never sent as
// "no date"; a date range's boxes, its list and its export always show one range.

const impossibleDate = 'Enter a real date as DD/MM/YYYY, for example 31/12/2026.';

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

/** The writes the page sends with `method` to `path` (an API path such as /api/web/tasks), as they go. */
function writesTo(page: Page, method: string, path: RegExp): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === method && path.test(new URL(request.url()).pathname)) seen.push(request);
  });
  return seen;
}

async function createTask(page: Page, task: Record<string, unknown>): Promise<TaskView> {
  const response = await page.request.post('/api/web/tasks', {
    multipart: { task: { name: 'task.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(task)) } },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as TaskView;
}

async function typeIdOf(page: Page, name: string): Promise<number> {
  const types = (await (await page.request.get('/api/web/task-types')).json()) as Array<{ id: number; type: string }>;
  const type = types.find((candidate) => candidate.type === name);
  if (!type) throw new Error(`No task type ${name}`);
  return type.id;
}

test('a new task with the schedule date 31/02/2027 is not saved (no task without its date); fixed, it saves with the date, and an edit with a bad date saves nothing', async ({ page }) => {
  const creates = writesTo(page, 'POST', /^\/api\/web\/tasks$/);
  const updates = writesTo(page, 'PUT', /^\/api\/web\/tasks\/\d+$/);
  await page.goto('/app/main/tasks/scheduled?task=new');
  const drawer = page.getByRole('dialog', { name: 'New task' });
  await expect(combobox(drawer, 'Task type *')).toBeVisible();
  await chooseOption(drawer, 'Task type *', 'Boiler service');
  const date = dateField(drawer, 'Schedule date');
  await date.fill('31/02/2027');

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(date).toHaveAttribute('aria-invalid', 'true');
  await expect(drawer.getByRole('alert').filter({ hasText: impossibleDate })).toBeVisible();
  await expect(date).toBeFocused();
  await expect(date).toHaveValue('31/02/2027');
  await expect(drawer).toBeVisible();

  // Fixed, the task saves once (the refused click sent nothing), with its date.
  await date.fill('28/02/2027');
  await page.getByRole('button', { name: 'Save' }).click();
  const saved = page.getByRole('dialog', { name: /^Task #\d+ · Boiler service$/ });
  await expect(saved).toBeVisible();
  expect(creates).toHaveLength(1);
  const created = (await (await creates[0].response())?.json()) as TaskView;
  expect(created.scheduleDate).toBe('2027-02-28');
  await expect(dateField(saved, 'Schedule date')).toHaveValue('28/02/2027');

  // Editing: a bad date beside another change saves neither, rather than the old date with the other change.
  await dateField(saved, 'Schedule date').fill('30/02/2027');
  await saved.getByLabel('Description').fill('Not saved while the date is wrong');
  await saved.getByRole('button', { name: 'Save' }).click();
  await expect(dateField(saved, 'Schedule date')).toHaveAttribute('aria-invalid', 'true');
  await expect(dateField(saved, 'Schedule date')).toBeFocused();
  expect(updates).toHaveLength(0);
  const stored = (await (await page.request.get(`/api/web/tasks/${created.id}`)).json()) as TaskView;
  expect(stored.scheduleDate).toBe('2027-02-28');
  expect(stored.description).toBeNull();
});

test('an API key with the expiry 01/01/2020 or 31/02/2030 is not created (never as "Never"); a real future expiry is kept', async ({ page }) => {
  const name = `Expiry check ${Date.now()}`;
  const creates = writesTo(page, 'POST', /^\/api\/web\/key$/);
  await page.goto('/app/main/settings/apikey');
  await page.getByRole('button', { name: 'Add API key' }).click();
  const drawer = page.getByRole('dialog', { name: 'Add API key' });
  await drawer.getByLabel('Name', { exact: true }).fill(name);
  const expiry = dateField(drawer, 'Expiry');

  await expiry.fill('01/01/2020');
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(expiry).toHaveAttribute('aria-invalid', 'true');
  await expect(drawer.getByRole('alert').filter({ hasText: /^Choose \d{2}\/\d{2}\/\d{4} or later\.$/ })).toBeVisible();
  await expect(expiry).toBeFocused();

  await expiry.fill('31/02/2030');
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(drawer.getByRole('alert').filter({ hasText: impossibleDate })).toBeVisible();
  await expect(drawer).toBeVisible();
  expect(creates).toHaveLength(0);

  await expiry.fill('31/12/2030');
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('API key created.')).toBeVisible();
  expect(creates).toHaveLength(1);
  const keys = (await (await page.request.get('/api/web/key')).json()) as ApiKeyView[];
  expect(keys.filter((key) => key.nameApiKey === name).map((key) => key.expiry)).toEqual(['2030-12-31']);
});

test('task list range: From 10/12, To 01/12 (refused), From 07/12 leaves the boxes, the list and the CSV on 07/12-10/12, the stale error gone', async ({ page }) => {
  const typeId = await typeIdOf(page, 'Boiler service');
  const inside = await createTask(page, { typeId, appointment: { date: '2027-12-08T09:00:00Z' }, description: 'Inside the range' });
  const outside = await createTask(page, { typeId, appointment: { date: '2027-12-03T09:00:00Z' }, description: 'Before the range' });
  const downloads: string[] = [];
  page.on('download', (download) => downloads.push(download.suggestedFilename()));

  await page.goto('/app/main/tasks/scheduled?from=2027-12-01&to=2027-12-05');
  const list = page.getByRole('region', { name: 'Scheduled tasks' });
  const from = dateField(list, 'From');
  const to = dateField(list, 'To');
  await expect(from).toHaveValue('01/12/2027');

  await from.fill('10/12/2027');
  await expect(page).toHaveURL(/from=2027-12-10&to=2027-12-10/);
  await expect(to).toHaveValue('10/12/2027');

  // A To before From is refused: its error shows and nothing changes, not even the export.
  await to.fill('01/12/2027');
  await to.press('Tab');
  await expect(to).toHaveAttribute('aria-invalid', 'true');
  await expect(list.getByRole('alert')).toHaveText('Choose 10/12/2027 or later.');
  await expect(page).toHaveURL(/from=2027-12-10&to=2027-12-10/);
  await list.getByRole('button', { name: 'Export to CSV' }).click();
  await expect(to).toBeFocused();
  expect(downloads).toEqual([]);

  // From applies: the To box shows the applied To again, its refused entry and error gone.
  const asked = page.waitForRequest((request) => request.url().includes('appointmentFrom=2027-12-07&appointmentTo=2027-12-10'));
  await from.fill('07/12/2027');
  await asked;
  await expect(page).toHaveURL(/from=2027-12-07&to=2027-12-10/);
  await expect(from).toHaveValue('07/12/2027');
  await expect(to).toHaveValue('10/12/2027');
  await expect(to).not.toHaveAttribute('aria-invalid', 'true');
  await expect(list.getByRole('alert')).toHaveCount(0);

  const table = list.getByRole('table');
  await expect(table.getByRole('row').filter({ hasText: `${inside.referenceNumber}` }).first()).toBeVisible();
  const downloading = page.waitForEvent('download');
  await list.getByRole('button', { name: 'Export to CSV' }).click();
  const bytes = readFileSync(await (await downloading).path());
  const csv = Papa.parse<string[]>(bytes.toString('utf8').slice(1), { delimiter: ',', skipEmptyLines: true }).data;
  const references = csv.slice(1).map((row) => row[0]);
  expect(references).toContain(String(inside.referenceNumber));
  expect(references).not.toContain(String(outside.referenceNumber));
  const appointment = csv[0].indexOf('Appointment');
  for (const row of csv.slice(1)) expect(row[appointment]).toMatch(/^(0[7-9]|10)\/12\/2027/);
});

test('task list range: a To typed while a new From is still being applied is checked against that From and keeps it', async ({ page }) => {
  await page.goto('/app/main/tasks/scheduled?from=2027-12-10&to=2027-12-12');
  const list = page.getByRole('region', { name: 'Scheduled tasks' });
  const from = dateField(list, 'From');
  const to = dateField(list, 'To');
  await expect(from).toHaveValue('10/12/2027');

  // The navigation that applies From is held (a slow network) until To has been typed.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const navigation = (url: URL) => url.searchParams.has('_rsc');
  await page.route(navigation, async (route) => {
    await held;
    // The To's navigation supersedes the From's, which the browser has dropped by then.
    await route.continue().catch(() => undefined);
  });
  await from.fill('01/12/2027');
  await to.fill('05/12/2027');
  await to.press('Tab');
  await expect(to).not.toHaveAttribute('aria-invalid', 'true');
  await expect(list.getByRole('alert')).toHaveCount(0);
  release();
  await page.unroute(navigation);

  await expect(page).toHaveURL(/from=2027-12-01&to=2027-12-05/);
  await expect(from).toHaveValue('01/12/2027');
  await expect(to).toHaveValue('05/12/2027');
});
