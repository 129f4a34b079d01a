import { readFileSync } from 'node:fs';
import type { BrowserContext, Locator, Page } from '@playwright/test';
import type { TemplateView } from '@/lib/contract/working-hours';
import type { ZoneView } from '@/lib/contract/zones';
import { expect, signIn, test } from './support/local-only';
import { setPreferredLanguage } from './support/language';
import { rewordRefusals } from './support/reword-refusals';

type Messages = typeof import('@/messages/en.json');
/** The app's own texts of a language (read from the file: Playwright's loader takes no JSON module import). */
const messagesOf = (language: 'it' | 'fr') => JSON.parse(readFileSync(`messages/${language}.json`, 'utf8')) as Messages;
const italian = messagesOf('it');
const french = messagesOf('fr');

/**
 * Issue 31: a refusal reaches the user in their language by its code, never by the server's English text. The owner
 * switches to Italian (the zone drawer) or French (the working-hours template drawer) and saves a name another record
 * already has: only the server knows that, and its 409 names the code (zones.nameTaken, workingHours.nameTaken) on
 * the name field, which the drawer says as errors.<code> of the language. The owner's language is put back after.
 */
test.describe.configure({ mode: 'serial' });

type Session = Awaited<ReturnType<BrowserContext['storageState']>>;
let ownerSession: Session | undefined;

test.use({
  viewport: { width: 1400, height: 900 },
  storageState: async ({ browser, baseURL }, provide) => {
    if (!ownerSession) {
      const signInContext = await browser.newContext({ baseURL });
      await signIn(await signInContext.newPage(), 'owner@demo.test');
      ownerSession = await signInContext.storageState();
      await signInContext.close();
    }
    await provide(ownerSession);
  },
});

const stamp = Date.now().toString(36);

/** Runs `body` with the owner's language set to `language`, then puts the owner's own language back. */
async function inLanguage(page: Page, language: 'it' | 'fr', body: () => Promise<void>) {
  const me = (await (await page.request.get('/api/web/users/me')).json()) as { preferredLanguage: string | null };
  await setPreferredLanguage(page, language);
  try {
    await body();
  } finally {
    await setPreferredLanguage(page, me.preferredLanguage ?? 'en');
  }
}

/** Clicks the map at these fractions of its width and height, one corner after another, as a user places them. */
async function clickCorners(page: Page, map: Locator, corners: readonly [number, number][]) {
  const box = await map.boundingBox();
  if (!box) throw new Error('The map has no size.');
  for (const [x, y] of corners) {
    await page.mouse.move(box.x + box.width * x, box.y + box.height * y, { steps: 4 });
    await page.mouse.click(box.x + box.width * x, box.y + box.height * y);
  }
}

/** A triangle well inside the map, then its first corner again: terra-draw closes the polygon there. */
const triangle: [number, number][] = [
  [0.3, 0.3],
  [0.7, 0.3],
  [0.5, 0.7],
  [0.3, 0.3],
];

test('the zone drawer says a name already taken in Italian, by the code zones.nameTaken', async ({ page }) => {
  const name = `E2E coded zone ${stamp}`;
  const created = await page.request.post('/api/web/zones', {
    data: { name, points: [{ lat: 45.46, lng: 9.18 }, { lat: 45.47, lng: 9.2 }, { lat: 45.45, lng: 9.21 }] },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const zone = (await created.json()) as ZoneView;
  try {
    await inLanguage(page, 'it', async () => {
      await page.goto('/app/main/settings/zones');
      await expect(page.getByRole('heading', { name: italian.zones.list.title })).toBeVisible();
      await page.getByRole('button', { name: italian.zones.list.add }).click();
      const drawer = page.getByRole('dialog', { name: italian.zones.addTitle });
      // The map is ready to draw once its Clear button is enabled.
      await expect(drawer.getByRole('button', { name: italian.zones.clear })).toBeEnabled();
      await clickCorners(page, drawer.getByRole('region', { name: italian.zones.map }), triangle);
      await expect(drawer.getByText('3 vertici disegnati')).toBeVisible();
      // Another case of the same name: the form's own check passes, the server refuses it.
      await drawer.getByLabel(italian.zones.name).fill(name.toUpperCase());
      await drawer.getByRole('button', { name: italian.zones.save }).click();
      await expect(drawer.getByText(italian.errors.zones.nameTaken, { exact: true })).toBeVisible();
      await expect(drawer.getByText('A zone with this name already exists.')).toHaveCount(0);
      await expect(drawer).toBeVisible();
    });
  } finally {
    await page.request.delete(`/api/web/zones/${zone.id}`);
  }
});

test('the template drawer says a name already taken in French, by the code workingHours.nameTaken', async ({ page }) => {
  const name = `E2E coded week ${stamp}`;
  const created = await page.request.post('/api/web/working-hours', { data: { name, days: [] } });
  expect(created.ok(), await created.text()).toBe(true);
  const template = (await created.json()) as TemplateView;
  try {
    await inLanguage(page, 'fr', async () => {
      await page.goto('/app/main/working-hours/template');
      await page.getByRole('button', { name: french.workingHours.templates.list.add }).click();
      const drawer = page.getByRole('dialog', { name: french.workingHours.templates.addTitle });
      await drawer.getByLabel(french.workingHours.templates.name).fill(` ${name.toLowerCase()} `);
      await drawer.getByRole('button', { name: french.workingHours.templates.save }).click();
      await expect(drawer.getByText(french.errors.workingHours.nameTaken, { exact: true })).toBeVisible();
      await expect(drawer.getByText('Could not save. template already exists.')).toHaveCount(0);
      await expect(drawer).toBeVisible();
    });
  } finally {
    await page.request.delete(`/api/web/working-hours/${template.id}`);
  }
});

test('a later contract that rewords the English message changes nothing the Italian user reads', async ({ page }) => {
  const name = `E2E reworded week ${stamp}`;
  const created = await page.request.post('/api/web/working-hours', { data: { name, days: [] } });
  expect(created.ok(), await created.text()).toBe(true);
  const template = (await created.json()) as TemplateView;
  try {
    await inLanguage(page, 'it', async () => {
      const reworded = await rewordRefusals(page, '**/api/web/working-hours');
      await page.goto('/app/main/working-hours/template');
      await page.getByRole('button', { name: italian.workingHours.templates.list.add }).click();
      const drawer = page.getByRole('dialog', { name: italian.workingHours.templates.addTitle });
      await drawer.getByLabel(italian.workingHours.templates.name).fill(name.toUpperCase());
      await drawer.getByRole('button', { name: italian.workingHours.templates.save }).click();
      await expect(drawer.getByText(italian.errors.workingHours.nameTaken, { exact: true })).toBeVisible();
      expect(reworded(), 'the server refused the save and its texts were reworded on the way').toBe(1);
      await expect(page.getByText(/Reworded/)).toHaveCount(0);
    });
  } finally {
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.request.delete(`/api/web/working-hours/${template.id}`);
  }
});
