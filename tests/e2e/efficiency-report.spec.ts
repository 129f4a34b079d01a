import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import Papa from 'papaparse';
import type { EfficiencyReport } from '@/lib/contract/efficiency-report';
import type { TaskView } from '@/lib/contract/tasks';
import { zonedIsoInstant } from '@/lib/contract/zoned-time';
import { britishDate, fillDate } from './support/controls';
import { dayIn, expect, signIn, tenantTimeZone, test } from './support/local-only';

async function typeIdOf(page: Page, name: string): Promise<number> {
  const types = (await (await page.request.get('/api/web/task-types')).json()) as Array<{ id: number; type: string }>;
  const found = types.find((type) => type.type === name);
  if (!found) throw new Error(`no task type ${name}`);
  return found.id;
}

/**
 * A task assigned for tomorrow (a new appointment must lie ahead), moved to in progress and completed now through
 * the API: a row of today's report, which is about completion dates.
 */
async function completedTask(page: Page, title: string): Promise<{ task: TaskView; worker: { id: number; name: string; surname: string } }> {
  const tomorrow = dayIn(tenantTimeZone, 1);
  const from = zonedIsoInstant(tomorrow, '03:00', tenantTimeZone);
  const to = zonedIsoInstant(tomorrow, '03:45', tenantTimeZone);
  const free = await page.request.get(`/api/web/users/available?appointmentFrom=${encodeURIComponent(from)}&appointmentTo=${encodeURIComponent(to)}`);
  expect(free.ok(), await free.text()).toBe(true);
  const [worker] = (await free.json()) as Array<{ id: number; name: string; surname: string }>;
  const created = await page.request.post('/api/web/tasks', {
    multipart: {
      task: {
        name: 'task.json',
        mimeType: 'application/json',
        buffer: Buffer.from(
          JSON.stringify({
            typeId: await typeIdOf(page, 'Boiler service'),
            title,
            assigneeId: worker.id,
            appointment: { date: from, durationMins: 45 },
          }),
        ),
      },
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const task = (await created.json()) as TaskView;
  for (const statusId of [2, 4]) {
    const moved = await page.request.patch('/api/web/tasks/update-status', { data: { taskIds: [task.id], statusId, type: 'task status' } });
    expect(moved.ok(), await moved.text()).toBe(true);
    expect(((await moved.json()) as { updated: number[] }).updated).toEqual([task.id]);
  }
  return { task, worker };
}

test('generate a report with a worker filter, export it to CSV and read the file, then clear', async ({ page }) => {
  await signIn(page, 'dispatcher@demo.test');
  const title = `Efficiency e2e ${Date.now()}`;
  const { task, worker } = await completedTask(page, title);
  const today = dayIn(tenantTimeZone);
  const answer = await page.request.post(`/api/web/reports/efficiency?from=${today}&to=${today}`, { data: { assigneeId: [worker.id] } });
  expect(answer.ok(), await answer.text()).toBe(true);
  const expected = (await answer.json()) as EfficiencyReport;
  const ours = expected.find((row) => row.task.id === task.id);
  expect(ours).toMatchObject({ estimate: 45, task: { title } });

  await page.goto('/app/main/reporting/efficiency');
  const screen = page.getByRole('region', { name: 'Efficiency report' });
  const generate = screen.getByRole('button', { name: 'Generate' });
  await expect(generate).toBeDisabled();
  await fillDate(screen, 'From', today);
  await expect(generate).toBeDisabled();
  await fillDate(screen, 'To', today);
  await expect(generate).toBeEnabled();

  // The worker picker: search narrows the list, a short list does not scroll, ticking the worker filters.
  await screen.getByRole('button', { name: 'Workers' }).click();
  const picker = page.getByRole('dialog', { name: 'Workers' });
  await expect(picker.getByRole('checkbox', { name: 'Select all' })).toBeVisible();
  await picker.getByRole('searchbox').fill(`${worker.name} ${worker.surname}`);
  const list = picker.getByRole('list', { name: 'Workers' });
  await expect(list.getByRole('checkbox')).toHaveCount(1);
  await expect(list).not.toHaveAttribute('data-scrollable');
  await list.getByRole('checkbox', { name: `${worker.name} ${worker.surname}` }).check();
  await page.keyboard.press('Escape');
  await expect(picker).toBeHidden();
  await expect(screen.getByRole('button', { name: 'Workers' })).toContainText(`${worker.name} ${worker.surname}`);

  await generate.click();
  const table = screen.getByRole('table', { name: 'Efficiency report' });
  await expect(screen.getByText(expected.length === 1 ? '1 task' : `${expected.length} tasks`, { exact: true })).toBeVisible();
  await expect(table.locator('tbody tr')).toHaveCount(Math.min(50, expected.length));
  const row = table.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText(`#${task.referenceNumber}`);
  await expect(row).toContainText(`${worker.name} ${worker.surname}`);
  await expect(row).toContainText('0:45');
  // The end is the completion, on the user's clock: today's date in the British order and a time.
  await expect(row.getByRole('cell').nth(4)).toHaveText(new RegExp(`^${britishDate(today)} \\d{2}:\\d{2}$`));
  await expect(row.getByRole('meter', { name: 'Efficiency' })).toHaveAttribute('aria-valuenow', String(ours?.efficiency));
  const totals = screen.getByRole('definition');
  await expect(totals).toHaveCount(3);

  const downloading = page.waitForEvent('download');
  await screen.getByRole('button', { name: 'Export to CSV' }).click();
  const download = await downloading;
  await expect(screen.getByRole('button', { name: 'Export to CSV' })).toBeEnabled();
  expect(download.suggestedFilename()).toMatch(/^efficiency-\d{4}-\d{2}-\d{2}_\d{4}\.csv$/);
  const bytes = readFileSync(await download.path());
  expect([...bytes.subarray(0, 3)], 'a UTF-8 byte-order mark first').toEqual([0xef, 0xbb, 0xbf]);
  const csv = Papa.parse<string[]>(bytes.toString('utf8').slice(1), { delimiter: ',', skipEmptyLines: 'greedy' }).data;
  expect(csv[0]).toEqual([
    'Reference', 'Title', 'Assignees', 'Client', 'Start', 'End',
    'Estimate (min)', 'Actual (min)', 'Difference (min)', 'Efficiency (%)',
  ]);
  const lines = csv.slice(1, 1 + expected.length);
  expect(lines.map((line) => Number(line[0]))).toEqual(expected.map((entry) => entry.task.referenceNumber));
  const line = lines.find((entry) => entry[1] === title);
  expect(line?.slice(6)).toEqual([
    String(ours?.estimate), String(ours?.actual), ours?.difference === null ? '' : String(ours?.difference), String(ours?.efficiency),
  ]);
  expect(line?.[2]).toBe(`${worker.name} ${worker.surname}`);
  expect(line?.[5]).toMatch(new RegExp(`^${britishDate(today)} \\d{2}:\\d{2}$`));
  const first = expected[0];
  expect(csv.slice(1 + expected.length).map((entry) => entry.slice(0, 2))).toEqual([
    ['Total estimated (min)', String(first.totalEstimate)],
    ['Total actual (min)', String(first.totalActual)],
    ['Total working hours (min)', String(first.workingHours)],
  ]);

  await screen.getByRole('button', { name: 'Clear', exact: true }).click();
  await expect(table).toBeHidden();
  await expect(generate).toBeDisabled();
  await expect(screen.getByRole('textbox', { name: 'From', exact: true })).toHaveValue('');
  await expect(screen.getByRole('button', { name: 'Workers' })).toContainText('All');
});
