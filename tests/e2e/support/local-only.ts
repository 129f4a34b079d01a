import { expect, test as base, type Page } from '@playwright/test';

/** A transparent 1×1 PNG: what the map gets instead of OpenStreetMap's tiles. */
const blankTile = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);
/** chrome: and chrome-extension: are the browser's own pages, such as its PDF viewer: they never leave the machine. */
const localProtocols = ['data:', 'blob:', 'about:', 'chrome:', 'chrome-extension:'];
const isLocal = (url: URL) => loopbackHosts.has(url.hostname) || localProtocols.includes(url.protocol);
const isMapTile = (url: URL) => url.hostname === 'tile.openstreetmap.org';

/** What the browser asked of outside hosts: map tiles (answered locally) and anything else (aborted). */
export interface LocalNetwork {
  /** 'z/x/y' of every OpenStreetMap tile the map asked for. */
  mapTiles: string[];
  outside: string[];
}

/**
 * The tests reach nothing but this machine: the map's tiles are answered in the browser with a blank tile, and any
 * other request to an outside host is aborted and fails the test.
 */
export const test = base.extend<{ localNetwork: LocalNetwork }>({
  localNetwork: [
    async ({ context }, use) => {
      const network: LocalNetwork = { mapTiles: [], outside: [] };
      await context.route(
        (url) => !isLocal(url),
        async (route) => {
          const url = new URL(route.request().url());
          if (isMapTile(url)) {
            network.mapTiles.push(url.pathname.replace(/^\//, '').replace(/\.png$/, ''));
            return route.fulfill({ status: 200, contentType: 'image/png', body: blankTile });
          }
          network.outside.push(url.href);
          return route.abort('blockedbyclient');
        },
      );
      await use(network);
      expect(network.outside, 'requests to hosts other than this machine').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export const demoPassword = 'demo-pass-2026';

/** One sign-in per test: the login is rate limited per username. */
export async function signIn(page: Page, username: string) {
  await page.goto('/app/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(demoPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/app\/main\//);
}

/** A calendar day in the tenant's time zone, as the date input takes it. */
export function dayIn(timeZone: string, offsetDays = 0): string {
  const at = new Date(Date.now() + offsetDays * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

export const tenantTimeZone = 'Europe/Rome';
