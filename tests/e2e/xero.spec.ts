import type { Page } from '@playwright/test';
import { expect, signIn, test } from './support/local-only';
import { xeroE2eApps } from './support/xero-fixtures';

/**
 * The accounting import against the stand-in Xero (tests/e2e/support/xero-stand-in.ts, three contacts
 * "Xero Contact 001..003"): connect a web app through the provider's consent page and /app/main/callback, fetch
 * the contacts, resolve the duplicate in the modal, see the clients; then switch to a custom connection.
 */
const [webApp, customApp] = xeroE2eApps;

async function expectClientListed(page: Page, name: string) {
  const filter = page.getByRole('searchbox', { name: 'Filter clients' });
  await filter.fill(name);
  await expect(page.getByRole('rowheader', { name, exact: true })).toBeVisible();
}

test('connects Xero as a web app, imports its contacts and overrides the chosen duplicate', async ({ page }) => {
  await signIn(page, 'owner@demo.test');
  // A client that Xero also has, with other details: the import offers it as a duplicate.
  const existing = await page.request.post('/api/web/clients', {
    data: { displayName: 'Xero Contact 002', billingContact: { email: 'old@example.test' } },
  });
  expect(existing.status()).toBe(200);

  await page.goto('/app/main/clients/all');
  await page.getByRole('button', { name: 'Connect accounting provider' }).click();
  const drawer = page.getByRole('dialog', { name: 'Accounting provider credentials' });
  await expect(drawer.getByRole('button', { name: 'Save' })).toBeDisabled();
  await drawer.getByRole('button', { name: 'Test' }).click();
  await expect(page.getByText('please fill the fields')).toBeVisible();

  await expect(drawer.getByLabel('Connection method')).toHaveValue('WEB_APP');
  await drawer.getByLabel('Client id').fill(webApp.clientId);
  await drawer.getByLabel('Client secret').fill(webApp.clientSecret);
  await expect(drawer.getByLabel('Client secret')).toHaveAttribute('type', 'password');
  // Test saves, goes to the provider's consent page, which sends the browser back to the callback with a code.
  await drawer.getByRole('button', { name: 'Test' }).click();
  await expect(page).toHaveURL(/\/app\/main\/clients\/all$/);
  await expect(page.getByText('credentials saved')).toBeVisible();

  await page.getByRole('button', { name: 'Fetch from accounting provider' }).click();
  const modal = page.getByRole('dialog', { name: 'Duplicated clients' });
  await expect(modal.getByText('Xero Contact 002', { exact: true })).toBeVisible();
  await expect(modal.getByText('contact002@example.test', { exact: true })).toBeVisible();
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Please select at least one client')).toBeVisible();

  await modal.getByRole('textbox', { name: 'Filter' }).fill('nothing like it');
  await expect(modal.getByText('No contact matches the filter.')).toBeVisible();
  await modal.getByRole('textbox', { name: 'Filter' }).fill('002');
  await modal.getByRole('checkbox', { name: 'Xero Contact 002' }).check();
  await modal.getByRole('button', { name: 'Save' }).click();
  const confirm = page.getByRole('dialog', { name: 'Override clients' });
  await expect(confirm.getByText('Replace the data of 1 client with the accounting provider’s?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('clients updated successfully')).toBeVisible();
  await expect(modal).toBeHidden();

  for (const name of ['Xero Contact 001', 'Xero Contact 002', 'Xero Contact 003']) await expectClientListed(page, name);
  const clients = (await (await page.request.get('/api/web/clients')).json()) as {
    displayName: string;
    billingContact: { email?: string };
  }[];
  expect(clients.find((client) => client.displayName === 'Xero Contact 002')?.billingContact.email).toBe(
    'contact002@example.test',
  );

  // A custom connection: the test checks the credentials at once, and only then may they be saved.
  await page.getByRole('button', { name: 'Accounting provider credentials' }).click();
  await expect(drawer.getByText('Authorised at the accounting provider.')).toBeVisible();
  await drawer.getByLabel('Connection method').selectOption({ label: 'Custom connection' });
  await drawer.getByLabel('Client id').fill(customApp.clientId);
  await drawer.getByLabel('Client secret').fill('not the secret');
  await drawer.getByRole('button', { name: 'Test' }).click();
  await expect(page.getByText('credentials are not valid')).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Save' })).toBeDisabled();
  await drawer.getByLabel('Client secret').fill(customApp.clientSecret);
  await drawer.getByRole('button', { name: 'Test' }).click();
  await expect(page.getByText('credentials valid', { exact: true })).toBeVisible();
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('credentials saved')).toBeVisible();
  await expect(drawer).toBeHidden();

  await page.getByRole('button', { name: 'Fetch from accounting provider' }).click();
  await expect(page.getByText('No new contacts to import.')).toBeVisible();
});
