import Papa from 'papaparse';
import { dayIn, expect, signIn, test } from './support/local-only';
import type { ClientView } from '@/lib/contract/clients';
import type { TaskTypeView } from '@/lib/contract/task-types';

const tenantTimeZone = 'Europe/Rome';

test('imports a CSV with one bad line: the modal checks it, imports the rest and shows the line error', async ({ page }) => {
  await signIn(page, 'dispatcher@demo.test');
  const types = (await (await page.request.get('/api/web/task-types')).json()) as TaskTypeView[];
  const clients = (await (await page.request.get('/api/web/clients')).json()) as ClientView[];
  const type = types.find((entry) => entry.type === 'Boiler service') ?? types[0];
  const run = Date.now().toString(36);
  const address = `Via Import ${run}, Milano`;
  const csv = Papa.unparse(
    {
      fields: ['externalReference', 'taskType', 'client', 'scheduleDate', 'scheduleTime', 'address'],
      data: [
        [`E2E-${run}-1`, type.type, clients[0].displayName, dayIn(tenantTimeZone), '23:45', address],
        [`E2E-${run}-2`, 'No such type', clients[0].displayName, dayIn(tenantTimeZone, 1), '10:00', ''],
        [`E2E-${run}-3`, type.type.toUpperCase(), '', '', '', ''],
      ],
    },
    { newline: '\r\n' },
  );
  const file = { name: `e2e-${run}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) };

  await page.goto('/app/main/tasks/scheduled');
  const list = page.getByRole('region', { name: 'Scheduled tasks' });
  await list.getByRole('button', { name: 'Import from CSV' }).click();
  const modal = page.getByRole('dialog', { name: 'Import tasks from a CSV file' });
  await expect(modal).toBeVisible();

  const download = page.waitForEvent('download');
  await modal.getByRole('link', { name: 'Download the sample file' }).click();
  expect((await download).suggestedFilename()).toBe('tasks-import-sample.csv');

  const fileInput = modal.getByLabel('CSV file');
  await fileInput.setInputFiles({ name: 'tasks.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('PK') });
  await expect(modal.getByRole('alert')).toHaveText('Only .csv files can be imported.');
  await expect(modal.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();

  await fileInput.setInputFiles(file);
  await modal.getByRole('button', { name: 'Check only' }).click();
  await expect(page.getByText(`${file.name} checked: some lines have errors.`)).toBeVisible();
  await expect(modal.getByText('Check only: nothing was written.')).toBeVisible();
  const counts = modal.locator('dl');
  await expect(counts.getByText('Can be imported')).toBeVisible();

  await modal.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText(`${file.name} file uploaded with errors.`)).toBeVisible();
  await expect(modal.getByRole('progressbar')).toHaveCount(0);
  for (const [label, value] of [
    ['Lines read', '3'],
    ['Imported', '2'],
    ['With errors', '1'],
    ['Already existing', '0'],
    ['Already imported', '0'],
  ]) {
    // Exact: "Imported" is also part of "Already imported".
    await expect(counts.locator('div').filter({ has: page.getByText(label, { exact: true }) })).toContainText(value);
  }
  await expect(modal.getByText(/^Import [0-9a-f]{16}$/)).toBeVisible();
  const errors = modal.getByRole('table', { name: 'Line errors' });
  await expect(errors.getByRole('row')).toHaveCount(2);
  await expect(errors.getByRole('row').nth(1)).toContainText('3');
  await expect(errors.getByRole('row').nth(1)).toContainText('taskType: No task type is named "No such type".');

  await modal.getByRole('button', { name: 'Close' }).click();
  // The task scheduled today reaches the open list through the live stream.
  await expect(list.getByRole('table', { name: 'Tasks' }).getByText(address)).toBeVisible();

  await list.getByRole('button', { name: 'Import from CSV' }).click();
  await modal.getByLabel('CSV file').setInputFiles({ ...file, buffer: Buffer.from('colour\r\nred\r\n') });
  await modal.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText(`${file.name} is not in a valid format.`)).toBeVisible();
  await expect(modal.getByRole('alert')).toContainText('Unknown column "colour".');
});

test("shows an Italian user the import's line errors in Italian", async ({ page }) => {
  await signIn(page, 'dispatcher@demo.test');
  const me = (await (await page.request.get('/api/web/users/me')).json()) as { preferredLanguage: string | null };
  const types = (await (await page.request.get('/api/web/task-types')).json()) as TaskTypeView[];
  const setLanguage = async (preferredLanguage: string) => {
    const response = await page.request.patch('/api/web/users/me/preferences', { data: { preferredLanguage } });
    expect(response.ok()).toBe(true);
  };
  await setLanguage('it');
  try {
    const csv = Papa.unparse(
      {
        fields: ['taskType', 'description', 'scheduleDate', 'durationMins'],
        data: [
          ['Nessun tipo', 'Riga senza tipo noto', '', ''],
          [types[0].type, 'x'.repeat(101), '', ''],
          [types[0].type, '', dayIn(tenantTimeZone, 1), '10000'],
        ],
      },
      { newline: '\r\n' },
    );
    await page.goto('/app/main/tasks/scheduled');
    const list = page.getByRole('region', { name: 'Interventi pianificati' });
    await list.getByRole('button', { name: 'Importa da CSV' }).click();
    const modal = page.getByRole('dialog', { name: 'Importa interventi da un file CSV' });
    await modal.getByLabel('File CSV').setInputFiles({ name: 'righe.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await modal.getByRole('button', { name: 'Solo verifica' }).click();

    const rows = modal.getByRole('table', { name: 'Errori per riga' }).getByRole('row');
    await expect(rows).toHaveCount(4);
    await expect(rows.nth(1)).toContainText('taskType: Nessun tipo di intervento si chiama "Nessun tipo".');
    await expect(rows.nth(2)).toContainText('description: Deve contenere al massimo 100 caratteri.');
    await expect(rows.nth(3)).toContainText('durationMins: Deve essere al massimo 9999.');
  } finally {
    await setLanguage(me.preferredLanguage ?? 'en');
  }
});

test('an import whose answer breaks off says how far its lines got, and the tasks it wrote show in the list', async ({ page }) => {
  await signIn(page, 'dispatcher@demo.test');
  const types = (await (await page.request.get('/api/web/task-types')).json()) as TaskTypeView[];
  const type = types.find((entry) => entry.type === 'Boiler service') ?? types[0];
  const run = Date.now().toString(36);
  const address = `Via Interrotta ${run}, Milano`;
  const csv = Papa.unparse(
    {
      fields: ['externalReference', 'taskType', 'scheduleDate', 'scheduleTime', 'address'],
      data: [
        [`E2E-LOST-${run}-1`, type.type, dayIn(tenantTimeZone), '23:30', address],
        [`E2E-LOST-${run}-2`, type.type, dayIn(tenantTimeZone, 1), '09:00', address],
      ],
    },
    { newline: '\r\n' },
  );
  const file = { name: `lost-${run}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) };
  // The server imports the file for real; the browser gets its progress lines but never the last one, as when the
  // server restarts or the network drops after the lines were written.
  await page.route('**/api/web/tasks/upload/csv?validateOnly=false', async (route) => {
    const answer = await (await route.fetch()).text();
    const progress = answer.split('\n').filter((line) => line.includes('"progress"'));
    await route.fulfill({ status: 200, contentType: 'application/x-ndjson; charset=utf-8', body: `${progress.join('\n')}\n` });
  });

  await page.goto('/app/main/tasks/scheduled');
  const list = page.getByRole('region', { name: 'Scheduled tasks' });
  await list.getByRole('button', { name: 'Import from CSV' }).click();
  const modal = page.getByRole('dialog', { name: 'Import tasks from a CSV file' });
  await modal.getByLabel('CSV file').setInputFiles(file);
  await modal.getByRole('button', { name: 'Import', exact: true }).click();

  await expect(page.getByText(`${file.name}: the connection to the server was lost during the import.`)).toBeVisible();
  const note = modal.getByRole('alert');
  await expect(note).toContainText(/The connection to the server was lost after \d of 2 lines were checked\./);
  await expect(note).toContainText('batches of 500 lines');
  await expect(note).toContainText('Import the same file again to finish the import: the lines already imported are skipped');
  await expect(modal.getByText(/^Import [0-9a-f]{16}$/)).toBeVisible();
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(list.getByRole('table', { name: 'Tasks' }).getByText(address)).toBeVisible();
});
