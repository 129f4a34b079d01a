import type { Browser, Locator, Page } from '@playwright/test';
import { pngBytes } from '../support/sample-files';
import { createDemoWorker, e2eDatabaseUrl, withDatabase } from './support/database';
import { demoPassword, expect, signIn, test } from './support/local-only';

test.describe.configure({ mode: 'serial' });
test.skip(() => !e2eDatabaseUrl(), 'the worker view spec sets up its worker and task in the run’s PostgreSQL database');

// The worker's phone: a small touch screen that reports a position in Milan.
test.use({
  viewport: { width: 375, height: 812 },
  hasTouch: true,
  isMobile: true,
  permissions: ['geolocation'],
  geolocation: { latitude: 45.4642, longitude: 9.19 },
});

const stamp = Date.now().toString(36);
const worker = { name: 'Wanda', surname: `Field ${stamp}` };
const fullName = `${worker.name} ${worker.surname}`;
const title = `Boiler at Via Dante ${stamp}`;
const typeName = `Meter check ${stamp}`;
const fieldName = `Meter number ${stamp}`;
const noteText = `Replaced the valve, offline ${stamp}`;
const laterTitle = `Gate repair ${stamp}`;

interface Setup {
  username: string;
  taskId: number;
  referenceNumber: number;
  laterTaskId: number;
  othersTaskId: number;
}

/**
 * A worker of their own with one task today at noon (Rome) of a type with an ON_COMPLETION select field left empty, and
 * the id of a task someone else has, for the not-found check.
 */
async function setUp(): Promise<Setup> {
  const username = await createDemoWorker(worker);
  return withDatabase(async (client) => {
    const one = async <T>(text: string, values: unknown[]) => (await client.query<T & object>(text, values)).rows[0] as T;
    const { tenant, user } = await one<{ tenant: number; user: number }>(
      'select tenant_id as tenant, id as user from users where username = $1',
      [username],
    );
    const { type } = await one<{ type: number }>('insert into task_types (tenant_id, name) values ($1, $2) returning id as type', [tenant, typeName]);
    const { field } = await one<{ field: number }>(
      `insert into custom_fields (tenant_id, field_name, field_type, options, required, required_type)
       values ($1, $2, 'SINGLE_SELECT', '["04511", "04512"]', true, 'ON_COMPLETION') returning id as field`,
      [tenant, fieldName],
    );
    await client.query('insert into task_type_custom_fields (tenant_id, task_type_id, custom_field_id) values ($1, $2, $3)', [tenant, type, field]);
    const insertTask = async (taskTitle: string, time: string) => {
      const { reference } = await one<{ reference: number }>(
        `insert into task_reference_counters (tenant_id, next_reference_number) values ($1, 2)
         on conflict (tenant_id) do update set next_reference_number = task_reference_counters.next_reference_number + 1
         returning next_reference_number - 1 as reference`,
        [tenant],
      );
      const { id } = await one<{ id: number }>(
        `insert into tasks (tenant_id, reference_number, title, type_id, assignee_id, appointment_date, duration_mins,
                            location_address, location_latitude, location_longitude, contact_name, contact_phone_country_code, contact_phone)
         values ($1, $2, $3, $4, $5, ((now() at time zone 'Europe/Rome')::date + $6::time) at time zone 'Europe/Rome', 60,
                 'Via Dante 7, Milano', 45.4668, 9.1853, 'Carla', '+39', '333 1234567')
         returning id`,
        [tenant, reference, taskTitle, type, user, time],
      );
      return { id, reference };
    };
    const { id: taskId, reference } = await insertTask(title, '12:00');
    const { id: laterTaskId } = await insertTask(laterTitle, '15:00');
    await client.query('insert into custom_field_values (tenant_id, task_id, custom_field_id, field_value) values ($1, $2, $3, null)', [tenant, taskId, field]);
    const { othersTaskId } = await one<{ othersTaskId: number }>(
      'select id as "othersTaskId" from tasks where tenant_id = $1 and assignee_id is not null and assignee_id <> $2 order by id limit 1',
      [tenant, user],
    );
    return { username, taskId, referenceNumber: reference, laterTaskId, othersTaskId };
  });
}

async function countRows(text: string, values: unknown[]): Promise<number> {
  return withDatabase(async (client) => Number((await client.query<{ count: string }>(text, values)).rows[0].count));
}

async function officePage(browser: Browser): Promise<Page> {
  const office = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
  await signIn(office, 'dispatcher@demo.test');
  return office;
}

async function expectTouchSized(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box && box.height >= 44 && box.width >= 44, 'a touch target of at least 44 × 44 px').toBe(true);
}

test('a worker runs the day on the phone: start, offline note and completion synced once, signature seen by the office', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const setup = await setUp();
  // The dispatcher's desk, signed in once (the login is rate limited per username).
  let desk: Page | null = null;
  const officeDesk = async () => (desk ??= await officePage(browser));

  await test.step('the worker signs in and lands on today’s list', async () => {
    await page.goto('/app/login');
    await page.getByLabel('Username').fill(setup.username);
    await page.getByLabel('Password').fill(demoPassword);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/app\/worker$/);
    const today = page.getByRole('region', { name: /^Today, / });
    await expect(today.getByRole('button', { name: title })).toBeVisible();
    const card = today.getByRole('listitem').filter({ hasText: title });
    await expect(card).toContainText('12:00');
    await expect(card).toContainText('Via Dante 7, Milano');
    await expect(card).toContainText('Pending');
    await expect(card.getByRole('link', { name: 'Call Carla' })).toHaveAttribute('href', 'tel:+393331234567');
    await expectTouchSized(card.getByRole('link', { name: 'Call Carla' }));
    // Time order: the noon task comes before the afternoon one.
    await expect(today.getByRole('listitem').first()).toContainText(title);
    await expect(today.getByRole('listitem').nth(1)).toContainText(laterTitle);
    await page.goto('/app/main');
    await expect(page).toHaveURL(/\/app\/worker$/);
  });

  await test.step('the worker opens the task and starts it; the office sees the worker green', async () => {
    await page.getByRole('button', { name: title }).click();
    await expect(page).toHaveURL(new RegExp(`\\?task=${setup.taskId}$`));
    await expect(page.getByRole('link', { name: 'Navigate' })).toHaveAttribute('href', /^geo:45\.4668,9\.1853/);
    const start = page.getByRole('button', { name: 'Start' });
    await expectTouchSized(start);
    await start.click();
    await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
    await expect(page.getByText(/^Location shared · last sent/)).toBeVisible();

    const office = await officeDesk();
    await office.goto('/app/main/tracking/all');
    const row = office.getByRole('list', { name: 'Workers' }).getByRole('listitem').filter({ hasText: fullName });
    await expect(row.getByRole('img', { name: 'Active' })).toBeVisible();
    // The dispatcher holds no assignee role: the workers' view sends them back to the console.
    await office.goto('/app/worker');
    await expect(office).toHaveURL(/\/app\/main\//);
  });

  await test.step('the view and the day’s tasks open without a network', async () => {
    await page.waitForFunction(async () => Boolean(navigator.serviceWorker.controller) && Boolean(await caches.match('/app/worker')));
    await page.context().setOffline(true);
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  });

  await test.step('offline, the worker adds a note and completes, filling the flagged field', async () => {
    await page.getByLabel('New note').fill(noteText);
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect(page.getByRole('list', { name: 'Notes of the task' }).getByText(noteText)).toBeVisible();
    await expect(page.getByText('1 change waiting to sync')).toBeVisible();

    await page.getByRole('button', { name: 'Complete' }).click();
    const form = page.getByRole('form', { name: 'Complete the task' });
    await expect(form.getByRole('alert')).toHaveText('Fill in these fields to complete the task.');
    await form.getByRole('button', { name: 'Complete' }).click();
    await expect(form.getByText('This field is required.')).toBeVisible();
    // A select with its options although offline: the field came with the day's tasks.
    await expect(form.getByLabel(fieldName).locator('option')).toHaveText(['Choose…', '04511', '04512']);
    await form.getByLabel(fieldName).selectOption('04512');
    await form.getByRole('button', { name: 'Complete' }).click();
    await expect(page.getByText('2 changes waiting to sync')).toBeVisible();
    await expect(page.locator('article header').getByText('Completed')).toBeVisible();
  });

  await test.step('back online, the changes sync once', async () => {
    await page.context().setOffline(false);
    await expect(page.getByText(/changes? waiting to sync/)).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Notes of the task' }).getByText('Waiting to sync')).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Notes of the task' }).getByText(noteText)).toBeVisible();
    expect(await countRows('select count(*) from task_notes where task_id = $1 and note = $2', [setup.taskId, noteText])).toBe(1);
    expect(
      await countRows(`select count(*) from task_logs where task_id = $1 and action = 'change_task_status' and new_value = 'completed'`, [setup.taskId]),
    ).toBe(1);
    expect(await countRows(`select count(*) from custom_field_values where task_id = $1 and field_value = '04512'`, [setup.taskId])).toBe(1);
    expect(await countRows('select count(*) from tasks where id = $1 and status_id = 4', [setup.taskId])).toBe(1);
  });

  await test.step('a start made offline on a task the office changed meanwhile is kept as a note beside the office version', async () => {
    await page.getByRole('button', { name: 'Back to my tasks' }).click();
    await page.context().setOffline(true);
    await page.getByRole('button', { name: laterTitle }).click();
    await page.getByRole('button', { name: 'Start' }).click();
    await expect(page.getByText('1 change waiting to sync')).toBeVisible();

    const office = await officeDesk();
    const changed = await office.request.put(`/api/web/tasks/${setup.laterTaskId}`, { data: { description: 'Bring the long ladder' } });
    expect(changed.ok(), await changed.text()).toBe(true);

    await page.context().setOffline(false);
    const conflict = page.getByRole('alert').filter({ hasText: 'The office changed this task while you were offline.' });
    await expect(conflict).toContainText('Offline change not applied: Started at');
    await expect(conflict).toContainText('Pending');
    await expect(page.getByText('Bring the long ladder')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start' })).toBeVisible();
    await expect.poll(() => countRows(`select count(*) from task_notes where task_id = $1 and note like 'Offline change not applied: Started at %'`, [setup.laterTaskId])).toBe(1);
    expect(await countRows('select count(*) from tasks where id = $1 and status_id = 1', [setup.laterTaskId])).toBe(1);
    await page.getByRole('button', { name: 'Back to my tasks' }).click();
    await page.getByRole('button', { name: title }).click();
  });

  await test.step('a photo from the camera is attached', async () => {
    const photos = page.getByRole('region', { name: 'Photos' });
    await page.locator('input[type=file]').setInputFiles({ name: 'meter.png', mimeType: 'image/png', buffer: Buffer.from(pngBytes(64, 48)) });
    await expect(photos.getByRole('img', { name: 'meter.png' })).toBeVisible();
  });

  await test.step('the client signs on the canvas; the office sees the signature in the task drawer', async () => {
    const pad = page.getByRole('img', { name: 'Signature pad' });
    await pad.scrollIntoViewIfNeeded();
    const box = await pad.boundingBox();
    if (!box) throw new Error('The signature pad is not on screen');
    await page.mouse.move(box.x + 30, box.y + box.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 12; step += 1) {
      await page.mouse.move(box.x + 30 + step * 20, box.y + box.height / 2 + (step % 2 === 0 ? -25 : 25));
    }
    await page.mouse.up();
    await page.getByRole('button', { name: 'Save signature' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Signature saved' })).toBeVisible();
    await expect.poll(() => countRows('select count(*) from task_signatures where task_id = $1', [setup.taskId])).toBe(1);

    const office = await officeDesk();
    await office.goto(`/app/main/tasks/scheduled?task=${setup.taskId}`);
    const drawer = office.getByRole('dialog', { name: `Task #${setup.referenceNumber} · ${typeName}` });
    await drawer.getByRole('tab', { name: 'Signature' }).click();
    const image = drawer.getByRole('tabpanel', { name: 'Signature' }).getByRole('img', { name: 'Signature' });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBeGreaterThan(0);
  });

  await test.step('another worker’s task is not found', async () => {
    await page.goto(`/app/worker?task=${setup.othersTaskId}`);
    await expect(page.getByRole('alert').filter({ hasText: 'Task not found' })).toBeVisible();
  });

  await test.step('the worker signs out from the view', async () => {
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/app\/signed-out$/);
  });
  await (desk as Page | null)?.context().close();
});
