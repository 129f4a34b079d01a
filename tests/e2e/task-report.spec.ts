import { execFileSync } from 'node:child_process';
import { chooseOption } from './support/controls';
import { expect, signIn, test } from './support/local-only';

test('the print button previews the PDF report and downloads it with the task reference and client', async ({ page }, testInfo) => {
  const refusals: string[] = [];
  // A frame the page may not show is refused with a console error: X-Frame-Options or frame-ancestors.
  page.on('console', (message) => {
    if (/refused to (display|frame)/i.test(message.text())) refusals.push(message.text());
  });
  await signIn(page, 'dispatcher@demo.test');
  await page.goto('/app/main/tasks/scheduled?task=new');
  const form = page.getByRole('dialog', { name: 'New task' });
  await chooseOption(form, 'Task type *', 'Boiler service');
  await chooseOption(form, 'Client', 'Libreria Garibaldi');
  await page.getByRole('button', { name: 'Save' }).click();
  const drawer = page.getByRole('dialog', { name: /^Task #\d+ · Boiler service$/ });
  await expect(drawer).toBeVisible();
  const title = (await drawer.getByRole('heading').first().textContent()) ?? '';
  const reference = /#(\d+)/.exec(title)?.[1];
  expect(reference, `the drawer title "${title}" names the task's reference`).toBeTruthy();

  const reportAnswer = page.waitForResponse((response) => /\/api\/web\/tasks\/\d+\/report$/.test(new URL(response.url()).pathname));
  await drawer.getByRole('button', { name: 'Print report' }).click();
  const preview = page.getByRole('dialog', { name: 'PDF report preview' });
  await expect(preview).toBeVisible();
  const frame = preview.locator(`iframe[title="PDF report of task #${reference}"]`);
  await expect(frame).toBeVisible();
  // The frame really receives the PDF: the app lets its own pages frame this one answer.
  const answer = await reportAnswer;
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('application/pdf');
  expect(answer.headers()['x-frame-options']).toBe('SAMEORIGIN');
  // The production server renders the PDF in its worker thread, off the event loop every other request needs.
  expect(answer.headers()['server-timing']).toMatch(/^pdf;desc="worker";dur=\d+$/);
  const box = await preview.boundingBox();
  expect(box?.width).toBe(900);
  await page.screenshot({ path: testInfo.outputPath('report-preview.png') });
  expect(refusals, 'the browser lets the preview frame the report').toEqual([]);

  const downloading = page.waitForEvent('download');
  await preview.getByRole('link', { name: 'Download PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`task-${reference}.pdf`);
  const file = testInfo.outputPath(`task-${reference}.pdf`);
  await download.saveAs(file);
  const text = execFileSync('/usr/bin/pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  expect(text).toContain(`Task #${reference}`);
  expect(text).toContain('Libreria Garibaldi');

  await preview.getByRole('button', { name: 'Close' }).click();
  await expect(preview).toBeHidden();
  await expect(drawer).toBeVisible();
});
