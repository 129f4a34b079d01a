import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import { expect, signIn, test } from './support/local-only';

test('imports clients from CSV, filters and pages them, opens one, adds a task for one and exports them', async ({ page }) => {
  const run = Date.now().toString(36);
  const prefix = `E2E ${run}`;
  const nameOf = (index: number) => `${prefix} ${String(index).padStart(2, '0')}`;
  const header = ['displayName', 'contactName', 'contactPhoneCountryCode', 'contactPhone', 'address', 'latitude', 'longitude', 'billingEmail'];
  const lines = Array.from({ length: 25 }, (_, index) => [
    nameOf(index + 1),
    'Carla',
    "'+39",
    `33300000${index + 1}`,
    `Via Clienti ${index + 1}, Milano`,
    '45.4642',
    '9.19',
    `conti${index + 1}@clients.example`,
  ]);
  // A name a spreadsheet would run as a formula: the export must write it as text.
  const formulaName = `=${prefix} formula`;
  const goodCsv = Papa.unparse({ fields: header, data: [...lines, [formulaName, '', '', '', '', '', '', '']] }, { newline: '\r\n' });
  const badCsv = Papa.unparse({ fields: header, data: [[`${prefix} bad`, '', '', '', '', '', '', 'not-an-email']] }, { newline: '\r\n' });

  await signIn(page, 'dispatcher@demo.test');
  await page.goto('/app/main/clients/all');
  const screen = page.getByRole('region', { name: 'Clients' });
  const table = screen.getByRole('table', { name: 'Clients' });
  const pager = screen.getByRole('navigation', { name: 'Pages' });

  // The import: the sample file, a check that finds a bad line, then the good file.
  await screen.getByRole('button', { name: 'Import from CSV' }).click();
  const modal = page.getByRole('dialog', { name: 'Import clients from a CSV file' });
  const sample = page.waitForEvent('download');
  await modal.getByRole('link', { name: 'Download the sample file' }).click();
  expect((await sample).suggestedFilename()).toBe('sample_clients_1.csv');

  await modal.getByLabel('CSV file').setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(badCsv) });
  await modal.getByRole('button', { name: 'Check only' }).click();
  await expect(page.getByText('bad.csv checked: some lines have errors.')).toBeVisible();
  const errors = modal.getByRole('table', { name: 'Line errors' }).getByRole('row');
  await expect(errors).toHaveCount(2);
  await expect(errors.nth(1)).toContainText('billingEmail: Invalid email address provided');

  await modal.getByLabel('CSV file').setInputFiles({ name: 'clients.csv', mimeType: 'text/csv', buffer: Buffer.from(goodCsv) });
  await modal.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText('Clients imported successfully')).toBeVisible();
  // Exact: "Imported" is also part of "Already imported".
  await expect(modal.locator('dl div').filter({ has: page.getByText('Imported', { exact: true }) })).toContainText('26');
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(modal).toBeHidden();

  // The filter narrows the list on the server; 26 clients make three pages of ten.
  await screen.getByRole('searchbox', { name: 'Filter clients' }).fill(prefix);
  await expect(pager).toContainText('1-10 of 26 clients');
  await expect(table.getByRole('rowheader', { name: formulaName })).toBeVisible();
  await expect(table.getByRole('rowheader', { name: nameOf(9) })).toBeVisible();
  await pager.getByRole('button', { name: 'Next page' }).click();
  await expect(pager).toContainText('11-20 of 26 clients');
  await expect(table.getByRole('rowheader', { name: nameOf(10) })).toBeVisible();
  await pager.getByRole('combobox', { name: 'Clients per page' }).selectOption('50');
  await expect(pager).toContainText('1-26 of 26 clients');
  await pager.getByRole('combobox', { name: 'Clients per page' }).selectOption('10');
  await pager.getByRole('spinbutton', { name: 'Go to page' }).fill('3');
  await pager.getByRole('spinbutton', { name: 'Go to page' }).press('Enter');
  await expect(pager).toContainText('21-26 of 26 clients');

  const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: nameOf(21) }) });
  await expect(row).toContainText('Carla');
  await expect(row).toContainText('(+39) 3330000021');
  await expect(row.getByRole('link', { name: /Via Clienti 21, Milano/ })).toHaveAttribute(
    'href',
    'https://www.openstreetmap.org/?mlat=45.4642&mlon=9.19#map=17/45.4642/9.19',
  );
  await expect(row.getByRole('link', { name: 'conti21@clients.example' })).toHaveAttribute('href', 'mailto:conti21@clients.example');

  // A double click opens the client's drawer.
  await row.getByRole('rowheader').dblclick();
  const clientDrawer = page.getByRole('dialog', { name: 'Modify client' });
  await expect(clientDrawer.getByLabel('Display name')).toHaveValue(nameOf(21));
  await clientDrawer.getByRole('button', { name: 'Cancel' }).click();
  await expect(clientDrawer).toBeHidden();

  // The export writes every filtered client (all pages) in the import's columns, formulas as text.
  const download = page.waitForEvent('download');
  await screen.getByRole('button', { name: 'Export to CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^clients-\d{4}-\d{2}-\d{2}_\d{4}\.csv$/);
  const text = (await readFile(await file.path(), 'utf8')).replace(/^\uFEFF/, '');
  const rows = Papa.parse<string[]>(text.trim(), { skipEmptyLines: true }).data;
  expect(rows[0]).toEqual([
    'displayName',
    'contactName',
    'contactSurname',
    'contactPhoneCountryCode',
    'contactPhone',
    'address',
    'latitude',
    'longitude',
    'billingName',
    'billingSurname',
    'billingPhoneCountryCode',
    'billingPhone',
    'billingEmail',
    'billingAddress',
  ]);
  expect(rows).toHaveLength(27);
  expect(rows[1][0]).toBe(`'${formulaName}`);
  expect(rows.find((cells) => cells[0] === nameOf(21))).toEqual([
    nameOf(21),
    'Carla',
    '',
    "'+39",
    '3330000021',
    'Via Clienti 21, Milano',
    '45.4642',
    '9.19',
    '',
    '',
    '',
    '',
    'conti21@clients.example',
    '',
  ]);
  await expect(page.getByText('26 clients exported.')).toBeVisible();

  // The row's add-task action opens the task drawer with the client chosen.
  await row.getByRole('link', { name: `Add a task for ${nameOf(21)}` }).click();
  const taskDrawer = page.getByRole('dialog', { name: 'New task' });
  await expect(taskDrawer.getByRole('combobox', { name: 'Client', exact: true })).toHaveValue(nameOf(21));
});
