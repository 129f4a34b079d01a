import type { Locator, Page } from '@playwright/test';
import type { TaskView } from '@/lib/contract/tasks';
import { geocoderPlaces, geocoderQueries } from './support/geocoder-places';
import { chooseOption, clearOption, combobox, fillDate, optionNames } from './support/controls';
import { dayIn, expect, signIn, tenantTimeZone, test } from './support/local-only';

const geocoderFailed = 'The address search is not available right now. Please try again or place the pin on the map.';
const staleMessage = 'This task was changed by someone else meanwhile. It has been reloaded: please apply your changes again.';

/** YYYY-MM-DD as English screens show dates (en-GB): DD/MM/YYYY. */
const britishDate = (isoDate: string) => isoDate.split('-').reverse().join('/');

/** The first Monday-to-Friday day at least `offset` days ahead, in the tenant's zone. */
function weekdayFrom(offset: number): string {
  for (let day = offset; ; day += 1) {
    const date = dayIn(tenantTimeZone, day);
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (weekday >= 1 && weekday <= 5) return date;
  }
}

async function openNewTask(page: Page): Promise<Locator> {
  await page.goto('/app/main/tasks/scheduled?task=new');
  const drawer = page.getByRole('dialog', { name: 'New task' });
  await expect(drawer.getByLabel('Task type *')).toBeVisible();
  return drawer;
}

async function schedule(drawer: Locator, type: string, date: string, time: string) {
  await chooseOption(drawer, 'Task type *', type);
  await fillDate(drawer, 'Schedule date', date);
  await chooseOption(drawer, 'Schedule time', time);
}

/** Picks a worker once the free-workers call has listed them. */
async function chooseWorker(drawer: Locator, name: string) {
  await combobox(drawer, 'Worker').fill(name);
  await expect(drawer.getByRole('listbox').getByRole('option', { name, exact: true })).toHaveCount(1);
  await chooseOption(drawer, 'Worker', name);
}

async function searchAddress(drawer: Locator, query: string) {
  await drawer.getByLabel('Search address').fill(query);
  await drawer.getByRole('button', { name: 'Search', exact: true }).click();
}

/** The OpenStreetMap tile 'z/x/y' that holds a point. */
function tileOf(latitude: number, longitude: number, zoom: number): string {
  const scale = 2 ** zoom;
  const x = Math.floor(((longitude + 180) / 360) * scale);
  const radians = (latitude * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(radians) + 1 / Math.cos(radians)) / Math.PI) / 2) * scale);
  return `${zoom}/${x}/${y}`;
}

/** Whether the map drew the street-level tile (zoom 15 or closer) under a place: it shows that place. */
function showsStreetsAround(tiles: string[], place: { lat: string; lon: string }): boolean {
  return tiles.some((tile) => {
    const zoom = Number(tile.split('/')[0]);
    return zoom >= 15 && tile === tileOf(Number(place.lat), Number(place.lon), zoom);
  });
}

/** The pin sits in the middle of the map, which the form centres on the chosen place. */
async function expectMarkerCentred(map: Locator) {
  const marker = map.getByRole('img', { name: 'Map marker' });
  await expect(marker).toHaveCount(1);
  await expect(marker).toBeVisible();
  const [box, pin] = await Promise.all([map.boundingBox(), marker.boundingBox()]);
  if (!box || !pin) throw new Error('The map or its marker has no box.');
  // The default marker is a teardrop whose tip, at the bottom middle of its box, marks the point.
  expect(Math.abs(pin.x + pin.width / 2 - (box.x + box.width / 2))).toBeLessThan(3);
  expect(Math.abs(pin.y + pin.height - (box.y + box.height / 2))).toBeLessThan(16);
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

test('a task type added from the task form\'s nested drawer becomes the chosen type', async ({ page }) => {
  const name = `Chimney inspection ${Date.now()}`;
  await signIn(page, 'dispatcher@demo.test');
  const drawer = await openNewTask(page);
  await drawer.getByRole('button', { name: 'Add task type' }).click();
  const typeDrawer = page.getByRole('dialog', { name: 'Add task type' });
  await typeDrawer.getByLabel('Type', { exact: true }).fill(name);
  await typeDrawer.getByLabel('Duration (minutes)').fill('40');
  await typeDrawer.getByRole('button', { name: 'Save' }).click();
  await expect(typeDrawer).toBeHidden();
  await expect(drawer.getByRole('combobox', { name: 'Task type *' })).toHaveValue(name);

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('dialog', { name: new RegExp(`^Task #\\d+ · ${name}$`) })).toBeVisible();
});

test.describe('address search', () => {
  test('picking a search result fills the address and the coordinates and moves the map marker there', async ({ page, localNetwork }) => {
    await signIn(page, 'dispatcher@demo.test');
    const drawer = await openNewTask(page);
    const map = drawer.getByRole('region', { name: 'Map of the task location: click to place the pin' });
    await expect(map.locator('canvas')).toBeVisible();
    await expect(map.getByRole('img', { name: 'Map marker' })).toHaveCount(0);

    await searchAddress(drawer, 'Via Dante 7 Milano');
    const [milan, bollate] = geocoderPlaces[geocoderQueries.milan];
    await expect(drawer.getByRole('button', { name: bollate.display_name })).toBeVisible();
    await drawer.getByRole('button', { name: milan.display_name }).click();
    await expect(drawer.getByRole('button', { name: bollate.display_name })).toHaveCount(0);
    await expect(drawer.getByLabel('Address', { exact: true })).toHaveValue(milan.display_name);
    await expect(drawer.getByText('45.46601, 9.18599', { exact: true })).toBeVisible();
    await expect(drawer.getByLabel('Search address')).toHaveValue('');
    await expectMarkerCentred(map);
    await expect.poll(() => showsStreetsAround(localNetwork.mapTiles, milan)).toBe(true);

    await searchAddress(drawer, 'Piazza del Colosseo Roma');
    const [rome] = geocoderPlaces[geocoderQueries.rome];
    await drawer.getByRole('button', { name: rome.display_name }).click();
    await expect(drawer.getByLabel('Address', { exact: true })).toHaveValue(rome.display_name);
    await expect(drawer.getByText('41.89021, 12.49223', { exact: true })).toBeVisible();
    await expect(drawer.getByText('45.46601, 9.18599', { exact: true })).toHaveCount(0);
    await expectMarkerCentred(map);
    await expect.poll(() => showsStreetsAround(localNetwork.mapTiles, rome)).toBe(true);

    // The place is saved with the task.
    await chooseOption(drawer, 'Task type *', 'Boiler service');
    await page.getByRole('button', { name: 'Save' }).click();
    const saved = page.getByRole('dialog', { name: /^Task #\d+ · Boiler service$/ });
    await expect(saved.getByLabel('Address', { exact: true })).toHaveValue(rome.display_name);
    await expect(saved.getByText('41.89021, 12.49223', { exact: true })).toBeVisible();
    await expectMarkerCentred(saved.getByRole('region', { name: 'Map of the task location: click to place the pin' }));
  });

  test('a geocoder that answers after the 2-second timeout, or with an error, shows the warning; no place shows "No address found."', async ({ page }) => {
    await signIn(page, 'dispatcher@demo.test');
    const drawer = await openNewTask(page);
    const notice = drawer.getByRole('status').filter({ hasText: geocoderFailed });

    const started = Date.now();
    await searchAddress(drawer, geocoderQueries.slow);
    await expect(drawer.getByRole('button', { name: 'Searching…' })).toBeDisabled();
    // The stand-in answers only after 6 s: the warning comes from the app's own 2-second limit.
    await expect(notice).toBeVisible({ timeout: 5_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
    await expect(drawer.getByRole('button', { name: 'Search', exact: true })).toBeEnabled();
    await expect(drawer.getByLabel('Address', { exact: true })).toHaveValue('');

    await searchAddress(drawer, geocoderQueries.nowhere);
    await expect(drawer.getByRole('status').filter({ hasText: 'No address found.' })).toBeVisible();
    await expect(notice).toHaveCount(0);

    await searchAddress(drawer, geocoderQueries.failing);
    await expect(notice).toBeVisible();
    // The failure is the form's own warning, not the global error toast.
    await expect(page.getByText('An error occurred. Please try again.')).toHaveCount(0);
    await expect(drawer.getByLabel('Address', { exact: true })).toHaveValue('');
  });
});

test.describe('assignment warnings', () => {
  test('a worker lacking the task type skills: the warning lists required, given and missing skills; cancel clears the worker, proceed keeps it', async ({ page }) => {
    await signIn(page, 'dispatcher@demo.test');
    const drawer = await openNewTask(page);
    // Past the demo's two weeks of tasks, so every worker is free; 10:00 on a weekday is inside their hours.
    await schedule(drawer, 'Boiler repair', weekdayFrom(20), '10:00');
    const worker = drawer.getByRole('combobox', { name: 'Worker', exact: true });

    await chooseWorker(drawer, 'Luca Ferrari');
    const warning = page.getByRole('dialog', { name: 'Check the assignment' });
    await expect(warning).toContainText(
      'The worker lacks skills this task type needs. Required: Gas appliances, Plumbing. Given: Electrical, Working at height. Missing: Gas appliances, Plumbing.',
    );
    await warning.getByRole('button', { name: 'Cancel' }).click();
    await expect(warning).toBeHidden();
    await expect(worker).toHaveValue('');

    await chooseWorker(drawer, 'Davide Colombo');
    await expect(warning).toContainText('Required: Gas appliances, Plumbing. Given: Plumbing. Missing: Gas appliances.');
    await warning.getByRole('button', { name: 'Proceed' }).click();
    await expect(warning).toBeHidden();
    await expect(worker).toHaveValue('Davide Colombo');

    // A worker with every skill raises nothing.
    await chooseWorker(drawer, 'Marco Bianchi');
    await expect(worker).toHaveValue('Marco Bianchi');
    await expect(warning).toHaveCount(0);
  });

  test('a task outside the worker zones and working hours warns of each in turn, and an unavailable day warns too', async ({ page }) => {
    await signIn(page, 'owner@demo.test');
    const drawer = await openNewTask(page);
    const worker = drawer.getByRole('combobox', { name: 'Worker', exact: true });
    const warning = page.getByRole('dialog', { name: 'Check the assignment' });

    // Demo data: Marco Bianchi works only 13:30-17:30 one week from today; his zones are Milano Centro and Est.
    const markedDay = dayIn(tenantTimeZone, 7);
    await searchAddress(drawer, 'Piazza del Colosseo Roma');
    await drawer.getByRole('button', { name: geocoderPlaces[geocoderQueries.rome][0].display_name }).click();
    await schedule(drawer, 'Emergency call-out', markedDay, '08:00');
    await chooseWorker(drawer, 'Marco Bianchi');
    await expect(warning).toContainText("The task location is outside the worker's zones (Milano Centro, Milano Est).");
    await warning.getByRole('button', { name: 'Proceed' }).click();
    await expect(warning).toContainText(`The task is outside the worker's working hours on ${britishDate(markedDay)} (13:30-17:30).`);
    await warning.getByRole('button', { name: 'Proceed' }).click();
    await expect(warning).toBeHidden();
    await expect(worker).toHaveValue('Marco Bianchi');

    // Inside his zones, on an ordinary weekday inside his hours: no warning.
    await drawer.getByRole('button', { name: 'Clear location' }).click();
    await searchAddress(drawer, 'Via Dante 7 Milano');
    await drawer.getByRole('button', { name: geocoderPlaces[geocoderQueries.milan][0].display_name }).click();
    await clearOption(drawer, 'Worker');
    await fillDate(drawer, 'Schedule date', weekdayFrom(20));
    await chooseOption(drawer, 'Schedule time', '10:00');
    await chooseWorker(drawer, 'Marco Bianchi');
    await expect(worker).toHaveValue('Marco Bianchi');
    await expect(warning).toHaveCount(0);

    // Demo data: Alessandro Romano is off three days from today.
    const dayOff = dayIn(tenantTimeZone, 3);
    await fillDate(drawer, 'Schedule date', dayOff);
    await chooseOption(drawer, 'Schedule time', '09:00');
    await chooseWorker(drawer, 'Alessandro Romano');
    await expect(warning).toContainText(`The worker is unavailable on ${britishDate(dayOff)}.`);
    await warning.getByRole('button', { name: 'Cancel' }).click();
    await expect(worker).toHaveValue('');
  });
});

test('with the 12-hour clock the list shows appointments like 02:30 pm (hh:mm a) and the time picker offers 12-hour quarter hours', async ({ page }) => {
  await signIn(page, 'owner@demo.test');
  const preference = await page.request.patch('/api/web/users/me/preferences', { data: { preferredTimeFormat: false } });
  expect(preference.ok(), await preference.text()).toBe(true);
  try {
    const drawer = await openNewTask(page);
    const day = weekdayFrom(16);
    await chooseOption(drawer, 'Task type *', 'Electrical inspection');
    await fillDate(drawer, 'Schedule date', day);
    const labels = (await optionNames(drawer, 'Schedule time')).slice(1);
    expect(labels).toHaveLength(96);
    expect(labels.slice(0, 5)).toEqual(['12:00 am', '12:15 am', '12:30 am', '12:45 am', '01:00 am']);
    expect(labels.slice(48, 50)).toEqual(['12:00 pm', '12:15 pm']);
    expect(labels.at(-1)).toBe('11:45 pm');
    for (const label of labels) expect(label).toMatch(/^(0[1-9]|1[0-2]):(00|15|30|45) (am|pm)$/);

    await chooseOption(drawer, 'Schedule time', '02:30 pm');
    await page.getByRole('button', { name: 'Save' }).click();
    const saved = page.getByRole('dialog', { name: /^Task #\d+ · Electrical inspection$/ });
    await expect(saved).toBeVisible();
    await expect(combobox(saved, 'Schedule time')).toHaveValue('02:30 pm');
    const referenceNumber = /^Task #(\d+) /.exec((await saved.getByRole('heading').first().textContent()) ?? '')?.[1];
    expect(referenceNumber, 'the drawer title names the task').toBeTruthy();

    await page.goto('/app/main/tasks/scheduled');
    const list = page.getByRole('region', { name: 'Scheduled tasks' });
    await fillDate(list, 'From', day);
    await fillDate(list, 'To', day);
    const row = list.getByRole('row').filter({ has: page.getByRole('cell', { name: referenceNumber, exact: true }) });
    await expect(row).toContainText('02:30 pm');
    await expect(row).not.toContainText('14:30');
  } finally {
    await page.request.patch('/api/web/users/me/preferences', { data: { preferredTimeFormat: true } });
  }
});

test('saving over a change made meanwhile warns that the task is stale and shows the fresh data instead of overwriting it', async ({ page }) => {
  await signIn(page, 'dispatcher@demo.test');
  const created = await createTask(page, { typeId: await typeIdOf(page, 'Boiler service'), description: 'Seen by the drawer' });

  await page.goto(`/app/main/tasks/scheduled?task=${created.id}`);
  const drawer = page.getByRole('dialog', { name: `Task #${created.referenceNumber} · Boiler service` });
  const description = drawer.getByLabel('Description');
  await expect(description).toHaveValue('Seen by the drawer');

  // Someone else changes the same task meanwhile, with the same session.
  const elsewhere = await page.request.put(`/api/web/tasks/${created.id}`, {
    data: { description: 'Changed elsewhere', billingStatusId: 2, updated: created.updated },
  });
  expect(elsewhere.ok(), await elsewhere.text()).toBe(true);

  await description.fill('Changed in the drawer');
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(staleMessage)).toBeVisible();
  await expect(description).toHaveValue('Changed elsewhere');
  await expect(drawer.getByRole('combobox', { name: 'Billing status', exact: true })).toHaveValue('2');
  await expect(page.getByText('Task saved.')).toHaveCount(0);

  const stored = (await (await page.request.get(`/api/web/tasks/${created.id}`)).json()) as TaskView;
  expect(stored.description).toBe('Changed elsewhere');

  // Applied again on the fresh data, the change saves.
  await description.fill('Changed in the drawer');
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Task saved.')).toBeVisible();
  const after = (await (await page.request.get(`/api/web/tasks/${created.id}`)).json()) as TaskView;
  expect(after.description).toBe('Changed in the drawer');
  expect(after.billingStatusId).toBe(2);
});
