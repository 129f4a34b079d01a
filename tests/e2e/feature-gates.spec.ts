import type { Browser, Page } from '@playwright/test';
import { Feature, type FeatureId } from '@/lib/contract/features';
import { visibleMenu } from '@/lib/contract/menu';
import en from '@/messages/en.json';
import itMessages from '@/messages/it.json';
import { expect, signIn, test } from './support/local-only';

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
  await signIn(page, 'owner@demo.test');
  session = await context.storageState();
  await context.close();
});

test.beforeEach(async ({ context }) => {
  await context.addCookies(session.cookies);
});

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
    const heading = itMessages.plans.heading.replace('{appName}', 'FieldOps');
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
    // The walk follows the links on screen; the menu contract says what it must have found.
    const expected = visibleMenu(['owner', 'tasksManager', 'usersManager', 'billingManager'], menuFeatures).flatMap((section) =>
      section.submenus.map((submenu) => `/app/main/${section.key}/${submenu}`),
    );
    await page.goto('/app/main');
    const sections = await page
      .getByRole('navigation', { name: en.nav.mainMenu })
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).pathname));
    const destinations = new Set<string>();
    for (const section of sections) {
      await page.goto(section);
      const key = new URL(page.url()).pathname.split('/')[3];
      const tabs = page.getByRole('navigation', { name: en.menu[key as keyof typeof en.menu] });
      const paths = (await tabs.count()) > 0 ? await tabs.getByRole('link').evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).pathname)) : [];
      for (const path of paths.length > 0 ? paths : [new URL(page.url()).pathname]) destinations.add(path);
    }
    expect([...destinations].sort()).toEqual([...expected].sort());

    for (const path of [...destinations, '/app/main/settings/plans']) {
      const answer = await page.goto(path);
      expect(answer?.status(), path).toBe(200);
      await expect(page, path).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('main'), path).not.toBeEmpty();
      await expect(page.getByText(notBuilt), path).toHaveCount(0);
      await expect(page.getByRole('heading', { name: en.notFound.title }), path).toHaveCount(0);
    }
  } finally {
    for (const feature of switchedOn) await switchFeature(page, feature, false);
  }
});

test('with accounting off, the clients page asks nothing of xero/* and logs no console error; with it on, it does ask', async ({
  page,
}) => {
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
    await expect(page.getByRole('heading', { name: en.clients.title })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add client' })).toBeVisible();
    await expect(page.getByRole('button', { name: /accounting provider/ })).toHaveCount(0);
    expect(xeroCalls).toEqual([]);
    expect(consoleErrors).toEqual([]);

    // The provider's return address with the feature off goes back to the clients without asking either.
    await page.goto('/app/main/callback?code=stale&state=stale');
    await expect(page).toHaveURL(/\/app\/main\/clients\/all$/);
    await expect(page.getByRole('heading', { name: en.clients.title })).toBeVisible();
    expect(xeroCalls).toEqual([]);
    expect(consoleErrors).toEqual([]);
  } finally {
    if ((await featuresOn(page)).includes(Feature.accounting) !== accountingWasOn) {
      await switchFeature(page, Feature.accounting, accountingWasOn);
    }
  }
});
