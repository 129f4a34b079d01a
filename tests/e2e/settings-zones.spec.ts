import type { Browser, Locator, Page } from '@playwright/test';
import type { ZoneView } from '@/lib/contract/zones';
import { chooseOption } from './support/controls';
import { expect, signIn, test } from './support/local-only';

test.describe.configure({ mode: 'serial' });

// One sign-in for the whole file (the login is rate limited); every test reuses the owner's session cookies.
let session: Awaited<ReturnType<Awaited<ReturnType<Browser['newContext']>>['storageState']>>;

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'owner@demo.test');
  session = await context.storageState();
  await context.close();
});

test.beforeEach(async ({ context }) => {
  await context.addCookies(session.cookies);
});

/** Clicks the map at these fractions of its width and height, one corner after another, as a user places them. */
async function clickCorners(page: Page, map: Locator, corners: readonly [number, number][]) {
  const box = await map.boundingBox();
  if (!box) throw new Error('The map has no size.');
  for (const [x, y] of corners) {
    await page.mouse.move(box.x + box.width * x, box.y + box.height * y, { steps: 4 });
    await page.mouse.click(box.x + box.width * x, box.y + box.height * y);
  }
}

/** A square well inside the map, then its first corner again: terra-draw closes the polygon there. */
const square: [number, number][] = [
  [0.3, 0.3],
  [0.7, 0.3],
  [0.7, 0.7],
  [0.3, 0.7],
  [0.3, 0.3],
];

async function zonesOf(page: Page): Promise<ZoneView[]> {
  const response = await page.request.get('/api/web/zones');
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as ZoneView[];
}

test('the owner draws a zone on the map, sees it in the table and on its map, renames it and deletes it', async ({ page }) => {
  const name = `E2E zone ${Date.now().toString(36)}`;
  await page.goto('/app/main/settings/zones');
  await expect(page.getByRole('heading', { name: 'Zones' })).toBeVisible();
  // Other specs may add zones to the same tenant: the filter keeps this one on the first page.
  await page.getByRole('searchbox', { name: 'Filter' }).fill(name);

  await page.getByRole('button', { name: 'Add zone' }).click();
  const addDrawer = page.getByRole('dialog', { name: 'Add zone' });
  await expect(addDrawer.getByLabel('Colour')).toHaveValue('#3db389');
  await addDrawer.getByRole('button', { name: 'Save' }).click();
  // Refusals read by their code: a missing name is the generic validation.required, no outline zones.pointsRequired.
  await expect(addDrawer.getByText('This field is required.')).toBeVisible();
  await expect(addDrawer.getByText('Draw the zone on the map')).toBeVisible();
  await expect(addDrawer.getByText('No zone drawn yet.')).toBeVisible();

  // The map is ready to draw once its Clear button is enabled.
  await expect(addDrawer.getByRole('button', { name: 'Clear and draw again' })).toBeEnabled();
  const map = addDrawer.getByRole('region', { name: 'Map to draw the zone on' });
  await clickCorners(page, map, square);
  await expect(addDrawer.getByText('4 corners drawn')).toBeVisible();
  await expect(addDrawer.getByText('Draw the zone on the map')).toBeHidden();

  // Clear empties the map; the zone is drawn again.
  await addDrawer.getByRole('button', { name: 'Clear and draw again' }).click();
  await expect(addDrawer.getByText('No zone drawn yet.')).toBeVisible();
  await clickCorners(page, map, square);
  await expect(addDrawer.getByText('4 corners drawn')).toBeVisible();

  await addDrawer.getByLabel('Name').fill(name);
  await addDrawer.getByLabel('Colour').fill('#ff8800');
  await addDrawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Zone created.')).toBeVisible();
  await expect(addDrawer).toBeHidden();

  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('#ff8800');
  // The corners were drawn inside the demo tenant's default view around Milan.
  const saved = (await zonesOf(page)).find((zone) => zone.name === name);
  expect(saved?.points).toHaveLength(4);
  for (const point of saved?.points ?? []) {
    expect(point.lat).toBeGreaterThan(45.3);
    expect(point.lat).toBeLessThan(45.6);
    expect(point.lng).toBeGreaterThan(9.0);
    expect(point.lng).toBeLessThan(9.4);
  }

  await row.getByRole('button', { name: `Show zone ${name} on the map` }).click();
  const modal = page.getByRole('dialog', { name: `Zone ${name}` });
  await expect(modal.getByRole('region', { name: `Map of zone ${name}` }).locator('canvas')).toBeVisible();
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(modal).toBeHidden();

  // A double click modifies the zone: the drawer shows its polygon, ready to edit.
  await row.dblclick();
  const editDrawer = page.getByRole('dialog', { name: 'Modify zone' });
  await expect(editDrawer.getByLabel('Name')).toHaveValue(name);
  await expect(editDrawer.getByText('4 corners drawn')).toBeVisible();
  const save = editDrawer.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  const renamed = `${name} renamed`;
  await editDrawer.getByLabel('Name').fill(renamed);
  await save.click();
  await expect(page.getByText('Zone saved.')).toBeVisible();
  await expect(editDrawer).toBeHidden();
  await page.getByRole('searchbox', { name: 'Filter' }).fill(renamed);
  const renamedRow = page.getByRole('row').filter({ hasText: renamed });
  await expect(renamedRow).toBeVisible();
  expect((await zonesOf(page)).find((zone) => zone.name === renamed)?.points).toEqual(saved?.points);

  await renamedRow.dblclick();
  await editDrawer.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete zone' }).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Zone deleted.')).toBeVisible();
  await expect(renamedRow).toHaveCount(0);
  expect((await zonesOf(page)).map((zone) => zone.name)).not.toContain(renamed);
});

test('with time slots switched on, the owner adds a slot (the end must come after the start), modifies and deletes it', async ({ page }) => {
  // The demo tenant has feature 3 off: switch it on for this test and back off afterwards.
  const switchedOn = await page.request.post('/api/web/tenant_feature/3');
  expect([200, 409], await switchedOn.text()).toContain(switchedOn.status());
  try {
    const name = `E2E slot ${Date.now().toString(36)}`;
    await page.goto('/app/main/settings/time-slot');
    await expect(page.getByRole('heading', { name: 'Time slots' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Filter' }).fill(name);

    await page.getByRole('button', { name: 'Add time slot' }).click();
    const addDrawer = page.getByRole('dialog', { name: 'Add time slot' });
    await addDrawer.getByRole('button', { name: 'Save' }).click();
    // Name, start and end each read validation.required beside their field.
    await expect(addDrawer.getByText('This field is required.')).toHaveCount(3);

    await addDrawer.getByLabel('Name').fill(name);
    await chooseOption(addDrawer, 'Start time', '10:00');
    await chooseOption(addDrawer, 'End time', '09:00');
    await addDrawer.getByRole('button', { name: 'Save' }).click();
    await expect(addDrawer.getByText('Invalid end time: it must be later than the start time')).toBeVisible();
    await chooseOption(addDrawer, 'End time', '11:30');
    await expect(addDrawer.getByText('Invalid end time: it must be later than the start time')).toBeHidden();
    await addDrawer.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Time slot created.')).toBeVisible();
    await expect(addDrawer).toBeHidden();

    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row.getByRole('cell')).toHaveText([name, '10:00', '11:30']);

    await row.dblclick();
    const editDrawer = page.getByRole('dialog', { name: 'Modify time slot' });
    await expect(editDrawer.getByLabel('Name')).toHaveValue(name);
    const save = editDrawer.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();
    await chooseOption(editDrawer, 'End time', '08:45');
    await save.click();
    await expect(editDrawer.getByText('Invalid end time: it must be later than the start time')).toBeVisible();
    await chooseOption(editDrawer, 'End time', '12:15');
    await save.click();
    await expect(page.getByText('Time slot saved.')).toBeVisible();
    await expect(row.getByRole('cell')).toHaveText([name, '10:00', '12:15']);

    await row.dblclick();
    await editDrawer.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete time slot' }).getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('Time slot deleted.')).toBeVisible();
    await expect(row).toHaveCount(0);
  } finally {
    if (switchedOn.status() === 200) {
      const switchedOff = await page.request.delete('/api/web/tenant_feature/3');
      expect(switchedOff.status(), await switchedOff.text()).toBe(200);
    }
  }
});
