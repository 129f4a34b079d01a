import type { Browser, Page } from '@playwright/test';
import { rgbPng } from '../support/png';
import { chooseOption, combobox } from './support/controls';
import { createDemoWorker, e2eDatabaseUrl } from './support/database';
import { demoPassword, expect, test } from './support/local-only';

test.describe.configure({ mode: 'serial' });
// Asked in the worker, once the run's server has said where its database is.
test.skip(() => !e2eDatabaseUrl(), 'the profile specs create their own users in the run’s PostgreSQL database');

const newPassword = 'profile-pass-2026';

async function signInAs(page: Page, username: string, password = demoPassword) {
  await page.goto('/app/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  // A worker without an office role lands on the workers' view (issue 15).
  await expect(page).toHaveURL(/\/app\/worker$/);
}

/** A PNG's width and height, read from its IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function signedInPage(browser: Browser, username: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInAs(page, username);
  await page.goto('/app/main/settings/profile');
  return page;
}

test.describe('settings → profile, as a worker', () => {
  let page: Page;
  let username: string;

  test.beforeAll(async ({ browser }) => {
    username = await createDemoWorker({ name: 'Pat', surname: 'Profile' });
    page = await signedInPage(browser, username);
  });

  test.afterAll(async () => {
    await page.context().close();
  });

  test('a worker’s profile: Update waits for a change and saves the name', async () => {
    await expect(page).toHaveURL(/\/app\/main\/settings\/profile$/);
    await expect(page.getByLabel('Username')).toHaveValue(username);
    await expect(page.getByLabel('Username')).toBeDisabled();
    const update = page.getByRole('button', { name: 'Update' });
    await expect(update).toBeDisabled();
    await page.getByLabel('Name', { exact: true }).fill('Patricia');
    await expect(update).toBeEnabled();
    await update.click();
    await expect(page.getByText('Profile saved')).toBeVisible();
    await expect(update).toBeDisabled();
    await page.reload();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Patricia');
  });

  test('the phone takes a country code from the searchable list with flags and dial codes', async () => {
    const main = page.locator('main');
    await chooseOption(main, 'Phone country code', '🇮🇹 Italy (+39)');
    await page.getByLabel('Phone', { exact: true }).fill('333 123 4567');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Profile saved')).toBeVisible();
    await page.reload();
    await expect(combobox(page.locator('main'), 'Phone country code')).toHaveValue('🇮🇹 Italy (+39)');
    await expect(page.getByLabel('Phone', { exact: true })).toHaveValue('333 123 4567');
  });

  test('choosing another preferred language switches the screens to it', async () => {
    await page.getByLabel('Preferred language').selectOption('it');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByRole('heading', { name: 'Profilo', exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
    await page.getByLabel('Lingua preferita').selectOption('en');
    await page.getByRole('button', { name: 'Aggiorna' }).click();
    await expect(page.getByRole('heading', { name: 'Profile', exact: true })).toBeVisible();
  });

  test('the 12/24-hour switch saves at once', async () => {
    const toggle = page.getByRole('switch', { name: '24-hour time format' });
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await toggle.click();
    await expect(page.getByText('Time format changed')).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await page.reload();
    await expect(page.getByRole('switch', { name: '24-hour time format' })).toHaveAttribute('aria-checked', 'false');
  });

  test('the time zone changes from the searchable list; the button waits for a different zone', async () => {
    const main = page.locator('main');
    const change = page.getByRole('button', { name: 'Change time zone' });
    await expect(combobox(main, 'Time zone')).toHaveValue('Europe/Rome');
    await expect(change).toBeDisabled();
    await chooseOption(main, 'Time zone', 'America/New York');
    await expect(change).toBeEnabled();
    await change.click();
    await expect(page.getByText('Time zone changed')).toBeVisible();
    await expect(change).toBeDisabled();
    await page.reload();
    await expect(combobox(page.locator('main'), 'Time zone')).toHaveValue('America/New York');
  });

  test('a picture is cropped to 300×300, uploaded with Update and shown in the user menu', async () => {
    const update = page.getByRole('button', { name: 'Update' });
    await page.getByTestId('profile-picture-input').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: rgbPng(640, 400, (x) => (x < 320 ? [30, 120, 200] : [240, 180, 20])),
    });
    const dialog = page.getByRole('dialog', { name: 'Crop picture' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('img', { name: 'New picture' })).toBeVisible();
    await update.click();
    await expect(page.getByText('Profile saved')).toBeVisible();

    const avatar = page.getByRole('button', { name: 'User menu' }).getByRole('img');
    await expect(avatar).toHaveAttribute('src', /\/api\/web\/users\/\d+\/profile-picture\/\d+$/);
    const response = await page.request.get((await avatar.getAttribute('src')) ?? '');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('image/png');
    expect(pngSize(await response.body())).toEqual({ width: 300, height: 300 });
  });

  test('the password changes with the spec’s rules, and the new one signs in', async () => {
    const change = page.getByRole('button', { name: 'Change password' });
    await expect(change).toBeDisabled();
    await page.getByLabel('Old password').fill('not-my-password');
    await page.getByLabel('New password').fill('short');
    await expect(page.getByText('Password must be between 8 and 30 characters')).toBeVisible();
    await page.getByLabel('New password').fill(newPassword);
    await page.getByLabel('Confirm password').fill(`${newPassword}!`);
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await expect(change).toBeDisabled();
    await page.getByLabel('Confirm password').fill(newPassword);
    await expect(change).toBeEnabled();
    await change.click();
    await expect(page.getByRole('alert').filter({ hasText: 'invalid password provided' })).toBeVisible();
    await expect(page.getByLabel('Old password')).toHaveValue('');

    await page.getByLabel('Old password').fill(demoPassword);
    await change.click();
    await expect(page.getByText('Password changed')).toBeVisible();

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/app\/signed-out$/);
    await signInAs(page, username, newPassword);
  });
});

test('on first login a password dialog that cannot be dismissed stays until the password is changed', async ({ browser }) => {
  const username = await createDemoWorker({ name: 'Fay', surname: 'First', firstLogin: true });
  const page = await signedInPage(browser, username);
  const dialog = page.getByRole('dialog', { name: 'Choose your password' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: /close/i })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 5);
  await expect(dialog).toBeVisible();
  await page.reload();
  await expect(dialog).toBeVisible();

  await dialog.getByLabel('Old password').fill(demoPassword);
  await dialog.getByLabel('New password').fill(newPassword);
  await dialog.getByLabel('Confirm password').fill(newPassword);
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Profile', exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await page.context().close();
});
