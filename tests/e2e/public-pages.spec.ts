import { createHash, randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { createDemoWorker, withDatabase } from './support/database';
import { expect, test } from './support/local-only';

const demoPassword = 'demo-pass-2026';

/** A link token as createTaskLink makes it: the random text goes in the URL, its SHA-256 into task_access_tokens. */
async function linkToken(taskId: number, purpose: 'FEEDBACK' | 'TRACKING'): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await withDatabase((client) =>
    client.query(
      `insert into task_access_tokens (tenant_id, task_id, purpose, token_hash, expires)
       select tenant_id, id, $2, $3, now() + interval '1 day' from tasks where id = $1`,
      [taskId, purpose, createHash('sha256').update(token).digest('hex')],
    ),
  );
  return token;
}

/**
 * A pending task of the demo tenant at a known point in Milan, assigned to worker2 unless told otherwise; the
 * assignee's last position is set to another known point, taken now.
 */
async function openTask(title: string, assignee = 'worker2@demo.test'): Promise<number> {
  return withDatabase(async (client) => {
    await client.query(`update users set lat = '45.4642', lng = '9.1900', lat_lng_timestamp = now() where username = $1`, [assignee]);
    const { rows } = await client.query<{ id: number }>(
      `with tenant as (
         insert into task_reference_counters (tenant_id, next_reference_number)
         select tenant_id, 2 from users where username = $2
         on conflict (tenant_id) do update set next_reference_number = task_reference_counters.next_reference_number + 1
         returning tenant_id as id, next_reference_number - 1 as reference
       )
       insert into tasks (tenant_id, reference_number, title, type_id, assignee_id, appointment_date, duration_mins,
                          location_address, location_latitude, location_longitude)
       select tenant.id, tenant.reference,
              $1, (select id from task_types where tenant_id = tenant.id and deleted is null order by id limit 1),
              (select id from users where username = $2), now() + interval '2 hours', 60,
              'Via Roma 1, Milano', 45.4700, 9.1850
       from tenant
       returning id`,
      [title, assignee],
    );
    return rows[0].id;
  });
}

async function signIn(page: Page) {
  await page.goto('/app/login');
  await page.getByLabel('Username').fill('dispatcher@demo.test');
  await page.getByLabel('Password').fill(demoPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/app\/main\//);
}

test('a client rates a task 3.5 through the feedback link, and the reopened link then shows what was given', async ({ page }) => {
  const taskId = await openTask(`Feedback ${Date.now()}`);
  const token = await linkToken(taskId, 'FEEDBACK');
  await page.goto(`/app/f/${token}`);
  const rating = page.getByRole('slider', { name: 'Rating' });
  await expect(rating).toHaveAttribute('aria-valuenow', '2.5');
  await rating.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(rating).toHaveAttribute('aria-valuenow', '3.5');
  await page.getByLabel('Comment').fill('On time and tidy');
  await page.getByRole('button', { name: 'Send Feedback' }).click();
  await expect(page.getByRole('status')).toHaveText('Thank you for your feedback!');
  const stored = await withDatabase(async (client) => {
    const { rows } = await client.query<{ rating: string; feedback_comment: string }>(
      'select rating, feedback_comment from tasks where id = $1',
      [taskId],
    );
    return rows[0];
  });
  expect(stored).toEqual({ rating: '3.5', feedback_comment: 'On time and tidy' });

  // Issue 29: a spent link used to answer "Operation failed"; it now thanks the client with what they gave, read-only.
  await page.goto(`/app/f/${token}`);
  await expect(page.getByRole('status')).toHaveText('Thank you for your feedback!');
  await expect(page.getByRole('img', { name: 'Rating: 3.5 out of 5 stars' })).toBeVisible();
  await expect(page.getByText('On time and tidy')).toBeVisible();
  await expect(page.getByRole('slider')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Terms of use' })).toHaveAttribute('href', '/terms-of-use');
});

test('the tracking link shows the appointment, the technician only while the task is in progress, and fails once it is completed', async ({ page, context }) => {
  const title = `Tracking ${Date.now()}`;
  // A worker of its own: a seeded worker may have a task left in progress, which keeps their position off every link.
  const worker = await createDemoWorker({ name: 'Tracy', surname: 'Example' });
  const taskId = await openTask(title, worker);
  const token = await linkToken(taskId, 'TRACKING');
  // A one-second refresh instead of 30 s, so the test sees the next poll without waiting.
  await page.goto(`/app/t/${token}?refresh=1000`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  // Pending: the marker is the appointment's place, and nothing says who or where the technician is.
  await expect(page.getByRole('img', { name: 'Appointment location' })).toBeVisible();
  await expect(page.getByText('Your technician: ')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('href', /\/api\/web\/tasks\/tracking\/ics\?token=/);

  const office = await context.newPage();
  await signIn(office);
  const started = await office.request.patch('/api/web/tasks/update-status', {
    data: { taskIds: [taskId], statusId: 2, type: 'task status' },
  });
  expect(started.ok(), await started.text()).toBe(true);
  // The technician's phone reports a position after the start: the next poll shows it and their first name.
  await withDatabase((client) =>
    client.query(`update users set lat = '45.4650', lng = '9.1880', lat_lng_timestamp = now() where username = $1`, [worker]),
  );
  await expect(page.getByRole('img', { name: "Technician's last position" })).toBeVisible();
  await expect(page.getByText('Your technician: Tracy')).toBeVisible();
  await expect(page.getByText('Tracy Example')).toHaveCount(0);

  const completed = await office.request.patch('/api/web/tasks/update-status', {
    data: { taskIds: [taskId], statusId: 4, type: 'task status' },
  });
  expect(completed.ok(), await completed.text()).toBe(true);

  await expect(page.getByRole('alert').filter({ hasText: 'Operation failed. Task is completed or does not exist.' })).toBeVisible();
  await expect(page.getByRole('img', { name: "Technician's last position" })).toHaveCount(0);

  // Opened afresh, the completed task's link answers 404 with the same panel.
  const reopened = await page.goto(`/app/t/${token}`);
  expect(reopened?.status()).toBe(404);
  await expect(page.getByRole('alert').filter({ hasText: 'Operation failed. Task is completed or does not exist.' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Terms of use' })).toHaveAttribute('href', '/terms-of-use');
});

test('an unknown tracking link answers 404 with the failure panel', async ({ page }) => {
  const response = await page.goto(`/app/t/${randomBytes(32).toString('base64url')}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('alert').filter({ hasText: 'Operation failed. Task is completed or does not exist.' })).toBeVisible();
  // The tracking page's own panel, not the app-wide 404 page.
  await expect(page.getByText('Sorry, the page you visited does not exist.')).toHaveCount(0);
});
