import type { Browser, Page } from '@playwright/test';
import { Feature, type FeatureId } from '@/lib/contract/features';
import { visibleMenu } from '@/lib/contract/menu';
import { demoPassword, expect, test } from './support/local-only';

/**
 * Issue 29, items 13 and 19: Settings → plans is a real screen saying there is no billing, no menu destination says
 * "not built yet", and a screen calls no API that a switched-off feature would refuse.
 */

// One sign-in for the whole file (the login is rate limited); every test reuses the owner's session cookies.
let session: Awaited<ReturnType<Awaited<ReturnType<Browser['newContext']>>['storageState']>>;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/app/login');
  await page.getByLabel('Username').fill('owner@demo.test');
  await page.getByLabel('Password').fill(demoPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  // The first page after sign-in is the server's coldest; on a busy machine it takes longer than one expect.
  await expect(page).toHaveURL(/\/app\/main\//, { timeout: 60_000 });
  session = await context.storageState();
  await context.close();
});

test.beforeEach(async ({ context }) => {
  await context.addCookies(session.cookies);
});

/** The English names of the menu's sections, which name their tab strips. */
const sectionNames: Record<string, string> = {
  dashboard: 'Dashboard',
  tasks: 'Tasks',
  schedule: 'Schedule',
  tracking: 'Tracking',
  clients: 'Clients',
  reporting: 'Reporting',
  'working-hours': 'Working hours',
  settings: 'Settings',
};

/** The placeholder's words in the four languages, as the removed `notBuilt` messages had them. */
const notBuilt = /not built yet|non è ancora disponibile|aún no está disponible|pas encore disponible/i;

async function featuresOn(page: Page): Promise<FeatureId[]> {
  const answer = await page.request.get('/api/web/tenant_feature');
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { feature: { id: FeatureId } }[]).map((entry) => entry.feature.id);
}

async function switchFeature(page: Page, feature: FeatureId, on: boolean): Promise<void> {
  const answer = await page.request[on ? 'post' : 'delete'](`/api/web/tenant_feature/${feature}`);
  expect(answer.status(), await answer.text()).toBe(200);
}

test('Settings → plans says there is no billing: free, AGPL-3.0, every feature for every company, and where to switch them', async ({
  page,
}) => {
  await page.goto('/app/main/settings/plans');
  await expect(page.getByRole('heading', { name: 'No billing: FieldOps is free' })).toBeVisible();
  const screen = page.getByRole('region', { name: 'No billing: FieldOps is free' });
  await expect(screen).toContainText('FieldOps costs nothing.');
  await expect(screen).toContainText('there is no subscription, no trial period and nothing to pay');
  await expect(screen).toContainText('(AGPL-3.0)');
  await expect(screen.getByRole('link', { name: 'GNU Affero General Public License, version 3' })).toHaveAttribute(
    'href',
    'https://www.gnu.org/licenses/agpl-3.0.html',
  );
  await expect(screen).toContainText('Every feature is available to every company');
  await expect(page.getByText(notBuilt)).toHaveCount(0);

  // The owner, the one who may switch features, gets the way there.
  await screen.getByRole('link', { name: 'Settings → Feature settings' }).click();
  await expect(page).toHaveURL(/\/app\/main\/settings\/feature-settings$/);
});

test('Settings → plans says the same in Italian', async ({ page }) => {
  const me = (await (await page.request.get('/api/web/users/me')).json()) as { preferredLanguage: string | null };
  const setLanguage = async (preferredLanguage: string) => {
    const answer = await page.request.patch('/api/web/users/me/preferences', { data: { preferredLanguage } });
    expect(answer.ok(), await answer.text()).toBe(true);
  };
  await setLanguage('it');
  try {
    await page.goto('/app/main/settings/plans');
    const heading = 'Nessun addebito: FieldOps è gratuito';
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    const screen = page.getByRole('region', { name: heading });
    await expect(screen).toContainText('FieldOps non costa nulla.');
    await expect(screen).toContainText('nessun abbonamento');
    await expect(screen).toContainText('(AGPL-3.0)');
    await expect(screen.getByRole('link', { name: 'Impostazioni → Impostazioni funzionalità' })).toBeVisible();
    await expect(page.getByText(notBuilt)).toHaveCount(0);
  } finally {
    await setLanguage(me.preferredLanguage ?? 'en');
  }
});

test('every menu destination of the owner, with every menu feature on, is a real screen: none says "not built yet"', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const menuFeatures: FeatureId[] = [Feature.zones, Feature.workingHours, Feature.timeSlots, Feature.skills];
  const before = await featuresOn(page);
  const switchedOn = menuFeatures.filter((feature) => !before.includes(feature));
  for (const feature of switchedOn) await switchFeature(page, feature, true);
  try {
    // Every tab the menu contract gives the owner, and the plans page the subscription notice links to. The server
    // renders each screen (the placeholder was server-rendered too), so its HTML is read without a browser per page.
    const destinations = visibleMenu(['owner', 'tasksManager', 'usersManager', 'billingManager'], menuFeatures).flatMap((section) =>
      section.submenus.map((submenu) => `/app/main/${section.key}/${submenu}`),
    );
    await page.goto('/app/main/settings/users');
    const sections = await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).pathname));
    expect(sections).toEqual(Object.keys(sectionNames).map((key) => destinations.find((path) => path.startsWith(`/app/main/${key}/`))));
    const tabs = await page
      .getByRole('navigation', { name: sectionNames.settings })
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).pathname));
    expect(tabs).toEqual(destinations.filter((path) => path.startsWith('/app/main/settings/')));

    for (const path of [...destinations, '/app/main/settings/plans']) {
      const answer = await page.request.get(path);
      expect(answer.status(), path).toBe(200);
      expect(new URL(answer.url()).pathname, path).toBe(path);
      const html = await answer.text();
      expect(html, path).toContain('<main');
      expect(html, path).not.toMatch(notBuilt);
      expect(html, path).not.toContain('notBuilt.');
    }
  } finally {
    for (const feature of switchedOn) await switchFeature(page, feature, false);
  }
});

test('with accounting off, the clients page asks nothing of xero/* and logs no console error; with it on, it does ask', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const xeroCalls: string[] = [];
  const consoleErrors: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/web/xero')) xeroCalls.push(request.url());
  });
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));

  const accountingWasOn = (await featuresOn(page)).includes(Feature.accounting);
  if (!accountingWasOn) await switchFeature(page, Feature.accounting, true);
  try {
    // Feature on: the toolbar asks for the credentials, so the watcher below sees what it is meant to see.
    const asked = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/web/xero/get-credentials');
    await page.goto('/app/main/clients/all');
    await asked;
    await expect(page.getByRole('button', { name: /^(Connect accounting provider|Fetch from accounting provider)$/ })).toBeVisible();

    await switchFeature(page, Feature.accounting, false);
    xeroCalls.length = 0;
    consoleErrors.length = 0;
    // The toolbar and the list mount together: by the time the list has answered and shows, a credentials call
    // would have been sent.
    const listed = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/web/clients');
    await page.goto('/app/main/clients/all');
    expect((await listed).status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Clients' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add client' })).toBeVisible();
    await expect(page.getByRole('button', { name: /accounting provider/ })).toHaveCount(0);
    expect(xeroCalls).toEqual([]);
    expect(consoleErrors).toEqual([]);

    // The provider's return address with the feature off goes back to the clients without asking either.
    await page.goto('/app/main/callback?code=stale&state=stale');
    await expect(page).toHaveURL(/\/app\/main\/clients\/all$/);
    await expect(page.getByRole('heading', { name: 'Clients' })).toBeVisible();
    expect(xeroCalls).toEqual([]);
    expect(consoleErrors).toEqual([]);
  } finally {
    if ((await featuresOn(page)).includes(Feature.accounting) !== accountingWasOn) {
      await switchFeature(page, Feature.accounting, accountingWasOn);
    }
  }
});
