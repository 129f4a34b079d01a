import type { Page } from '@playwright/test';
import type { BoardData } from '@/lib/contract/schedule-board';
import type { TaskView } from '@/lib/contract/tasks';
import { zonedIsoInstant } from '@/lib/contract/zoned-time';
import { chooseOption } from './support/controls';
import { dayIn, expect, signIn, tenantTimeZone, test } from './support/local-only';

async function createTask(page: Page, task: Record<string, unknown>): Promise<TaskView> {
  const response = await page.request.post('/api/web/tasks', {
    multipart: { task: { name: 'task.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(task)) } },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as TaskView;
}

async function typeIdOf(page: Page, name: string): Promise<number> {
  const types = (await (await page.request.get('/api/web/task-types')).json()) as Array<{ id: number; type: string }>;
  const type = types.find((entry) => entry.type === name);
  if (!type) throw new Error(`no task type ${name}`);
  return type.id;
}

test('the board shows workers and their tasks, moves by date, filters rows, opens the drawer and lists both panels', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'dispatcher@demo.test');
  const tomorrow = dayIn(tenantTimeZone, 1);
  const answer = await page.request.get(`/api/web/tasks/board?from=${tomorrow}&to=${tomorrow}`);
  expect(answer.ok(), await answer.text()).toBe(true);
  const { workers, events } = (await answer.json()) as BoardData;
  expect(workers.length).toBeGreaterThan(1);
  const [worker, other] = workers;
  const typeId = await typeIdOf(page, 'Boiler service');
  const stamp = Date.now().toString(36);
  const assigned = await createTask(page, {
    typeId,
    description: `Board smoke ${stamp}`,
    assigneeId: worker.id,
    appointment: { date: zonedIsoInstant(tomorrow, '10:00', tenantTimeZone), durationMins: 90 },
  });
  const unassigned = await createTask(page, {
    typeId,
    appointment: { date: zonedIsoInstant(tomorrow, '15:00', tenantTimeZone), durationMins: 60 },
  });
  const unscheduled = await createTask(page, { typeId, description: `Unplanned ${stamp}` });

  await page.goto('/app/main/schedule/day');
  const board = page.getByTestId('schedule-board');
  const row = (name: string) => board.getByTestId('board-worker').filter({ hasText: name });
  const workerName = `${worker.name} ${worker.surname}`;
  // The grid's script loads after the page; on a busy machine that takes a while.
  await expect(row(workerName)).toBeVisible({ timeout: 30_000 });
  await expect(board.getByRole('button', { name: `Route map of ${workerName}` })).toBeVisible();
  const bar = board.locator('.fc-timeline-event', { hasText: `#${assigned.referenceNumber} ` });

  await test.step('the quick buttons move the range, and the URL keeps it', async () => {
    await expect(page.getByRole('button', { name: 'Today', pressed: true })).toBeVisible();
    await page.getByRole('button', { name: 'Tomorrow' }).click();
    await expect(page).toHaveURL(new RegExp(`date=${tomorrow}`));
    await expect(bar).toBeVisible();
    await expect(bar).toHaveCSS('background-color', 'rgb(29, 78, 216)');
    await page.getByRole('button', { name: 'Yesterday' }).click();
    await expect(page).toHaveURL(new RegExp(`date=${dayIn(tenantTimeZone, -1)}`));
    await expect(bar).toHaveCount(0);
    await page.getByRole('button', { name: 'Forward one day' }).click();
    await page.getByRole('button', { name: 'Forward one day' }).click();
    await expect(page).toHaveURL(new RegExp(`date=${tomorrow}`));
    await expect(bar).toBeVisible();
  });

  await test.step('the worker filter narrows the rows', async () => {
    const filter = page.getByRole('searchbox', { name: 'Filter workers by name' });
    await filter.fill(other.surname);
    await expect(row(`${other.name} ${other.surname}`)).toBeVisible();
    await expect(row(workerName)).toHaveCount(0);
    await expect(bar).toHaveCount(0);
    await filter.fill('');
    await expect(row(workerName)).toBeVisible();
    await expect(bar).toBeVisible();
  });

  await test.step('the panels list the unscheduled and the unassigned tasks, filtered', async () => {
    const left = page.getByTestId('board-panel-unscheduled');
    await left.getByRole('searchbox').fill(String(unscheduled.referenceNumber));
    await expect(left.getByRole('listitem').filter({ hasText: `#${unscheduled.referenceNumber} · Boiler service` })).toBeVisible();
    const right = page.getByTestId('board-panel-unassigned');
    await expect(right.getByRole('listitem').filter({ hasText: `#${unassigned.referenceNumber} · Boiler service` })).toBeVisible();
    await right.getByRole('searchbox').fill('no such thing');
    await expect(right.getByRole('listitem')).toHaveCount(0);
    await right.getByRole('searchbox').fill('');
  });

  await test.step('a right click opens the context menu', async () => {
    await bar.click({ button: 'right' });
    await expect(page.getByRole('menuitem', { name: 'Unassign' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Duplicate' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menuitem', { name: 'Unassign' })).toHaveCount(0);
  });

  await test.step('a double click opens the task drawer; on a panel task too', async () => {
    await bar.dblclick();
    await expect(page).toHaveURL(new RegExp(`task=${assigned.id}`));
    const drawer = page.getByRole('dialog', { name: new RegExp(`^Task #${assigned.referenceNumber} · Boiler service$`) });
    await expect(drawer).toBeVisible();
    await drawer.getByRole('button', { name: 'Close' }).first().click();
    await expect(drawer).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`date=${tomorrow}`));
    await page.getByTestId('board-panel-unscheduled').getByRole('listitem').first().dblclick();
    await expect(page).toHaveURL(new RegExp(`task=${unscheduled.id}`));
    await expect(page.getByRole('dialog', { name: new RegExp(`^Task #${unscheduled.referenceNumber} `) })).toBeVisible();
  });

  await test.step('a double click on an empty slot opens a new task for that worker at that time', async () => {
    await page.goto(`/app/main/schedule/day?date=${tomorrow}`);
    await expect(bar).toBeVisible({ timeout: 30_000 });
    // A worker free at 07:00–08:00 tomorrow: the form offers only workers with no other task then.
    const from = Date.parse(zonedIsoInstant(tomorrow, '07:00', tenantTimeZone));
    const to = from + 60 * 60_000;
    const busy = (workerId: number) =>
      events.some((task) => task.assigneeId === workerId && task.start !== null && Date.parse(task.start) < to && Date.parse(task.start) + task.durationMins * 60_000 > from);
    const free = workers.find((candidate) => candidate.id !== worker.id && !busy(candidate.id));
    if (!free) throw new Error('no worker is free at 07:00 tomorrow');
    const lane = board.locator(`td.fc-timeline-lane[data-resource-id="${free.id}"]`);
    const seven = board.locator(`th.fc-timeline-slot[data-date^="${tomorrow}T07:00"]`);
    // Just right of the 07:00 line (drops and clicks snap to quarter hours), near the lane's foot.
    const target = async () => {
      const [laneBox, slotBox] = await Promise.all([lane.boundingBox(), seven.boundingBox()]);
      return laneBox && slotBox ? { x: slotBox.x + 4, y: laneBox.y + laneBox.height - 6 } : null;
    };
    // The day view scrolls to its first working hour after it paints: aim once two reads agree, not at the first paint.
    let point = await target();
    await expect
      .poll(async () => {
        const next = await target();
        const settled = next !== null && point !== null && next.x === point.x && next.y === point.y;
        point = next;
        return settled;
      })
      .toBe(true);
    if (!point) throw new Error('the lane or the 07:00 slot is not on screen');
    // A button held a moment, as a hand does.
    await page.mouse.dblclick(point.x, point.y, { delay: 30 });
    const drawer = page.getByRole('dialog', { name: 'New task' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('textbox', { name: 'Schedule date', exact: true })).toHaveValue(tomorrow.split('-').reverse().join('/'));
    await expect(drawer.getByRole('combobox', { name: 'Schedule time', exact: true })).toHaveValue('07:00');
    // The worker field opens once the type gives the duration; the prefilled worker is then shown.
    await chooseOption(drawer, 'Task type *', 'Boiler service');
    await expect(drawer.getByRole('combobox', { name: 'Worker', exact: true })).toHaveValue(`${free.name} ${free.surname}`);
    await drawer.getByRole('button', { name: 'Close' }).first().click();
  });

  await test.step('the week view shows the same task and moves by week', async () => {
    await page.goto(`/app/main/schedule/week?date=${tomorrow}`);
    await expect(bar).toBeVisible();
    await page.getByRole('button', { name: 'Forward one week' }).click();
    await expect(bar).toHaveCount(0);
    await page.getByRole('button', { name: 'Back one week' }).click();
    await expect(bar).toBeVisible();
  });
});
