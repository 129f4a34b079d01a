import type { APIRequestContext, Page } from '@playwright/test';
import { dayIn, expect, tenantTimeZone, test } from './support/local-only';

/** Where the dashboard's screenshot is kept, for the issue note. */
const screenshotPath = 'test-results/dashboard.png';

async function postJson<T>(request: APIRequestContext, path: string, data: unknown): Promise<T> {
  const response = await request.post(path, { data });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

/**
 * A company of its own, signed up through the API (its owner is signed in by it), so every figure is known: two task
 * types, six clients and eight tasks around Milan booked a few minutes from now (a new appointment must be in the
 * future, and the period widgets count appointments up to the end of today): tasks 1-6 completed (four 60-minute repairs, two
 * 30-minute inspections, one per client), task 7 in progress, task 8 pending. It has no workers.
 */
async function buildCompany(page: Page) {
  const request = page.request;
  const stamp = Date.now();
  await postJson(request, '/api/web/signup', {
    name: 'Dana',
    surname: 'Board',
    company: `Dashboard Co ${stamp}`,
    industry: 'technology',
    companySize: 'small',
    email: `dana-${stamp}@dashboard.test`,
    password: 'dashboard-2026',
  });
  const repair = await postJson<{ id: number }>(request, '/api/web/task-types', { type: 'Boiler repair', durationMins: 60 });
  const inspection = await postJson<{ id: number }>(request, '/api/web/task-types', { type: 'Inspection', durationMins: 30 });
  const clients: number[] = [];
  for (let index = 1; index <= 6; index++) {
    clients.push((await postJson<{ id: number }>(request, '/api/web/clients', { displayName: `Client ${index}` })).id);
  }
  const taskIds: number[] = [];
  for (let index = 0; index < 8; index++) {
    const typeId = index < 4 || index === 6 ? repair.id : inspection.id;
    const task = {
      typeId,
      clientId: clients[index % 6],
      appointment: { date: new Date(Date.now() + (index + 2) * 60_000).toISOString(), durationMins: typeId === repair.id ? 60 : 30 },
      location: { address: `Via Test ${index + 1}, Milano`, latitude: 45.46 + index * 0.01, longitude: 9.19 + (index % 2) * 0.01 },
    };
    const response = await request.post('/api/web/tasks', { multipart: { task: JSON.stringify(task) } });
    expect(response.ok(), await response.text()).toBe(true);
    taskIds.push(((await response.json()) as { id: number }).id);
  }
  const status = async (ids: number[], statusId: number) => {
    const response = await request.patch('/api/web/tasks/update-status', { data: { taskIds: ids, statusId, type: 'task status' } });
    expect(response.ok(), await response.text()).toBe(true);
  };
  await status(taskIds.slice(0, 7), 2);
  await status(taskIds.slice(0, 6), 4);
}

test('the dashboard shows the company figures, switches periods and pages its tables', async ({ page }) => {
  test.skip(
    dayIn(tenantTimeZone) !== dayIn(tenantTimeZone, 1 / 48),
    "within 30 minutes of midnight in the tenant's zone the appointments would fall on tomorrow, outside the period",
  );
  await page.setViewportSize({ width: 1440, height: 1200 });
  await buildCompany(page);
  await page.goto('/app/main');
  await expect(page).toHaveURL(/\/app\/main\/dashboard\/all$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

  const totals = page.getByRole('region', { name: 'Total tasks' });
  await expect(totals.getByText('All time')).toBeVisible();
  await expect(totals.locator('dd')).toHaveText(['8', '8']);
  await expect(page.getByRole('region', { name: 'Workforce availability' })).toContainText('0 / 0');

  const statuses = page.getByRole('region', { name: 'Task status analysis' });
  await expect(statuses.getByRole('listitem', { name: 'Completed: 6 of 8 tasks, 75%' })).toBeVisible();
  await expect(statuses.getByRole('listitem', { name: 'Pending: 1 of 8 tasks, 13%' })).toBeVisible();
  await expect(statuses.getByRole('listitem', { name: 'In progress: 1 of 8 tasks, 13%' })).toBeVisible();
  await expect(statuses.getByRole('listitem', { name: 'Cancelled: 0 of 8 tasks, 0%' })).toBeVisible();

  const types = page.getByRole('list', { name: 'Tasks by type' });
  await expect(types.getByRole('listitem')).toHaveText([/Boiler repair\s*5\s*62\.5%/, /Inspection\s*3\s*37\.5%/]);

  // The week, day by day: today (the last row) holds the six completions and their 5 estimated hours.
  const period = page.getByRole('radiogroup', { name: 'Period' });
  await expect(period.getByRole('radio', { name: 'Last week' })).toHaveAttribute('aria-checked', 'true');
  const completed = page.getByRole('table', { name: 'Completed tasks' });
  await expect(completed.locator('tbody tr')).toHaveCount(7);
  await expect(completed.locator('tbody tr').last().locator('td')).toHaveText('6');
  const hours = page.getByRole('table', { name: 'Estimated vs actual hours' });
  await expect(hours.locator('tbody tr').last().locator('td')).toHaveText(['5', '0']);

  await expect(page.getByRole('region', { name: 'Task location heat map' })).toContainText('8 tasks in 8 places');
  await expect(page.getByRole('region', { name: 'Map of task locations' }).locator('canvas')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Workforce analysis' })).toContainText('No data');

  await page.screenshot({ path: screenshotPath, fullPage: true });

  // Six clients, five a page.
  const customers = page.getByRole('table', { name: 'Customer analysis' });
  await expect(customers.locator('tbody tr')).toHaveCount(5);
  await expect(customers.locator('tbody tr').first().locator('td')).toHaveText(['Client 1', '1', '1', '0']);
  const pager = page.getByRole('navigation', { name: 'Pages of Customer analysis' });
  await expect(pager).toContainText('Page 1 of 2');
  await pager.getByRole('button', { name: 'Next page' }).click();
  await expect(customers.locator('tbody tr')).toHaveCount(1);
  await expect(customers.locator('tbody tr td').first()).toHaveText('Client 6');

  // Another period asks again and the series changes shape: 30 days, then 13 weeks, then 12 months.
  await period.getByRole('radio', { name: 'Last month' }).click();
  await expect(completed.locator('tbody tr')).toHaveCount(30);
  await expect(completed.locator('tbody tr').last().locator('td')).toHaveText('6');
  await period.getByRole('radio', { name: 'Last 3 months' }).click();
  await expect(completed.locator('tbody tr')).toHaveCount(13);
  await period.getByRole('radio', { name: 'Last year' }).click();
  await expect(completed.locator('tbody tr')).toHaveCount(12);
  await expect(completed.locator('tbody tr').last().locator('td')).toHaveText('6');
  await expect(period.getByRole('radio', { name: 'Last year' })).toHaveAttribute('aria-checked', 'true');
  // The table is back on its first page for the new period.
  await expect(customers.locator('tbody tr')).toHaveCount(5);
});
