import type { Browser, Page } from '@playwright/test';
import { createDemoWorker, e2eDatabaseUrl, withDatabase } from './support/database';
import { demoPassword, expect, signIn, test } from './support/local-only';

test.describe.configure({ mode: 'serial' });
test.skip(() => !e2eDatabaseUrl(), 'the spec sets up its worker, task and outbox message in the run’s PostgreSQL database');

// The worker's phone, as in worker-view.spec.ts.
test.use({
  viewport: { width: 375, height: 812 },
  hasTouch: true,
  isMobile: true,
  permissions: ['geolocation'],
  geolocation: { latitude: 45.4642, longitude: 9.19 },
});

const stamp = Date.now().toString(36);
const title = `Valve swap ${stamp}`;
const typeName = `Valve service ${stamp}`;
const officeNote = `Bring two valves ${stamp}`;
const recipient = `clock-${stamp}@example.test`;
/** Text with no space to break at, wider than a phone: a pasted link or serial number. */
const unbrokenNote = `serial-${stamp}-${'0123456789'.repeat(60)}`;
const unbrokenDescription = `part-${'ABCDEFGHIJ'.repeat(9)}`;
/** 14:26 in Rome, the demo company's zone: what a 24-hour en-GB reader sees as "02/12/2026 14:26". */
const moment = '2026-12-02T13:26:00Z';

interface Setup {
  username: string;
  userId: number;
  taskId: number;
}

/**
 * A worker of their own (English, 24-hour clock) with a task in progress today at noon, of a type showing the demo's
 * "Materials used" field (a required quantity select, on completion) and no value stored for it yet, and an office note
 * written at a known moment.
 */
async function setUp(): Promise<Setup> {
  const username = await createDemoWorker({ name: 'Mara', surname: `Clock ${stamp}` });
  return withDatabase(async (client) => {
    const one = async <T>(text: string, values: unknown[]) => (await client.query<T & object>(text, values)).rows[0] as T;
    const { tenant, userId } = await one<{ tenant: number; userId: number }>(
      `update users set preferred_language = 'en', preferred_time_format = true where username = $1 returning tenant_id as tenant, id as "userId"`,
      [username],
    );
    const { type } = await one<{ type: number }>('insert into task_types (tenant_id, name) values ($1, $2) returning id as type', [tenant, typeName]);
    const { field } = await one<{ field: number }>(
      `select id as field from custom_fields where tenant_id = $1 and field_name = 'Materials used' and deleted is null`,
      [tenant],
    );
    await client.query('insert into task_type_custom_fields (tenant_id, task_type_id, custom_field_id) values ($1, $2, $3)', [tenant, type, field]);
    const { reference } = await one<{ reference: number }>(
      `insert into task_reference_counters (tenant_id, next_reference_number) values ($1, 2)
       on conflict (tenant_id) do update set next_reference_number = task_reference_counters.next_reference_number + 1
       returning next_reference_number - 1 as reference`,
      [tenant],
    );
    const { taskId } = await one<{ taskId: number }>(
      `insert into tasks (tenant_id, reference_number, title, type_id, assignee_id, status_id, appointment_date, duration_mins,
                          location_address, location_latitude, location_longitude, description)
       values ($1, $2, $3, $4, $5, 2, ((now() at time zone 'Europe/Rome')::date + '12:00'::time) at time zone 'Europe/Rome', 60,
               'Via Dante 7, Milano', 45.4668, 9.1853, $6)
       returning id as "taskId"`,
      [tenant, reference, title, type, userId, unbrokenDescription],
    );
    for (const [note, created] of [[officeNote, moment], [unbrokenNote, moment]]) {
      await client.query(
        `insert into task_notes (tenant_id, task_id, note, author_id, created)
         select $1, $2, $3, id, $4 from users where username = 'dispatcher@demo.test'`,
        [tenant, taskId, note, created],
      );
    }
    return { username, userId, taskId };
  });
}

async function setClock(username: string, twentyFourHour: boolean) {
  await withDatabase((client) => client.query('update users set preferred_time_format = $2 where username = $1', [username, twentyFourHour]));
}

async function drawSignature(page: Page) {
  const pad = page.getByRole('img', { name: 'Signature pad' });
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('The signature pad is not on screen');
  await page.mouse.move(box.x + 30, box.y + box.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 10; step += 1) {
    await page.mouse.move(box.x + 30 + step * 20, box.y + box.height / 2 + (step % 2 === 0 ? -20 : 20));
  }
  await page.mouse.up();
}

async function ownerPage(browser: Browser): Promise<Page> {
  const owner = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
  await signIn(owner, 'owner@demo.test');
  return owner;
}

test('the worker’s phone keeps field names, reads materials, shows the last signature and writes times on the user’s clock', async ({ page }) => {
  test.setTimeout(150_000);
  const setup = await setUp();

  await test.step('the worker signs in and opens the task: times on a 24-hour clock, dates day first', async () => {
    await page.goto('/app/login');
    await page.getByLabel('Username').fill(setup.username);
    await page.getByLabel('Password').fill(demoPassword);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/app\/worker$/);
    const today = page.getByRole('region', { name: /^Today, / });
    // The day's heading in the en-GB order ('Wednesday 2 December'), not the US one ('Wednesday, December 2').
    await expect(today.getByRole('heading')).toHaveText(/^Today, [A-Z][a-z]+ \d{1,2} [A-Z][a-z]+$/);
    await expect(today.getByRole('listitem').filter({ hasText: title })).toContainText('12:00');
    await page.getByRole('button', { name: title }).click();
    const notes = page.getByRole('list', { name: 'Notes of the task' });
    await expect(notes.getByRole('listitem').filter({ hasText: officeNote })).toContainText('02/12/2026 14:26');
    await expect(page.getByText(/^Location shared · last sent \d{2}:\d{2}$/)).toBeVisible();
  });

  await test.step('an unbroken note and description wrap inside the phone’s width', async () => {
    const fits = (element: HTMLElement | SVGElement) => element.scrollWidth <= element.clientWidth;
    const note = page.getByRole('list', { name: 'Notes of the task' }).getByRole('listitem').filter({ hasText: unbrokenNote });
    await expect(note).toBeVisible();
    expect(await note.getByText(unbrokenNote).evaluate(fits)).toBe(true);
    const description = page.getByRole('region', { name: 'Description' });
    await expect(description).toContainText(unbrokenDescription);
    expect(await description.evaluate(fits)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  await test.step('a material without its quantity keeps the field’s name and is not sent', async () => {
    await page.getByRole('button', { name: 'Complete' }).click();
    const form = page.getByRole('form', { name: 'Complete the task' });
    const materials = form.getByRole('group', { name: 'Materials used' });
    await expect(materials).toBeVisible();
    await materials.getByRole('checkbox', { name: 'Valve' }).check();
    await form.getByRole('button', { name: 'Complete' }).click();
    await expect(materials.getByText('Quantity of the item is required')).toBeVisible();
    await expect(form.getByRole('group', { name: 'Materials used' })).toBeVisible();
    await expect(form.getByText(/^#\d+$/)).toHaveCount(0);
    await expect(page.getByText(/waiting to sync/)).toHaveCount(0);
    await expect(page.locator('article header').getByText('In progress')).toBeVisible();
    const status = await withDatabase(async (client) => (await client.query<{ statusId: number }>('select status_id as "statusId" from tasks where id = $1', [setup.taskId])).rows[0]);
    expect(status.statusId).toBe(2);
  });

  await test.step('the completed task reads its materials as "Valve × 2", not as JSON', async () => {
    const form = page.getByRole('form', { name: 'Complete the task' });
    await form.getByLabel('Quantity of Valve').fill('2');
    await form.getByRole('button', { name: 'Complete' }).click();
    await expect(page.locator('article header').getByText('Completed')).toBeVisible();
    await expect(page.getByText(/waiting to sync/)).toHaveCount(0);
    const fields = page.getByRole('region', { name: 'Custom fields' });
    await expect(fields.getByRole('listitem')).toHaveText(['Valve × 2']);
    await expect(fields).not.toContainText('quantity');
    await expect(fields).not.toContainText('[');
  });

  await test.step('a saved signature is shown, with when it was taken, when the task is opened again', async () => {
    await drawSignature(page);
    await page.getByRole('button', { name: 'Save signature' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Signature saved' })).toBeVisible();
    await expect(page.getByText(/waiting to sync/)).toHaveCount(0);

    await page.goto(`/app/worker?task=${setup.taskId}`);
    const signature = page.getByRole('region', { name: "Client's signature" });
    const image = signature.getByRole('img', { name: 'Last signature' });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBeGreaterThan(0);
    await expect(signature.getByText(/^Signed on \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)).toBeVisible();
  });

  await test.step('a 12-hour user reads am/pm on the same screens', async () => {
    await setClock(setup.username, false);
    await page.reload();
    const notes = page.getByRole('list', { name: 'Notes of the task' });
    await expect(notes.getByRole('listitem').filter({ hasText: officeNote })).toContainText('02/12/2026 02:26 pm');
    await expect(page.getByRole('region', { name: "Client's signature" }).getByText(/^Signed on \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} (am|pm)$/)).toBeVisible();
    await expect(page.locator('article header')).toContainText('12:00 pm');
  });
});

test('the Outbox writes its times on the owner’s clock, day first', async ({ browser }) => {
  const { previous } = await withDatabase(async (client) => {
    await client.query(
      `insert into outbox (tenant_id, channel, recipient, subject, body, status, attempts, sent_at, created)
       select tenant_id, 'EMAIL', $1, 'Clock check', 'Hello', 'SENT', 1, $2::timestamptz + interval '1 minute', $2
       from users where username = 'owner@demo.test'`,
      [recipient, moment],
    );
    const row = await client.query<{ previous: boolean }>(
      `select preferred_time_format as previous from users where username = 'owner@demo.test'`,
    );
    return row.rows[0];
  });
  const owner = await ownerPage(browser);
  try {
    await withDatabase((client) => client.query(`update users set preferred_time_format = true where username = 'owner@demo.test'`));
    await owner.goto('/app/main/settings/outbox');
    const row = owner.getByRole('row').filter({ hasText: recipient });
    await expect(row).toContainText('02/12/2026 14:26');
    await expect(row).toContainText('02/12/2026 14:27');

    await withDatabase((client) => client.query(`update users set preferred_time_format = false where username = 'owner@demo.test'`));
    await owner.reload();
    await expect(row).toContainText('02/12/2026 02:26 pm');
    await expect(row).toContainText('02/12/2026 02:27 pm');
  } finally {
    await withDatabase((client) => client.query('update users set preferred_time_format = $1 where username = $2', [previous, 'owner@demo.test']));
    await owner.context().close();
  }
});
