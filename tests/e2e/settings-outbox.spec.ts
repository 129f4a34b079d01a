import { withDatabase } from './support/database';
import { expect, signIn, test } from './support/local-only';

// The e2e server runs without SMTP or an SMS provider, so a queued message waits in the outbox. It names a report
// attachment, which the list marks.
const recipient = `outbox-${Date.now().toString(36)}@client.test`;

test.beforeAll(async () => {
  await withDatabase((client) =>
    client.query(
      `insert into outbox (tenant_id, channel, recipient, subject, body, attachment)
       select tenant_id, 'EMAIL', $1, 'Your appointment', 'See you tomorrow at 9.', '{"kind":"task-report","taskId":1,"language":"en"}'
       from users where username = 'owner@demo.test'`,
      [recipient],
    ),
  );
});

test('the owner sees a queued message waiting, the not-configured banner, and reads the message', async ({ page }) => {
  await signIn(page, 'owner@demo.test');
  await page.goto('/app/main/settings/outbox');
  await expect(page.getByRole('heading', { name: 'Outbox' })).toBeVisible();
  await expect(page.getByText('Delivery is not configured: messages wait here until SMTP_URL is set.')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Filter' }).fill(recipient);
  const row = page.getByRole('row').filter({ hasText: recipient });
  await expect(row).toContainText('Your appointment');
  await expect(row).toContainText('Waiting');
  await expect(row.getByRole('img', { name: 'PDF report attached' })).toBeVisible();
  await row.click();
  const details = page.getByRole('dialog', { name: 'Your appointment' });
  await expect(details).toContainText('See you tomorrow at 9.');
  await expect(details).toContainText('PDF report attached');
});
