import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import type { TenantSettingsView, WorkerScheduling } from '@/lib/contract/tenant-settings';
import type { UserListItem } from '@/lib/contract/users';
import { geocoderPlaces, geocoderQueries } from './support/geocoder-places';
import { expect, signIn, test } from './support/local-only';

type Session = Awaited<ReturnType<BrowserContext['storageState']>>;
const sessions = new Map<string, Session>();

/** Each user signs in once for the whole file (the login is rate limited); every test reuses that session. */
async function sessionOf(browser: Browser, baseURL: string | undefined, username: string): Promise<Session> {
  let session = sessions.get(username);
  if (!session) {
    const context = await browser.newContext({ baseURL });
    await signIn(await context.newPage(), username);
    session = await context.storageState();
    await context.close();
    sessions.set(username, session);
  }
  return session;
}

test.describe.configure({ mode: 'serial' });

const [milan] = geocoderPlaces[geocoderQueries.milan];
const [rome] = geocoderPlaces[geocoderQueries.rome];
const localePath = '/app/main/settings/locale';

async function settingsNow(page: Page): Promise<TenantSettingsView> {
  const response = await page.request.get('/api/web/settings');
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as TenantSettingsView;
}

/** A mouse drag across the map from its middle: what a person does to move it. */
async function dragMap(page: Page, map: Locator, dx: number, dy: number) {
  const box = await map.boundingBox();
  if (!box) throw new Error('The map has no box.');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y + dy, { steps: 10 });
  await page.mouse.up();
}

test.describe('the owner', () => {
  test.use({ storageState: async ({ browser, baseURL }, provide) => provide(await sessionOf(browser, baseURL, 'owner@demo.test')) });

  test('applies the moved map as the default view and sets the office by address search; a reload shows both kept', async ({ page }) => {
    const seeded = await settingsNow(page);
    expect(seeded.defaultMapBounds).not.toBeNull();
    try {
      // The demo seed has an office: start from a company without one, as a new owner does (put back below).
      const cleared = await page.request.put('/api/web/settings', { data: { officeLocation: null } });
      expect(cleared.status()).toBe(200);
      await page.goto(localePath);
      await expect(page.getByRole('heading', { name: 'Locale' })).toBeVisible();
      await expect(page.getByText('Workers without a start location of their own set out from here')).toBeVisible();
      const map = page.getByRole('region', { name: /^Map: move it to choose the default view/ });
      await expect(map.locator('canvas')).toBeVisible();
      const apply = page.getByRole('button', { name: 'Apply' });
      const savedView = page.getByTestId('saved-map-view');
      await expect(savedView).toContainText('Saved view: south-west');
      const seededText = await savedView.textContent();
      await expect(apply).toBeDisabled();

      // Dragging to the left brings what lies east into view.
      await dragMap(page, map, -200, 0);
      await expect(apply).toBeEnabled();
      await apply.click();
      await expect(page.getByText('Default map view saved.')).toBeVisible();
      await expect(apply).toBeDisabled();
      await expect(savedView).not.toHaveText(seededText ?? '');
      const applied = await settingsNow(page);
      expect(applied.defaultMapBounds?.southWest.lng).toBeGreaterThan(seeded.defaultMapBounds?.southWest.lng ?? Infinity);
      const appliedText = await savedView.textContent();

      await expect(map.getByRole('img', { name: 'Map marker' })).toHaveCount(0);
      await page.getByLabel('Search the office address').fill(geocoderQueries.milan);
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.getByRole('button', { name: milan.display_name }).click();
      await expect(page.getByLabel('Office address', { exact: true })).toHaveValue(milan.display_name);
      await expect(page.getByText('Marker at 45.46601, 9.18599')).toBeVisible();
      await expect(map.getByRole('img', { name: 'Map marker' })).toBeVisible();
      await page.getByRole('button', { name: 'Save office location' }).click();
      await expect(page.getByText('Office location saved.')).toBeVisible();

      await page.reload();
      await expect(page.getByLabel('Office address', { exact: true })).toHaveValue(milan.display_name);
      await expect(page.getByText('Marker at 45.46601, 9.18599')).toBeVisible();
      await expect(map.getByRole('img', { name: 'Map marker' })).toBeVisible();
      await expect(savedView).toHaveText(appliedText ?? '');
      await expect(apply).toBeDisabled();
      expect(await settingsNow(page)).toEqual({
        ...applied,
        officeLocation: { address: milan.display_name, latitude: Number(milan.lat), longitude: Number(milan.lon) },
      });

      // A click on the map moves the marker; the address a person empties is named before anything is sent.
      await page.getByLabel('Office address', { exact: true }).fill('');
      const box = await map.boundingBox();
      if (!box) throw new Error('The map has no box.');
      await page.mouse.click(box.x + box.width / 4, box.y + box.height / 4);
      await expect(page.getByText('Marker at 45.46601, 9.18599')).toHaveCount(0);
      const clicked = /^Marker at (-?[\d.]+), (-?[\d.]+)$/.exec((await page.getByText(/^Marker at /).textContent()) ?? '');
      if (!clicked) throw new Error('The marker has no coordinates.');
      await page.getByRole('button', { name: 'Save office location' }).click();
      await expect(page.getByText('The address is required.')).toBeVisible();
      expect((await settingsNow(page)).officeLocation?.address).toBe(milan.display_name);
      await page.getByLabel('Office address', { exact: true }).fill('Sede, Milano');
      await page.getByRole('button', { name: 'Save office location' }).click();
      await expect(page.getByText('Office location saved.')).toBeVisible();
      const moved = (await settingsNow(page)).officeLocation;
      expect(moved?.address).toBe('Sede, Milano');
      expect(moved?.latitude.toFixed(5)).toBe(clicked[1]);
      expect(moved?.longitude.toFixed(5)).toBe(clicked[2]);
    } finally {
      // The next specs on this database find the demo as seeded.
      const response = await page.request.put('/api/web/settings', {
        data: { defaultMapBounds: seeded.defaultMapBounds, officeLocation: seeded.officeLocation },
      });
      expect(response.ok(), await response.text()).toBe(true);
    }
  });
});

test.describe('the users manager', () => {
  test.use({ storageState: async ({ browser, baseURL }, provide) => provide(await sessionOf(browser, baseURL, 'people@demo.test')) });

  test('gives a worker a start location and a tasks-per-day limit in the assign drawer, then clears them back to the office', async ({ page }) => {
    const response = await page.request.get('/api/web/users?assignee=true&active=true');
    const worker = ((await response.json()) as UserListItem[]).find((row) => row.surname === 'Colombo');
    if (!worker) throw new Error('The demo worker Davide Colombo is missing.');
    const schedulingPath = `/api/web/users/${worker.id}/scheduling`;
    const schedulingNow = async () => (await (await page.request.get(schedulingPath)).json()) as WorkerScheduling;
    try {
      await page.goto('/app/main/working-hours/working-template');
      const table = page.getByRole('table', { name: 'Workers' });
      const openDrawer = async () => {
        await table.getByRole('row').filter({ hasText: 'Davide Colombo' }).getByText('Davide Colombo').dblclick();
        const drawer = page.getByRole('dialog', { name: 'Working template of Davide Colombo' });
        await expect(drawer.getByRole('heading', { name: 'Auto-schedule' })).toBeVisible();
        return drawer;
      };
      let drawer = await openDrawer();
      const start = drawer.getByTestId('start-location');
      const limit = drawer.getByLabel('Tasks per day at most');
      await expect(start).toContainText('Sets out from the office');
      await expect(limit).toHaveValue('');
      await expect(drawer.getByRole('button', { name: 'Save' })).toBeDisabled();

      await drawer.getByLabel('Search the start address').fill(geocoderQueries.rome);
      await drawer.getByRole('button', { name: 'Search', exact: true }).click();
      await drawer.getByRole('button', { name: rome.display_name }).click();
      await expect(start).toHaveText(`Sets out from ${rome.display_name}`);
      await limit.fill('0');
      await drawer.getByRole('button', { name: 'Save' }).click();
      await expect(drawer.getByText('The limit is at least 1.')).toBeVisible();
      await expect(limit).toHaveAttribute('aria-invalid', 'true');
      expect(await schedulingNow()).toEqual({ startLocation: null, maxTasksPerDay: null });

      await limit.fill('5');
      await expect(drawer.getByText('The limit is at least 1.')).toHaveCount(0);
      await drawer.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Auto-schedule settings saved.')).toBeVisible();
      await expect(drawer).toBeHidden();
      expect(await schedulingNow()).toEqual({
        startLocation: { address: rome.display_name, latitude: Number(rome.lat), longitude: Number(rome.lon) },
        maxTasksPerDay: 5,
      });

      await page.reload();
      drawer = await openDrawer();
      await expect(drawer.getByTestId('start-location')).toHaveText(`Sets out from ${rome.display_name}`);
      await expect(drawer.getByLabel('Tasks per day at most')).toHaveValue('5');
      await drawer.getByRole('button', { name: 'Clear: use the office' }).click();
      await expect(drawer.getByTestId('start-location')).toContainText('Sets out from the office');
      await drawer.getByLabel('Tasks per day at most').fill('');
      await drawer.getByRole('button', { name: 'Save' }).click();
      await expect(drawer).toBeHidden();
      expect(await schedulingNow()).toEqual({ startLocation: null, maxTasksPerDay: null });
    } finally {
      await page.request.put(schedulingPath, { data: { startLocation: null, maxTasksPerDay: null } });
    }
  });
});
