import type { Browser } from '@playwright/test';
import Papa from 'papaparse';
import { setPreferredLanguage } from './support/language';
import { expect, signIn, test } from './support/local-only';
import es from '@/messages/es.json' with { type: 'json' };
import fr from '@/messages/fr.json' with { type: 'json' };
import it from '@/messages/it.json' with { type: 'json' };

// Refusals only the server gives, shown in the user's language by their code (errors.<code>), never by the English text.
test.describe.configure({ mode: 'serial' });

// One sign-in for the whole file (the login is rate limited); every test reuses its session cookies.
let session: Awaited<ReturnType<Awaited<ReturnType<Browser['newContext']>>['storageState']>>;
let ownLanguage: string | null = null;

/** A demo client (db/seed/milan.ts): its name is taken. */
const existingClient = 'Trattoria Da Gino';

/** A text of messages/<language>.json with its ICU placeholders filled, as the browser shows it. */
const fill = (text: string, params: Record<string, string>) => text.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'owner@demo.test');
  const me = (await (await page.request.get('/api/web/users/me')).json()) as { preferredLanguage: string | null };
  ownLanguage = me.preferredLanguage;
  session = await context.storageState();
  await context.close();
});

test.beforeEach(async ({ context }) => {
  await context.addCookies(session.cookies);
});

test.afterAll(async ({ browser }) => {
  const context = await browser.newContext({ storageState: session });
  await setPreferredLanguage(await context.newPage(), ownLanguage ?? 'en');
  await context.close();
});

test('the client drawer shows, in Italian, the name the server finds taken (409) under the display name', async ({ page }) => {
  await setPreferredLanguage(page, 'it');
  await page.goto('/app/main/clients/all');
  const screen = page.getByRole('region', { name: it.clients.title });
  await screen.getByRole('button', { name: it.clients.toolbar.add }).click();
  const drawer = page.getByRole('dialog', { name: it.clientDrawer.addTitle });
  // Only the server knows the name is taken: the form's own check lets it through.
  await drawer.getByLabel(it.clientDrawer.displayName).fill(existingClient.toUpperCase());
  await drawer.getByRole('button', { name: it.clientDrawer.save }).click();
  await expect(drawer.getByRole('alert')).toHaveText(it.errors.client.nameTaken);
  await expect(drawer).toBeVisible();
});

test('the notification drawer shows, in Spanish, the server refusing tracking_url without the tracking link feature', async ({ page }) => {
  await setPreferredLanguage(page, 'es');
  await page.goto('/app/main/settings/notifications');
  await expect(page.getByRole('heading', { name: es.notifications.list.title })).toBeVisible();
  await page.getByRole('button', { name: es.notifications.list.add }).click();
  const drawer = page.getByRole('dialog', { name: es.notifications.addTitle });
  await drawer.getByRole('combobox', { name: es.notifications.fields.type, exact: true }).selectOption({ label: es.notifications.types.ON_TASK_UPDATE });
  await drawer.getByRole('combobox', { name: es.notifications.fields.recipient }).selectOption({ label: es.notifications.recipients.CLIENT });
  await drawer.getByRole('combobox', { name: es.notifications.fields.messageType }).selectOption({ label: es.notifications.messageTypes.SMS });
  // The demo tenant has no feature 7: the editor offers no tracking_url tag, but the placeholder can be typed.
  await drawer.getByRole('textbox', { name: es.notifications.fields.message }).click();
  await page.keyboard.type('Siga su visita: {tracking_url}');
  await drawer.getByRole('button', { name: es.notifications.save }).click();
  await expect(drawer.getByRole('alert')).toHaveText(es.errors.notification.trackingNeedsFeature);
  await expect(drawer).toBeVisible();
});

test('the CSV import shows, in French, a header problem and a line problem by their codes', async ({ page }) => {
  await setPreferredLanguage(page, 'fr');
  await page.goto('/app/main/clients/all');
  const screen = page.getByRole('region', { name: fr.clients.title });
  await screen.getByRole('button', { name: fr.clients.toolbar.import }).click();
  const modal = page.getByRole('dialog', { name: fr.clients.import.title });
  const fileInput = modal.getByLabel(fr.taskImport.file);

  await fileInput.setInputFiles({ name: 'entete.csv', mimeType: 'text/csv', buffer: Buffer.from('colour\r\nrouge\r\n') });
  await modal.getByRole('button', { name: fr.taskImport.checkOnly }).click();
  const problems = modal.getByRole('alert');
  await expect(problems).toContainText(fr.taskImport.fileProblems);
  await expect(problems.getByRole('listitem')).toHaveText([
    fill(fr.errors.import.unknownColumn, { column: 'colour' }),
    fill(fr.errors.import.columnRequired, { column: 'displayName' }),
  ]);

  const run = Date.now().toString(36);
  const csv = Papa.unparse({ fields: ['displayName', 'billingEmail'], data: [[`Import ${run}`, ''], [existingClient, '']] }, { newline: '\r\n' });
  await fileInput.setInputFiles({ name: `lignes-${run}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await modal.getByRole('button', { name: fr.taskImport.checkOnly }).click();
  const rows = modal.getByRole('table', { name: fr.taskImport.lineErrors.caption }).getByRole('row');
  await expect(rows).toHaveCount(2);
  const message = fill(fr.errors.import.clientExists, { name: existingClient });
  await expect(rows.nth(1)).toContainText(fill(fr.taskImport.lineErrors.entry, { column: 'displayName', message }));
});
