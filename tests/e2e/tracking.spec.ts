import type { Locator, Page } from '@playwright/test';
import { trackingDot, type TrackingItem } from '@/lib/contract/tracking';
import { createDemoWorker, withDatabase } from './support/database';
import { demoPassword, expect, signIn, test } from './support/local-only';

/** The counters as the API's items and this moment make them: the screen must show the same. */
async function expectedCounts(page: Page): Promise<string[]> {
  const items = (await (await page.request.get('/api/web/tracking')).json()) as TrackingItem[];
  const now = Date.now();
  const dots = items.map((item) => trackingDot(item.latLngTimestamp, now));
  return [dots.filter((dot) => dot === 'green').length, dots.filter((dot) => dot === 'red').length, items.filter((item) => !item.accountUsed).length].map(String);
}

const shownCounts = (page: Page) =>
  Promise.all(['active', 'inactive', 'unused'].map((kind) => page.getByTestId(`tracking-count-${kind}`).locator('span').last().textContent()));

const centreOf = async (locator: Locator) => {
  const box = await locator.boundingBox();
  return box ? { x: box.x + box.width / 2, y: box.y + box.height / 2 } : null;
};

test('the tracking screen shows each worker with their dot, counts them, and hides, zooms to and filters them', async ({ page, playwright, baseURL }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const green = { name: 'Tessa', surname: `Green ${stamp}` };
  const red = { name: 'Tobia', surname: `Red ${stamp}` };
  const gray = { name: 'Tina', surname: `Gray ${stamp}` };
  const greenUser = await createDemoWorker(green);
  const redUser = await createDemoWorker(red);
  await createDemoWorker(gray);
  const full = (person: { name: string; surname: string }) => `${person.name} ${person.surname}`;

  // The green worker's phone: signed in on its own, it posts a position just taken.
  const phone = await playwright.request.newContext({ baseURL });
  const login = await phone.post('/api/web/login', { data: { username: greenUser, password: demoPassword, rememberMe: true } });
  expect(login.ok(), await login.text()).toBe(true);
  const posted = await phone.post('/api/web/users/me/location', { data: { lat: 45.4781, lng: 9.2272, timestamp: new Date().toISOString() } });
  expect(await posted.json()).toEqual({ stored: true });
  await phone.dispose();
  // The red worker's last position is 20 minutes old.
  await withDatabase((client) =>
    client.query(`update users set lat = '45.4510', lng = '9.1620', lat_lng_timestamp = now() - interval '20 minutes' where username = $1`, [redUser]),
  );

  await signIn(page, 'dispatcher@demo.test');
  await page.goto('/app/main/tracking/all');
  await expect(page.getByRole('heading', { name: 'Live tracking' })).toBeVisible();
  const workers = page.getByRole('list', { name: 'Workers', exact: true });
  const row = (person: { name: string; surname: string }) => workers.getByRole('listitem').filter({ hasText: full(person) });
  await expect(row(green).getByRole('img', { name: 'Active' })).toBeVisible();
  await expect(row(red).getByRole('img', { name: 'Inactive' })).toBeVisible();
  await expect(row(gray).getByRole('img', { name: 'No position' })).toBeVisible();
  await expect(row(gray)).toContainText('Last movement: None');
  await expect.poll(async () => JSON.stringify(await shownCounts(page)) === JSON.stringify(await expectedCounts(page))).toBe(true);
  // Each of the three is at least this test's own worker: green posted just now, red 20 minutes ago, gray never signed in.
  for (const count of await shownCounts(page)) expect(Number(count)).toBeGreaterThanOrEqual(1);

  // Markers: green and red are on the map in their colours, the gray worker has none; a marker's popup names them.
  const map = page.getByTestId('tracking-map');
  const marker = (person: { name: string; surname: string }) => map.getByRole('button', { name: `Position of ${full(person)}` });
  await expect(marker(green)).toHaveAttribute('data-dot', 'green');
  await expect(marker(red)).toHaveAttribute('data-dot', 'red');
  await expect(marker(gray)).toHaveCount(0);
  await expect(row(gray).getByRole('button', { name: `Zoom to ${full(gray)}` })).toBeDisabled();

  // Zoom to the green worker: the map centres on their marker.
  await row(green).getByRole('button', { name: `Zoom to ${full(green)}` }).click();
  await expect
    .poll(async () => {
      const [m, c] = await Promise.all([centreOf(marker(green)), centreOf(map)]);
      return m && c ? Math.max(Math.abs(m.x - c.x), Math.abs(m.y - c.y)) : Infinity;
    })
    .toBeLessThan(4);
  await marker(green).click();
  const popup = page.getByTestId('tracking-popup');
  await expect(popup).toContainText(full(green));
  await expect(popup).toContainText('Last movement:');
  await expect(popup).not.toContainText('None');

  // The switch hides the red worker's marker and shows it again.
  const redSwitch = row(red).getByRole('switch', { name: `Show ${full(red)} on the map` });
  await redSwitch.click();
  await expect(redSwitch).toHaveAttribute('aria-checked', 'false');
  await expect(marker(red)).toHaveCount(0);
  await redSwitch.click();
  await expect(marker(red)).toBeVisible();

  // The filter narrows the list and the markers to the matching workers.
  await page.getByRole('searchbox', { name: 'Filter workers by name' }).fill(`red ${stamp}`);
  await expect(workers.getByRole('listitem')).toHaveCount(1);
  await expect(row(red)).toBeVisible();
  await expect(marker(green)).toHaveCount(0);

  // A phone's width: the map above, the list below, both usable.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(map).toBeVisible();
  await expect(row(red).getByRole('button', { name: `Zoom to ${full(red)}` })).toBeVisible();
  const [mapBox, listBox] = await Promise.all([map.boundingBox(), workers.boundingBox()]);
  expect(mapBox && listBox && mapBox.y < listBox.y).toBe(true);
  expect(mapBox && mapBox.width <= 390).toBe(true);
});
