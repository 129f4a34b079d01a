import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import type { TaskTypeView } from '@/lib/contract/task-types';
import { chooseOption, combobox, fillDate } from './support/controls';
import { setPreferredLanguage } from './support/language';
import { dayIn, expect, signIn, tenantTimeZone, test } from './support/local-only';

/**
 * Issue 31: a refusal only the server makes reaches the task form's user in their language, put into words by its
 * code (errors.<code> in messages/<language>.json), never as the server's English sentence.
 */

type Language = 'en' | 'it' | 'fr';
type Messages = typeof import('@/messages/en.json');

/** A language's texts, read as the app reads them (Playwright's loader takes no JSON import). */
const messagesOf = (language: Language) => JSON.parse(readFileSync(`messages/${language}.json`, 'utf8')) as Messages;
const it = messagesOf('it');
const fr = messagesOf('fr');

async function openNewTask(page: Page, messages: Messages): Promise<Locator> {
  await page.goto('/app/main/tasks/scheduled?task=new');
  const drawer = page.getByRole('dialog', { name: messages.taskDrawer.addTitle });
  await expect(combobox(drawer, `${messages.taskDrawer.fields.type} *`)).toBeVisible();
  return drawer;
}

/** The POST tasks the form sends on Save, and its answer. */
const taskPost = (page: Page) =>
  page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/web/tasks');

test.describe.configure({ mode: 'serial' });

// One sign-in for the whole file (the login is rate limited): every test starts from its session cookie.
let sessionFile = '';
test.beforeAll(async ({ browser }, workerInfo) => {
  const page = await browser.newPage();
  await signIn(page, 'owner@demo.test');
  sessionFile = workerInfo.outputPath('owner-session.json');
  await page.context().storageState({ path: sessionFile });
  await page.close();
});
test.beforeEach(async ({ context }) => {
  const state = JSON.parse(readFileSync(sessionFile, 'utf8')) as { cookies: Parameters<typeof context.addCookies>[0] };
  await context.addCookies(state.cookies);
});
test.afterEach(async ({ page }) => {
  await setPreferredLanguage(page, 'en');
});

test('in Italian, an appointment the server finds in the past reads as errors.task.appointmentInPast beside the date', async ({ page }) => {
  await setPreferredLanguage(page, 'it');
  // The browser's clock runs three days behind: yesterday is, to the form's own check, still to come. Only the
  // server, on the real clock, can refuse it.
  await page.clock.setFixedTime(new Date(Date.now() - 3 * 86_400_000));
  const drawer = await openNewTask(page, it);
  await chooseOption(drawer, `${it.taskDrawer.fields.type} *`, 'Boiler service');
  await fillDate(drawer, it.taskDrawer.fields.scheduleDate, dayIn(tenantTimeZone, -1));
  await chooseOption(drawer, it.taskDrawer.fields.scheduleTime, '10:00');

  const answer = taskPost(page);
  await page.getByRole('button', { name: it.taskDrawer.save, exact: true }).click();
  const refused = await answer;
  expect(refused.status()).toBe(400);
  const body = (await refused.json()) as { error: { fields: Record<string, Array<{ code: string; message: string }>> } };
  expect(body.error.fields['appointment.date']).toEqual([
    { code: 'task.appointmentInPast', params: {}, message: 'The schedule date must be after the current date.' },
  ]);

  const text = it.errors.task.appointmentInPast;
  await expect(drawer.getByText(text, { exact: true })).toBeVisible();
  await expect(page.getByText('The schedule date must be after the current date.')).toHaveCount(0);
});

test('in French, a task type deleted while the form was open reads as errors.task.typeDeleted beside the type', async ({ page }) => {
  await setPreferredLanguage(page, 'fr');
  const name = `Contrôle ${Date.now()}`;
  const created = await page.request.post('/api/web/task-types', { data: { type: name, durationMins: 30, skills: [] } });
  expect(created.ok(), await created.text()).toBe(true);
  const type = (await created.json()) as TaskTypeView;

  const drawer = await openNewTask(page, fr);
  const typeLabel = `${fr.taskDrawer.fields.type} *`;
  await chooseOption(drawer, typeLabel, name);
  await expect(combobox(drawer, typeLabel)).toHaveValue(name);
  // Someone else deletes the type meanwhile: the form still offers it, only the server knows.
  const deleted = await page.request.delete(`/api/web/task-types/${type.id}`);
  expect(deleted.ok(), await deleted.text()).toBe(true);

  const answer = taskPost(page);
  await page.getByRole('button', { name: fr.taskDrawer.save, exact: true }).click();
  expect((await answer).status()).toBe(400);

  await expect(drawer.getByText(fr.errors.task.typeDeleted, { exact: true })).toBeVisible();
  await expect(page.getByText('The task type has been deleted.')).toHaveCount(0);
});
