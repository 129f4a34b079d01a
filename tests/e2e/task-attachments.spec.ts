import type { Locator, Page } from '@playwright/test';
import { pdfBytes, pngBytes, wbmpBytes } from '../support/sample-files';
import { expect, signIn, test } from './support/local-only';

/** A new unscheduled task made through the API, with PDF and CSV files when given: the form is not the subject here. */
async function createTask(page: Page, files: File[] = []): Promise<{ id: number; referenceNumber: number }> {
  const types = (await (await page.request.get('/api/web/task-types')).json()) as Array<{ id: number; type: string }>;
  const type = types.find((candidate) => candidate.type === 'Boiler service');
  if (!type) throw new Error('The demo has no Boiler service type');
  const form = new FormData();
  form.set('task', JSON.stringify({ typeId: type.id, description: 'Attachments test' }));
  for (const file of files) form.append('file', file);
  const response = await page.request.post('/api/web/tasks', { multipart: form });
  expect(response.status()).toBe(200);
  return (await response.json()) as { id: number; referenceNumber: number };
}

async function openTab(page: Page, taskId: number, tab: 'Attachments' | 'Signature'): Promise<Locator> {
  await page.goto(`/app/main/tasks/unscheduled?task=${taskId}`);
  const drawer = page.getByRole('dialog', { name: /^Task #\d+ · Boiler service$/ });
  await drawer.getByRole('tab', { name: tab }).click();
  return drawer.getByRole('tabpanel', { name: tab });
}

/** The browser really drew the image: a blocked or broken one has no natural width. */
async function expectDrawn(image: Locator) {
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBeGreaterThan(0);
}

const photo = { name: 'boiler-plate.png', mimeType: 'image/png', buffer: Buffer.from(pngBytes(120, 80)) };

test('attachments: refuse a non-image, upload a photo and preview it, edit its description, download, delete; signature; read-only when cancelled', async ({ page }) => {
  await signIn(page, 'dispatcher@demo.test');
  const task = await createTask(page);
  const panel = await openTab(page, task.id, 'Attachments');
  await expect(panel.getByText('No attachments yet.')).toBeVisible();

  await test.step('a file that is not an image is refused before it is sent', async () => {
    await panel.getByLabel(/^Image/).setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(panel.getByRole('alert')).toHaveText('Only JPG, JPEG, PNG, GIF, BMP, TIF, TIFF and WBMP images are allowed.');
    await expect(panel.getByRole('button', { name: 'Upload' })).toBeDisabled();
  });

  const longDescription = `Rating plate of the boiler in the basement, photographed before the service visit ${'x'.repeat(18)}`;
  await test.step('upload a photo with a description', async () => {
    await panel.getByLabel(/^Image/).setInputFiles(photo);
    await panel.getByLabel('Description').fill(longDescription);
    await expect(panel.getByText(`${longDescription.length}/100`)).toBeVisible();
    await panel.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByText('boiler-plate.png uploaded.')).toBeVisible();
    const row = panel.getByRole('row', { name: /boiler-plate\.png/ });
    await expect(row).toBeVisible();
    // The description is cut short in the table; the whole text is in its title.
    await expect(row.getByTitle(longDescription)).toBeVisible();
    await expect(row).toContainText('Paolo Conti');
  });

  await test.step('preview the photo', async () => {
    const [file] = (await (await page.request.get(`/api/web/tasks/${task.id}/files`)).json()) as Array<{ id: number }>;
    const served = await page.request.get(`/api/web/tasks/${task.id}/files/${file.id}`);
    expect(served.headers()['content-type']).toBe('image/png');
    expect(served.headers()['x-content-type-options']).toBe('nosniff');
    expect(served.headers()['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'self'");
    expect(served.headers()['x-frame-options']).toBe('SAMEORIGIN');
    await panel.getByRole('button', { name: 'Preview boiler-plate.png' }).click();
    const preview = page.getByRole('dialog', { name: 'Preview: boiler-plate.png' });
    await expectDrawn(preview.getByRole('img', { name: 'boiler-plate.png' }));
    await preview.getByRole('button', { name: 'Close' }).click();
    await expect(preview).toBeHidden();
  });

  await test.step('edit the description', async () => {
    await panel.getByRole('button', { name: 'Edit the description of boiler-plate.png' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit the description of boiler-plate.png' });
    await dialog.getByLabel('Description').fill('Rating plate');
    await expect(dialog.getByText('12/100')).toBeVisible();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(panel.getByRole('row', { name: /boiler-plate\.png/ }).getByTitle('Rating plate')).toBeVisible();
  });

  await test.step('download the photo', async () => {
    const downloading = page.waitForEvent('download');
    await panel.getByRole('link', { name: 'Download boiler-plate.png' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('boiler-plate.png');
    expect(download.url()).toContain('download=1');
  });

  await test.step('delete the photo after confirming', async () => {
    await panel.getByRole('button', { name: 'Delete boiler-plate.png' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete attachment' });
    await expect(confirm).toContainText('Delete boiler-plate.png?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(panel.getByText('No attachments yet.')).toBeVisible();
  });

  await test.step('the signature tab shows the last signature, or says there is none', async () => {
    const empty = await openTab(page, task.id, 'Signature');
    await expect(empty.getByText('No signature yet')).toBeVisible();
    const signed = await page.request.post(`/api/web/tasks/${task.id}/signature`, {
      multipart: { file: { name: 'blob', mimeType: 'image/png', buffer: Buffer.from(pngBytes(200, 60, [20, 20, 120])) } },
    });
    expect(signed.status()).toBe(200);
    const withSignature = await openTab(page, task.id, 'Signature');
    await expectDrawn(withSignature.getByRole('img', { name: 'Signature' }));
    await expect(withSignature.getByText(/^Signed on .+ by /)).toBeVisible();
  });

  await test.step('a PDF and a CSV from the new-task form preview too; a WBMP has no preview', async () => {
    const withDocuments = await createTask(page, [
      new File([pdfBytes() as BlobPart], 'checklist.pdf', { type: 'application/pdf' }),
      new File(['Part,Quantity\nFilter,2\nValve,1\n'], 'parts.csv', { type: 'text/csv' }),
    ]);
    const wbmp = { name: 'phone.wbmp', mimeType: 'image/vnd.wap.wbmp', buffer: Buffer.from(wbmpBytes()) };
    expect((await page.request.post(`/api/web/tasks/${withDocuments.id}/files`, { multipart: { file: wbmp } })).status()).toBe(200);
    const documents = await openTab(page, withDocuments.id, 'Attachments');

    await documents.getByRole('button', { name: 'Preview parts.csv' }).click();
    const csv = page.getByRole('dialog', { name: 'Preview: parts.csv' });
    await expect(csv.getByRole('columnheader', { name: 'Quantity' })).toBeVisible();
    await expect(csv.getByRole('row', { name: 'Valve 1' })).toBeVisible();
    await csv.getByRole('button', { name: 'Close' }).click();

    await documents.getByRole('button', { name: 'Preview checklist.pdf' }).click();
    const pdf = page.getByRole('dialog', { name: 'Preview: checklist.pdf' });
    await expect(pdf.locator('iframe[title="checklist.pdf"]')).toBeVisible();
    // The policies let our page frame the file, and Chromium's PDF viewer starts inside that sandboxed frame.
    await expect
      .poll(() =>
        page
          .frames()
          .some((frame) => frame.url().startsWith('chrome-extension://') && /\/files\/\d+$/.test(frame.parentFrame()?.url() ?? '')),
      )
      .toBe(true);
    await pdf.getByRole('button', { name: 'Close' }).click();

    await documents.getByRole('button', { name: 'Preview phone.wbmp' }).click();
    await expect(page.getByRole('dialog', { name: 'Preview: phone.wbmp' })).toContainText('Preview not available for this file type.');
    await page.getByRole('dialog', { name: 'Preview: phone.wbmp' }).getByRole('button', { name: 'Close' }).click();
  });

  await test.step('a cancelled task shows its attachments read-only', async () => {
    const uploaded = await page.request.post(`/api/web/tasks/${task.id}/files`, { multipart: { file: photo } });
    expect(uploaded.status()).toBe(200);
    expect((await page.request.post(`/api/web/tasks/${task.id}/cancellation`, { data: {} })).status()).toBe(200);
    const readOnly = await openTab(page, task.id, 'Attachments');
    await expect(readOnly.getByText('This task is cancelled: its attachments can only be viewed and downloaded.')).toBeVisible();
    await expect(readOnly.getByRole('button', { name: 'Upload' })).toHaveCount(0);
    await expect(readOnly.getByRole('button', { name: 'Delete boiler-plate.png' })).toHaveCount(0);
    await expect(readOnly.getByRole('button', { name: 'Edit the description of boiler-plate.png' })).toHaveCount(0);
    await expect(readOnly.getByRole('link', { name: 'Download boiler-plate.png' })).toBeVisible();
    const refused = await page.request.post(`/api/web/tasks/${task.id}/files`, { multipart: { file: photo } });
    expect(refused.status()).toBe(422);
  });
});
