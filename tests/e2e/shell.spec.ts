import type { Page } from '@playwright/test';
import { expect, test } from './support/local-only';

const demoPassword = 'demo-pass-2026';

async function signIn(page: Page, username: string, password = demoPassword) {
  await page.goto('/app/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test('the demo owner signs in, sees the menu, switches language and signs out', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/app\/login$/);
  await expect(page.getByRole('region', { name: 'Demo accounts' })).toContainText('owner@demo.test');
  await expect(page.getByRole('checkbox', { name: 'Remember me' })).toBeChecked();

  await signIn(page, 'owner@demo.test');
  await expect(page).toHaveURL(/\/app\/main\/dashboard\/all$/);
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  for (const section of ['Dashboard', 'Tasks', 'Schedule', 'Tracking', 'Clients', 'Reporting', 'Working hours', 'Settings']) {
    await expect(menu.getByRole('link', { name: section })).toBeVisible();
  }

  await menu.getByRole('link', { name: 'Tasks' }).click();
  await expect(page).toHaveURL(/\/app\/main\/tasks\/scheduled$/);
  const tabs = page.getByRole('navigation', { name: 'Tasks' });
  await expect(tabs.getByRole('link', { name: 'Unscheduled' })).toBeVisible();

  await page.goto('/app/main/settings/no-such-tab');
  await expect(page).toHaveURL(/\/app\/main\/settings\/users$/);
  await expect(page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Zones' })).toBeVisible();

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitemradio', { name: 'Italiano' }).click();
  const italianMenu = page.getByRole('navigation', { name: 'Menu principale' });
  await expect(italianMenu.getByRole('link', { name: 'Impostazioni' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');

  await page.reload();
  await expect(italianMenu.getByRole('link', { name: 'Interventi' })).toBeVisible();

  await page.getByRole('button', { name: 'Menu utente' }).click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(menu.getByRole('link', { name: 'Settings' })).toBeVisible();

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/app\/signed-out$/);
  await expect(page.getByRole('heading', { name: 'Goodbye!' })).toBeVisible();

  await page.goto('/app/main/tasks/scheduled');
  await expect(page).toHaveURL(/\/app\/login$/);
});

test('a wrong password shows the message, clears the password and focuses it', async ({ page }) => {
  await page.goto('/app/login');
  const logIn = page.getByRole('button', { name: 'Log in' });
  await expect(logIn).toBeDisabled();
  await page.getByLabel('Username').fill('dispatcher@demo.test');
  await expect(logIn).toBeDisabled();
  await page.getByLabel('Password').fill('not-the-password');
  await logIn.click();
  await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toHaveText('Invalid credentials provided');
  await expect(page.getByLabel('Password')).toHaveValue('');
  await expect(page.getByLabel('Password')).toBeFocused();
});

test('menus follow roles: the users manager sees settings only, the worker only the profile', async ({ page }) => {
  await signIn(page, 'people@demo.test');
  await expect(page).toHaveURL(/\/app\/main\/working-hours\/working-template$/);
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link')).toHaveCount(2);
  await expect(menu.getByRole('link', { name: 'Working hours' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add task' })).toHaveCount(0);
  await page.goto('/app/main/tasks/scheduled');
  await expect(page).toHaveURL(/\/app\/main\/working-hours\/working-template$/);
});

test('unknown paths: /app/... goes to the main area, other paths show the 404 page with Back Home', async ({ page }) => {
  await page.goto('/somewhere-else');
  await expect(page.getByText('Sorry, the page you visited does not exist.')).toBeVisible();
  await page.getByRole('link', { name: 'Back Home' }).click();
  await expect(page).toHaveURL(/\/app\/login$/);
  await page.goto('/app/not-a-page');
  await expect(page).toHaveURL(/\/app\/login$/);
  await page.getByRole('link', { name: 'Terms of use' }).click();
  await expect(page.getByRole('heading', { name: 'Terms of use' })).toBeVisible();
  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { name: 'Privacy policy' })).toBeVisible();
});

test('sign-up validates, creates the company and signs its owner in without demo logins', async ({ page }) => {
  await page.goto('/app/sign-up');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Name is required', { exact: true })).toBeVisible();
  await expect(page.getByText('Please accept the terms of use')).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('Grace');
  await page.getByLabel('Surname').fill('Hopper');
  await page.getByLabel('Company', { exact: true }).fill('Compilers Inc');
  await page.getByLabel('Industry').selectOption('technology');
  await page.getByLabel('Company size').selectOption('medium');
  await page.getByLabel('E-mail').fill(`grace-${Date.now()}@compilers.test`);
  await page.getByLabel('Password', { exact: true }).fill('cobol-forever');
  await page.getByLabel('Confirm password').fill('cobol-forever!');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm password').fill('cobol-forever');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/app\/main\/dashboard\/all$/);
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Settings' })).toBeVisible();
});

test('pages carry the security headers', async ({ request }) => {
  const response = await request.get('/app/login');
  const headers = response.headers();
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  const api = await request.get('/api/web/users/me');
  expect(api.status()).toBe(401);
  expect(api.headers()['cache-control']).toBe('no-store');
});
