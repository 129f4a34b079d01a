import type { Page } from '@playwright/test';
import { createDemoWorker, e2eDatabaseUrl } from './support/database';
import { expect, test } from './support/local-only';
import { SpecMailbox } from './support/mail';

test.describe.configure({ mode: 'serial' });
// Asked in the worker, once the run's server has said where its database is.
test.skip(() => !e2eDatabaseUrl(), 'the reset mail is sent by `npm run worker`, which needs the run’s PostgreSQL database');

const newPassword = 'reset-pass-2026';
const mailbox = new SpecMailbox();

test.beforeAll(() => mailbox.start());
test.afterAll(() => mailbox.stop());

/**
 * The reset mail for `username` as a real SMTP server received it from the real sender; its link's path and query,
 * since APP_URL's host may not be the test's.
 */
async function resetLinkMailedTo(username: string): Promise<string> {
  const mail = await mailbox.deliverTo(username);
  const link = /https?:\/\/\S+\/app\/change-password\?token=[A-Za-z0-9_-]+/.exec(mail.text ?? '')?.[0];
  if (!link) throw new Error(`No reset link in the mail to ${username}: ${mail.text ?? ''}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

async function signIn(page: Page, username: string, password: string) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  // A worker without an office role lands on the workers' view (issue 15).
  await expect(page).toHaveURL(/\/app\/worker$/);
}

test('forgot password: the link in the mail the SMTP server received sets a new password that signs in', async ({ page }) => {
  // Most of it is one `npm run worker` process starting up to send the mail.
  test.setTimeout(120_000);
  const username = await createDemoWorker({ name: 'Rita', surname: 'Reset' });

  await page.goto('/app/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/app\/forgot-password$/);

  const send = page.getByRole('button', { name: 'Send reset link' });
  await send.click();
  await expect(page.getByText('Email address is required.')).toBeVisible();
  await page.getByLabel('E-mail address').fill('not-an-address');
  await send.click();
  await expect(page.getByText('Invalid email address provided.')).toBeVisible();

  await page.getByLabel('E-mail address').fill('nobody-at-all@demo.test');
  await send.click();
  await expect(page.getByText('Username does not exist')).toBeVisible();

  await page.getByLabel('E-mail address').fill(username);
  await send.click();
  await expect(page).toHaveURL(/\/app\/check-email\?email=/);
  await expect(page.getByText(`We sent an e-mail to ${username}.`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/app/login');

  const link = await resetLinkMailedTo(username);
  await page.goto(link);
  await expect(page.getByText(`New password for ${username}`)).toBeVisible();
  const change = page.getByRole('button', { name: 'Change password' });
  await page.getByLabel('New password', { exact: true }).fill('short');
  await expect(page.getByText('Password must be between 8 and 30 characters')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(`${newPassword}x`);
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm new password').fill('');
  await expect(page.getByText('Please confirm the new password')).toBeVisible();
  await expect(change).toBeDisabled();
  await page.getByLabel('Confirm new password').fill(newPassword);
  await expect(change).toBeEnabled();
  await change.click();

  await expect(page).toHaveURL(/\/app\/login\?passwordReset=done$/);
  await expect(page.getByText('Your password has been changed. Sign in with the new one.')).toBeVisible();
  await signIn(page, username, newPassword);

  await page.goto(link);
  await expect(page.getByText('This link is no longer valid.')).toBeVisible();
});

test('an unknown reset link shows that it is no longer valid, with the way back to login', async ({ page }) => {
  await page.goto('/app/change-password?token=not-a-real-token');
  await expect(page.getByText('This link is no longer valid.')).toBeVisible();
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to login' }).click();
  await expect(page).toHaveURL(/\/app\/login$/);
});
