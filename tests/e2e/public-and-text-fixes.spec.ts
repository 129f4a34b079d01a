import { createHash, randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { defaultCancellationReasonNames } from '@/lib/contract/cancellation-reasons';
import { zonedDateAndTime } from '@/lib/contract/zoned-time';
import { withDatabase } from './support/database';
import { expect, signIn, tenantTimeZone, test } from './support/local-only';

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

/** A pending, unassigned task of the demo tenant in two days, at a known point in Milan. */
async function openTask(title: string): Promise<number> {
  return withDatabase(async (client) => {
    const { rows } = await client.query<{ id: number }>(
      `with tenant as (
         insert into task_reference_counters (tenant_id, next_reference_number)
         select tenant_id, 2 from users where username = 'dispatcher@demo.test'
         on conflict (tenant_id) do update set next_reference_number = task_reference_counters.next_reference_number + 1
         returning tenant_id as id, next_reference_number - 1 as reference
       )
       insert into tasks (tenant_id, reference_number, title, type_id, appointment_date, duration_mins,
                          location_address, location_latitude, location_longitude)
       select tenant.id, tenant.reference,
              $1, (select id from task_types where tenant_id = tenant.id and deleted is null order by id limit 1),
              now() + interval '2 days', 60, 'Via Roma 1, Milano', 45.4700, 9.1850
       from tenant
       returning id`,
      [title],
    );
    return rows[0].id;
  });
}

/** The picker's value ('YYYY-MM-DDTHH:mm') of an instant on the demo company's clock. */
function companyPickerValue(instant: Date): string {
  const { date, time } = zonedDateAndTime(instant, tenantTimeZone);
  return `${date}T${time}`;
}

test.describe('the feedback link', () => {
  test('after sending, the client is thanked with what they gave, and reopening the link shows the same', async ({ page }) => {
    const taskId = await openTask(`Feedback again ${Date.now()}`);
    const token = await linkToken(taskId, 'FEEDBACK');
    await page.goto(`/app/f/${token}`);
    const slider = page.getByRole('slider', { name: 'Rating' });
    await slider.focus();
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    await expect(slider).toHaveAttribute('aria-valuenow', '4.5');
    await page.getByLabel('Comment').fill('Friendly and on time');
    await page.getByRole('button', { name: 'Send Feedback' }).click();

    const showsWhatWasGiven = async () => {
      await expect(page.getByRole('heading', { name: 'Feedback received' })).toBeVisible();
      await expect(page.getByRole('status')).toHaveText('Thank you for your feedback!');
      await expect(page.getByRole('img', { name: 'Rating: 4.5 out of 5 stars' })).toBeVisible();
      await expect(page.getByText('Friendly and on time')).toBeVisible();
      // Read-only: nothing to change or send again, and no failure.
      await expect(page.getByRole('slider')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Send Feedback' })).toHaveCount(0);
      await expect(page.getByText('Operation failed. Please, try again later.')).toHaveCount(0);
    };
    await showsWhatWasGiven();
    await page.goto(`/app/f/${token}`);
    await showsWhatWasGiven();
  });
});

test.describe('Request another time on the tracking page', () => {
  // The browser is nine hours behind the company: a time already past in Rome is still to come on the browser's clock.
  test.use({ timezoneId: 'America/Los_Angeles' });

  test('a time already past on the company clock is refused in the form, and nothing is sent', async ({ page }) => {
    const title = `Reschedule ${Date.now()}`;
    const token = await linkToken(await openTask(title), 'TRACKING');
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/web/tasks/tracking/reschedule')) sent.push(request.postData() ?? '');
    });
    await page.goto(`/app/t/${token}`);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    const form = page.getByRole('form', { name: 'Request another time' });
    const picker = form.getByLabel('Preferred date and time');
    const send = form.getByRole('button', { name: 'Send request' });
    const pastMessage = 'This time has already passed. Choose a later date and time.';

    for (const past of ['2020-01-10T10:00', companyPickerValue(new Date(Date.now() - 30 * 60_000))]) {
      await picker.fill(past);
      await expect(form.getByRole('alert')).toHaveText(pastMessage);
      await expect(picker).toHaveAttribute('aria-invalid', 'true');
      await expect(send).toBeDisabled();
      await picker.press('Enter');
      await expect(form.getByRole('alert')).toHaveText(pastMessage);
    }
    expect(sent).toEqual([]);

    const later = companyPickerValue(new Date(Date.now() + 2 * 86_400_000));
    await picker.fill(later);
    await expect(form.getByRole('alert')).toHaveCount(0);
    await expect(send).toBeEnabled();
    await send.click();
    await expect(page.getByRole('status')).toHaveText('Your request has been sent. The office will contact you.');
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0])).toMatchObject({ preferredTime: later });
  });
});

/** A manager of the demo tenant who reads the app in Italian, with the demo password (worker1's hash). */
async function createItalianManager(): Promise<string> {
  const username = `italiano-${Date.now().toString(36)}@demo.test`;
  await withDatabase(async (client) => {
    const { rows } = await client.query<{ id: number }>(
      `insert into users (tenant_id, username, name, surname, tasks_manager, users_manager, preferred_language)
       select tenant_id, $1, 'Giulia', 'Ferri', true, true, 'it' from users where username = 'worker1@demo.test'
       returning id`,
      [username],
    );
    await client.query(
      `insert into accounts (user_id, account_id, provider_id, password)
       select $1, $2, 'credential', a.password from accounts a
       join users u on u.id = a.user_id where u.username = 'worker1@demo.test' and a.provider_id = 'credential'`,
      [rows[0].id, String(rows[0].id)],
    );
  });
  return username;
}

async function createTask(page: Page): Promise<{ id: number; referenceNumber: number }> {
  const types = (await (await page.request.get('/api/web/task-types')).json()) as Array<{ id: number; type: string }>;
  const type = types.find((candidate) => candidate.type === 'Boiler service');
  if (!type) throw new Error('The demo has no Boiler service type.');
  const response = await page.request.post('/api/web/tasks', { multipart: { task: JSON.stringify({ typeId: type.id }) } });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as { id: number; referenceNumber: number };
}

async function openDrawer(page: Page, task: { id: number; referenceNumber: number }): Promise<Locator> {
  await page.goto(`/app/main/tasks/scheduled?task=${task.id}`);
  const drawer = page.getByRole('dialog', { name: `Intervento n. ${task.referenceNumber} · Boiler service` });
  await expect(drawer).toBeVisible();
  return drawer;
}

const italianDefaults = ['Annullato dal cliente', 'Cliente assente', 'Duplicato', 'Altro'];

test.describe('an Italian manager', () => {
  test.describe.configure({ mode: 'serial' });
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage();
    await signIn(page, await createItalianManager());
  });

  test.afterAll(async () => {
    await page.close();
  });

  test('sees the default cancellation reasons in Italian in settings, and a reason the company named as typed', async () => {
    const typed = `Cliente in ritardo ${Date.now()}`;
    const created = await page.request.post('/api/web/cancellation_reason', { data: { name: typed } });
    expect(created.ok(), await created.text()).toBe(true);
    await page.goto('/app/main/settings/cancellation-reasons');
    const table = page.getByRole('table');
    for (const name of italianDefaults) await expect(table.getByRole('cell', { name, exact: true })).toBeVisible();
    await expect(table.getByRole('cell', { name: typed, exact: true })).toBeVisible();
    for (const english of Object.values(defaultCancellationReasonNames)) {
      await expect(table.getByRole('cell', { name: english, exact: true })).toHaveCount(0);
    }
  });

  test('cancels a task with an Italian default reason, which the banner names in Italian; the map tooltips are Italian', async () => {
    const drawer = await openDrawer(page, await createTask(page));
    // MapLibre's own controls take their texts from the map's locale option.
    await expect(drawer.getByRole('button', { name: 'Ingrandisci' })).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Riduci' })).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Zoom in' })).toHaveCount(0);

    await drawer.getByRole('button', { name: 'Annulla intervento' }).click();
    const dialog = page.getByRole('dialog', { name: 'Annulla intervento' });
    const reason = dialog.getByRole('combobox');
    const options = (await reason.locator('option').allTextContents()).map((text) => text.trim());
    for (const name of italianDefaults) expect(options).toContain(name);
    for (const english of Object.values(defaultCancellationReasonNames)) expect(options).not.toContain(english);
    await reason.selectOption({ label: 'Cliente assente' });
    await dialog.getByRole('button', { name: 'Annulla intervento' }).click();
    await expect(drawer.getByRole('alert').filter({ hasText: 'Cliente assente' })).toBeVisible();
  });

  test('an edited note of 3,000 characters without a space wraps in the timeline instead of widening the drawer', async () => {
    const task = await createTask(page);
    const added = await page.request.post(`/api/web/tasks/${task.id}/notes`, { data: { note: 'a'.repeat(3000) } });
    expect(added.ok(), await added.text()).toBe(true);
    const { id: noteId } = (await added.json()) as { id: number };
    const edited = await page.request.put(`/api/web/tasks/${task.id}/notes/${noteId}`, { data: { note: 'b'.repeat(3000) } });
    expect(edited.ok(), await edited.text()).toBe(true);

    const drawer = await openDrawer(page, task);
    await drawer.getByRole('tab', { name: 'Cronologia' }).click();
    const panel = drawer.getByRole('tabpanel', { name: 'Cronologia' });
    const entry = panel.getByRole('listitem').filter({ hasText: 'Ha modificato una nota' });
    await expect(entry).toBeVisible();
    const fits = (locator: Locator) => locator.evaluate((element) => element.scrollWidth <= element.clientWidth);
    expect(await fits(entry)).toBe(true);
    expect(await fits(panel)).toBe(true);
    expect(await fits(drawer)).toBe(true);
    const [entryBox, drawerBox] = [await entry.boundingBox(), await drawer.boundingBox()];
    expect(entryBox && drawerBox && entryBox.x + entryBox.width <= drawerBox.x + drawerBox.width).toBe(true);

    // The sibling: the Notes tab's row of the same note wraps too.
    await drawer.getByRole('tab', { name: 'Note', exact: true }).click();
    const notes = drawer.getByRole('tabpanel', { name: 'Note', exact: true });
    await expect(notes.getByText('b'.repeat(3000))).toBeVisible();
    expect(await fits(notes)).toBe(true);
    expect(await fits(drawer)).toBe(true);
  });
});
