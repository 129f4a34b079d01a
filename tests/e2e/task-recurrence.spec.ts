import type { Page } from '@playwright/test';
import type { TaskView } from '@/lib/contract/tasks';
import { addDays, weekdayOf, zonedIsoInstant } from '@/lib/contract/zoned-time';
import { fillDate } from './support/controls';
import { dayIn, expect, signIn, tenantTimeZone, test } from './support/local-only';

async function createTask(page: Page, task: Record<string, unknown>): Promise<TaskView> {
  const response = await page.request.post('/api/web/tasks', {
    multipart: { task: { name: 'task.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(task)) } },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as TaskView;
}

async function firstOf<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.ok(), await response.text()).toBe(true);
  const [first] = (await response.json()) as T[];
  return first;
}

test('a weekly recurrence puts its children in the task list; a child\'s Details save and cancel reach the following tasks through the choose-preference modal', async ({ page }) => {
  await signIn(page, 'dispatcher@demo.test');
  // users/available honours working hours (feature 2 is on in the demo) and no demo template works on Sunday:
  // a weekday two or more days ahead has workers free at 10:00.
  let start = dayIn(tenantTimeZone, 2);
  while (weekdayOf(start) === 0 || weekdayOf(start) === 6) start = addDays(start, 1);
  const end = addDays(start, 21);
  const date = zonedIsoInstant(start, '10:00', tenantTimeZone);
  const types = (await (await page.request.get('/api/web/task-types')).json()) as Array<{ id: number; type: string }>;
  // A type without required fields, so the series can be made from the task as it is.
  const type = types.find((candidate) => candidate.type === 'Boiler service');
  if (!type) throw new Error('The demo has no Boiler service type');
  const until = zonedIsoInstant(start, '11:00', tenantTimeZone);
  const worker = await firstOf<{ id: number }>(
    page,
    `/api/web/users/available?appointmentFrom=${encodeURIComponent(date)}&appointmentTo=${encodeURIComponent(until)}`,
  );
  const description = `Recurrence e2e ${Date.now()}`;
  const parent = await createTask(page, { typeId: type.id, appointment: { date, durationMins: 60 }, assigneeId: worker.id, description });

  await page.goto(`/app/main/tasks/scheduled?from=${start}&to=${end}&task=${parent.id}`);
  const drawer = page.getByRole('dialog', { name: new RegExp(`^Task #${parent.referenceNumber} · `) });
  await drawer.getByRole('tab', { name: 'Recurring task' }).click();
  const weekday = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${start}T12:00:00Z`));
  await drawer.getByRole('combobox', { name: 'Repeat', exact: true }).selectOption({ label: `Weekly on ${weekday}` });
  await fillDate(drawer, 'End date (optional)', end);
  await expect(drawer.getByText(/^3 tasks will be created/)).toBeVisible();
  await drawer.getByRole('button', { name: 'Save recurrence' }).click();
  await expect(page.getByText('Recurrence saved: 3 tasks created.')).toBeVisible();
  // The task is now the parent: its rule shows, 'Do not repeat' cannot be chosen, only removal is offered.
  await expect(drawer.getByRole('button', { name: 'Remove recurrence' })).toBeVisible();
  await expect(drawer.getByRole('combobox', { name: 'Repeat', exact: true })).toBeDisabled();

  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toBeHidden();
  const list = page.getByRole('region', { name: 'Scheduled tasks' });
  await list.getByRole('searchbox', { name: 'Search tasks' }).fill(description);
  const table = list.getByRole('table', { name: 'Tasks' });
  // The children arrived through the live stream: the page was not reloaded.
  await expect(table.getByRole('row')).toHaveCount(1 + 4);

  const series = ((await (await page.request.get(`/api/web/tasks/scheduled?appointmentFrom=${start}&appointmentTo=${end}`)).json()) as TaskView[])
    .filter((task) => task.description === description)
    .sort((a, b) => Date.parse(a.appointment?.date ?? '') - Date.parse(b.appointment?.date ?? ''));
  expect(series.map((task) => task.scheduleDate)).toEqual([0, 7, 14, 21].map((days) => addDays(start, days)));
  expect(series.every((task) => task.scheduleTime === '10:00' && task.recurringTaskId === parent.id)).toBe(true);
  const [, firstChild, secondChild, thirdChild] = series;

  await page.goto(`/app/main/tasks/scheduled?from=${start}&to=${end}&task=${secondChild.id}`);
  const childDrawer = page.getByRole('dialog', { name: new RegExp(`^Task #${secondChild.referenceNumber} · `) });
  // Details save on a task of a series asks which tasks the change reaches.
  await childDrawer.getByLabel('Description').fill(`${description} (new gate code)`);
  await childDrawer.getByRole('button', { name: 'Save', exact: true }).click();
  const updateChoice = page.getByRole('dialog', { name: 'Update a recurring task' });
  await expect(updateChoice.getByRole('button', { name: 'Update only this task' })).toBeVisible();
  await updateChoice.getByRole('button', { name: 'This task and the following ones' }).click();
  await expect(page.getByText('Task saved.')).toBeVisible();
  const descriptions = await Promise.all(
    [firstChild, secondChild, thirdChild].map(async (task) => ((await (await page.request.get(`/api/web/tasks/${task.id}`)).json()) as TaskView).description),
  );
  expect(descriptions).toEqual([description, `${description} (new gate code)`, `${description} (new gate code)`]);

  await childDrawer.getByRole('tab', { name: 'Recurring task' }).click();
  await expect(childDrawer.getByText(`started by task #${parent.referenceNumber}`)).toBeVisible();
  await childDrawer.getByRole('button', { name: 'Cancel task' }).click();
  await page.getByRole('dialog', { name: 'Cancel task' }).getByRole('button', { name: 'Cancel task' }).click();
  const choice = page.getByRole('dialog', { name: 'Cancel a recurring task' });
  await expect(choice.getByRole('button', { name: 'Cancel this task only' })).toBeVisible();
  await choice.getByRole('button', { name: 'Cancel this task and its children' }).click();
  await expect(page.getByText('Task cancelled.')).toBeVisible();
  await expect(childDrawer.getByRole('button', { name: 'Task status' })).toContainText('Cancelled');

  const statuses = await Promise.all(
    [parent, firstChild, secondChild, thirdChild].map(async (task) => ((await (await page.request.get(`/api/web/tasks/${task.id}`)).json()) as TaskView).statusId),
  );
  expect(statuses).toEqual([1, 1, 5, 5]);
});
