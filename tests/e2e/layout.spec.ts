import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, signIn, test } from './support/local-only';

type Session = Awaited<ReturnType<BrowserContext['storageState']>>;

test.describe.configure({ mode: 'serial' });

const owner = 'owner@demo.test';
let session: Session;

/** One sign-in for the whole file (the login is rate limited); every test reuses the owner's session. */
test.beforeAll(async ({ browser }: { browser: Browser }) => {
  const context = await browser.newContext();
  await signIn(await context.newPage(), owner);
  session = await context.storageState();
  await context.close();
});

test.use({ storageState: async ({}, provide) => provide(session) });

/** Something on a screen that does not fit where it is shown. */
interface Overflow {
  what: string;
  scrollWidth: number;
  clientWidth: number;
}

/**
 * What does not fit on the screen as it stands: the page scrolling sideways; a tab strip (any navigation or tab list)
 * whose tabs run past its box; a table running past the window without a scroll box of its own around it (with
 * `roomy`, a table wider than its box at all, or a text cut short with an ellipsis); an empty input whose placeholder
 * is wider than the room inside it.
 */
function overflowsOnScreen(roomy: boolean): Overflow[] {
  const found: Overflow[] = [];
  const visible = (element: Element) => element.getClientRects().length > 0;
  const describe = (element: Element) => {
    const label = element.getAttribute('aria-label') ?? element.getAttribute('placeholder') ?? '';
    return `${element.tagName.toLowerCase()}${label ? ` "${label}"` : ''}`;
  };
  const page = document.scrollingElement ?? document.documentElement;
  if (page.scrollWidth > page.clientWidth) {
    found.push({ what: 'the page', scrollWidth: page.scrollWidth, clientWidth: page.clientWidth });
  }
  for (const strip of document.querySelectorAll('nav, [role="tablist"]')) {
    // One pixel of slack: sub-pixel tab widths round up on some zoom levels.
    if (visible(strip) && strip.scrollWidth > strip.clientWidth + 1) {
      found.push({ what: `tab strip ${describe(strip)}`, scrollWidth: strip.scrollWidth, clientWidth: strip.clientWidth });
    }
  }
  const scrolls = (element: Element) => ['auto', 'scroll'].includes(getComputedStyle(element).overflowX);
  for (const table of document.querySelectorAll('table')) {
    // FullCalendar scrolls its own tables (the board's header follows the lanes' scroller): the page check covers it.
    if (!visible(table) || table.closest('.fc')) continue;
    let box: Element | null = table.parentElement;
    while (box && !scrolls(box)) box = box.parentElement;
    const right = table.getBoundingClientRect().right;
    if (!box && right > page.clientWidth) {
      found.push({ what: `table ${describe(table)} with no scroll box`, scrollWidth: Math.round(right), clientWidth: page.clientWidth });
    } else if (box && roomy && box.scrollWidth > box.clientWidth + 1) {
      found.push({ what: `table ${describe(table)}`, scrollWidth: box.scrollWidth, clientWidth: box.clientWidth });
    }
  }
  if (roomy) {
    for (const text of document.querySelectorAll('main *')) {
      if (visible(text) && getComputedStyle(text).textOverflow === 'ellipsis' && text.scrollWidth > text.clientWidth) {
        found.push({ what: `text "${text.textContent ?? ''}" cut short`, scrollWidth: text.scrollWidth, clientWidth: text.clientWidth });
      }
    }
  }
  const context = document.createElement('canvas').getContext('2d');
  for (const input of document.querySelectorAll<HTMLInputElement>('input[placeholder]')) {
    if (!context || !visible(input) || input.value !== '') continue;
    const style = getComputedStyle(input);
    context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = Math.ceil(context.measureText(input.placeholder).width);
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    if (text > room) found.push({ what: `placeholder of ${describe(input)}`, scrollWidth: text, clientWidth: Math.floor(room) });
  }
  return found;
}

/** The screens' data arrive after the frame: measure once nothing says it is still loading. */
async function settle(page: Page) {
  await expect(page.locator('main')).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** What does not fit on the screen the browser shows, each as a line naming the screen. */
async function measure(page: Page, roomy = false): Promise<string[]> {
  await settle(page);
  const path = new URL(page.url()).pathname;
  const found = await page.evaluate(overflowsOnScreen, roomy);
  return found.map((o) => `${path}: ${o.what} is ${o.scrollWidth} px wide in ${o.clientWidth} px`);
}

async function overflowsAt(page: Page, path: string, roomy = false): Promise<string[]> {
  await page.goto(path);
  return measure(page, roomy);
}

const menuLinks = (page: Page, scope: string) =>
  page.locator(`${scope} a[href^="/app/main/"]`).evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));

async function follow(page: Page, href: string) {
  await page.locator(`a[href="${href}"]`).first().click();
  await page.waitForURL((url) => url.pathname === href);
}

/**
 * Walks the menu as a user does, by the page's own links (so a new screen is checked without naming it here): each
 * section of the main menu, then each tab of that section's strip; measures every screen on the way.
 */
async function walkMenu(page: Page): Promise<{ visited: string[]; problems: string[] }> {
  await page.goto('/app/main');
  await settle(page);
  const sections = await menuLinks(page, 'header nav');
  expect(sections.length, 'the main menu lists its sections').toBeGreaterThan(3);
  const visited: string[] = [];
  const problems: string[] = [];
  for (const section of sections) {
    await follow(page, section);
    visited.push(section);
    problems.push(...(await measure(page)));
    const prefix = `/app/main/${section.split('/')[3]}/`;
    const tabs = (await menuLinks(page, 'nav:not(header nav)')).filter((tab) => tab.startsWith(prefix) && tab !== section);
    for (const tab of tabs) {
      await follow(page, tab);
      visited.push(tab);
      problems.push(...(await measure(page)));
    }
  }
  return { visited, problems };
}

async function setLanguage(page: Page, language: 'en' | 'it') {
  const me = await page.request.get('/api/web/users/me');
  expect(me.ok(), await me.text()).toBe(true);
  const { name, surname, phoneCountryCode, phone } = (await me.json()) as Record<string, string | null>;
  const saved = await page.request.put('/api/web/users/me', {
    data: { name, surname, phoneCountryCode, phone, preferredLanguage: language },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
}

test.describe('every menu screen fits a 1,280 × 800 window', () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  // One test walks every screen of the menu, each loaded and measured in turn.
  test.describe.configure({ timeout: 600_000 });

  test('in English: no page scrolls sideways, no tab strip cuts a tab, no table or placeholder is cut', async ({ page }) => {
    const { visited, problems } = await walkMenu(page);
    // The owner sees every screen: the walk reaches the last tab of the last section.
    expect(visited).toContain('/app/main/settings/outbox');
    expect(problems).toEqual([]);
  });

  test('in Italian, whose labels run longest: the same screens fit', async ({ page }) => {
    await setLanguage(page, 'it');
    try {
      const { visited, problems } = await walkMenu(page);
      await expect(page.locator('html')).toHaveAttribute('lang', 'it');
      expect(visited).toContain('/app/main/settings/outbox');
      expect(problems).toEqual([]);
    } finally {
      await setLanguage(page, 'en');
    }
  });
});

test.describe('the widest screens fit a 1,440 × 900 window', () => {
  test.use({ viewport: { width: 1440, height: 900 } });
  test.describe.configure({ timeout: 240_000 });

  test('clients, users and the dashboard show every column without scrolling, in English and in Italian', async ({ page }) => {
    const paths = ['/app/main/clients/all', '/app/main/settings/users', '/app/main/dashboard/all'];
    const problems: string[] = [];
    for (const path of paths) problems.push(...(await overflowsAt(page, path, true)));
    await setLanguage(page, 'it');
    try {
      for (const path of paths) problems.push(...(await overflowsAt(page, path, true)));
    } finally {
      await setLanguage(page, 'en');
    }
    expect(problems).toEqual([]);
  });
});
