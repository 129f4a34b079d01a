import type { Locator, Page } from '@playwright/test';
import { dayWindowOf } from '@/lib/client/schedule/day-window';
import { rangeOf } from '@/lib/client/schedule/range';
import { sortedByName } from '@/lib/contract/person-name';
import type { BoardData } from '@/lib/contract/schedule-board';
import type { TaskView } from '@/lib/contract/tasks';
import { zonedIsoInstant } from '@/lib/contract/zoned-time';
import { dayIn, expect, signIn, tenantTimeZone, test } from './support/local-only';

// Issue 29, items 8–10: the board at a common laptop width.
test.use({ viewport: { width: 1280, height: 800 } });

async function createTask(page: Page, task: Record<string, unknown>): Promise<TaskView> {
  const response = await page.request.post('/api/web/tasks', {
    multipart: { task: { name: 'task.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(task)) } },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as TaskView;
}

async function typeIdOf(page: Page): Promise<number> {
  const types = (await (await page.request.get('/api/web/task-types')).json()) as Array<{ id: number; type: string }>;
  const type = types.find((entry) => entry.type === 'Boiler service') ?? types[0];
  if (!type) throw new Error('no task type');
  return type.id;
}

/** The wall-clock start ('YYYY-MM-DDTHH:mm') of each time column of the grid, left to right. */
async function laneTimes(board: Locator): Promise<string[]> {
  const dates = await board.locator('td.fc-timeline-slot-lane[data-date]').evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-date') ?? ''));
  return dates.map((date) => date.slice(0, 16));
}

const plusHour = (time: string) => `${String(Number(time.slice(0, 2)) + 1).padStart(2, '0')}:${time.slice(3, 5)}`;

/** Every label row of the grid's header: no label overlaps the next one or runs out of its cell. */
async function labelOverlaps(board: Locator): Promise<string[]> {
  return board.locator('.fc-timeline-header tr').evaluateAll((rows) => {
    const problems: string[] = [];
    rows.forEach((row, rowIndex) => {
      const labels = [...row.querySelectorAll<HTMLElement>('th.fc-timeline-slot-label')]
        .map((cell) => ({ cell: cell.getBoundingClientRect(), text: cell.querySelector<HTMLElement>('.fc-timeline-slot-cushion') }))
        .filter((entry): entry is { cell: DOMRect; text: HTMLElement } => entry.text !== null && entry.text.textContent !== '');
      labels.forEach(({ cell, text }, index) => {
        const box = text.getBoundingClientRect();
        if (box.right > cell.right + 1) problems.push(`row ${rowIndex}: "${text.textContent}" runs out of its cell`);
        const next = labels[index + 1]?.text.getBoundingClientRect();
        if (next && box.right > next.left + 1) problems.push(`row ${rowIndex}: "${text.textContent}" overlaps the next label`);
      });
    });
    return problems;
  });
}

test('the week shows its seven working days on one screen at 1,280 px, with readable bars, and labels never overlap', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'dispatcher@demo.test');
  // Two weeks ahead: its 11:00 and 21:30 lie in the future whatever the hour the suite runs (a past time is refused),
  // and past the demo's unavailability a week from today.
  const day = dayIn(tenantTimeZone, 14);
  const week = rangeOf('week', day);
  const before = (await (await page.request.get(`/api/web/tasks/board?from=${week.from}&to=${week.to}`)).json()) as BoardData;
  expect(before.workingWindow, 'the demo workers have templates').not.toBeNull();
  const [worker] = before.workers;
  const typeId = await typeIdOf(page);
  // A short task (the narrowest bar) and one late in the evening, after everyone's hours.
  const short = await createTask(page, {
    typeId,
    assigneeId: worker.id,
    appointment: { date: zonedIsoInstant(day, '11:00', tenantTimeZone), durationMins: 30 },
  });
  const late = await createTask(page, {
    typeId,
    assigneeId: worker.id,
    appointment: { date: zonedIsoInstant(day, '21:30', tenantTimeZone), durationMins: 60 },
  });
  const data = (await (await page.request.get(`/api/web/tasks/board?from=${week.from}&to=${week.to}`)).json()) as BoardData;
  const expected = dayWindowOf(data.workingWindow, data.events, tenantTimeZone);
  expect(expected.end, 'the late task widens the window').toBe('23:00');

  await page.goto(`/app/main/schedule/week?date=${day}`);
  const board = page.getByTestId('schedule-board');
  await expect(board.getByTestId('board-worker').first()).toBeVisible({ timeout: 30_000 });

  await test.step('the grid shows the working day of each of the seven days, not 24 hours', async () => {
    const times = await laneTimes(board);
    const days = [...new Set(times.map((time) => time.slice(0, 10)))];
    expect(days).toHaveLength(7);
    expect(days[0]).toBe(week.from);
    expect(days[6]).toBe(week.to);
    expect(times[0]).toBe(`${week.from}T${expected.start}`);
    expect(plusHour(times[times.length - 1].slice(11))).toBe(expected.end);
    expect(times.filter((time) => time.startsWith(week.from))).toHaveLength(Number(expected.end.slice(0, 2)) - Number(expected.start.slice(0, 2)));
  });

  await test.step('all seven days fit the screen: nothing scrolls sideways', async () => {
    const overflow = await board.locator('.fc-scroller').evaluateAll((scrollers) => scrollers.filter((scroller) => scroller.scrollWidth > scroller.clientWidth + 1).length);
    expect(overflow).toBe(0);
    const boardBox = await board.boundingBox();
    const lastLane = await board.locator('td.fc-timeline-slot-lane').last().boundingBox();
    expect(boardBox && lastLane && lastLane.x + lastLane.width <= boardBox.x + boardBox.width + 1).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  });

  await test.step('bars are wide enough to read, the short one and the late one included', async () => {
    for (const task of [short, late]) {
      const bar = board.locator(`.fc-timeline-event[data-task-id="${task.id}"]`);
      await expect(bar).toBeVisible();
      await expect(bar).toContainText(`#${task.referenceNumber}`);
      const box = await bar.boundingBox();
      expect(box?.width ?? 0).toBeGreaterThanOrEqual(40);
    }
  });

  await test.step('the week labels do not overlap at any zoom level', async () => {
    expect(await labelOverlaps(board)).toEqual([]);
    await expect(page.getByRole('button', { name: 'Zoom out' })).toBeDisabled();
    for (let level = 11; level <= 16; level++) {
      await page.getByRole('button', { name: 'Zoom in' }).click();
      await expect(page.getByRole('group', { name: `Zoom level ${level}` })).toBeVisible();
      expect(await labelOverlaps(board), `level ${level}`).toEqual([]);
    }
  });

  await test.step('the day view keeps the whole day, opens at the working day and its labels never overlap, even fully zoomed out', async () => {
    await page.goto(`/app/main/schedule/day?date=${day}`);
    await expect(board.getByTestId('board-worker').first()).toBeVisible({ timeout: 30_000 });
    const times = await laneTimes(board);
    expect(times[0]).toBe(`${day}T00:00`);
    expect(times[times.length - 1]).toBe(`${day}T23:30`);
    expect(await labelOverlaps(board)).toEqual([]);
    for (let level = 12; level >= 10; level--) {
      await page.getByRole('button', { name: 'Zoom out' }).click();
      await expect(page.getByRole('group', { name: `Zoom level ${level}` })).toBeVisible();
      expect(await labelOverlaps(board), `level ${level}`).toEqual([]);
    }
    await expect(page.getByRole('button', { name: 'Zoom out' })).toBeDisabled();
  });

  await test.step('the demo workers are listed in natural name order', async () => {
    const shown = await board.getByTestId('board-worker').evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-worker-id'))));
    expect(shown).toEqual(sortedByName(data.workers).map((entry) => entry.id));
  });
});

test('a company with no workers is told so and led to add one; its workers then show in natural order with their initials', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/app/sign-up');
  await page.getByLabel('Name', { exact: true }).fill('Ada');
  await page.getByLabel('Surname').fill('Lovelace');
  await page.getByLabel('Company', { exact: true }).fill('Engines Ltd');
  await page.getByLabel('Industry').selectOption('technology');
  await page.getByLabel('Company size').selectOption('medium');
  await page.getByLabel('E-mail').fill(`ada-${Date.now()}@engines.test`);
  await page.getByLabel('Password', { exact: true }).fill('analytical-engine');
  await page.getByLabel('Confirm password').fill('analytical-engine');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/app\/main\/dashboard\/all$/);

  await test.step('the week says there is no worker yet and links to the users settings', async () => {
    await page.goto('/app/main/schedule/week');
    const empty = page.getByTestId('schedule-board-empty');
    await expect(empty.getByRole('heading', { name: 'No workers yet' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('schedule-board')).toHaveCount(0);
    await empty.getByRole('link', { name: 'Add a worker' }).click();
    await expect(page).toHaveURL(/\/app\/main\/settings\/users$/);
  });

  await test.step('the day view says the same', async () => {
    await page.goto('/app/main/schedule/day');
    await expect(page.getByTestId('schedule-board-empty').getByRole('heading', { name: 'No workers yet' })).toBeVisible({ timeout: 30_000 });
  });

  await test.step('workers named Worker 10, Worker 2 and Worker 1 show as 1, 2, 10, reading W1, W2, W10, and the week is 07:00–19:00', async () => {
    const stamp = Date.now();
    for (const number of [10, 2, 1]) {
      const response = await page.request.post('/api/web/users', {
        data: { username: `worker${number}-${stamp}@engines.test`, name: 'Worker', surname: String(number), assignee: true },
      });
      expect(response.ok(), await response.text()).toBe(true);
    }
    await page.goto('/app/main/schedule/week');
    const board = page.getByTestId('schedule-board');
    const rows = board.getByTestId('board-worker');
    await expect(rows).toHaveCount(3, { timeout: 30_000 });
    await expect(rows).toHaveText([/Worker 1\b/, /Worker 2\b/, /Worker 10\b/]);
    expect(await rows.evaluateAll((heads) => heads.map((head) => head.querySelector('span')?.textContent))).toEqual(['W1', 'W2', 'W10']);
    const times = await laneTimes(board);
    expect(times[0].slice(11)).toBe('07:00');
    expect(times[times.length - 1].slice(11)).toBe('18:00');
    expect(await labelOverlaps(board)).toEqual([]);
  });
});
