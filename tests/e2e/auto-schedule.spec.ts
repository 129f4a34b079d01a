import type { APIRequestContext, APIResponse, Browser, BrowserContext, Locator, Page, Route } from '@playwright/test';
import type { AutoScheduleResult, AutoScheduleSummary } from '@/lib/contract/auto-schedule';
import type { BoardData } from '@/lib/contract/schedule-board';
import type { TaskTypeView } from '@/lib/contract/task-types';
import type { TaskView } from '@/lib/contract/tasks';
import type { UnavailabilityView } from '@/lib/contract/working-hours';
import { britishDate, dateField } from './support/controls';
import { dayIn, expect, signIn, tenantTimeZone, test } from './support/local-only';

type Session = Awaited<ReturnType<BrowserContext['storageState']>>;
let dispatcherSession: Session | undefined;

/**
 * The dispatcher (tasksManager; the demo tenant has working hours, feature 2, on) auto-schedules tomorrow from the
 * board and takes it back. The dispatcher signs in once for the file and each test reuses the session; the people
 * manager signs in once, in the test that needs working hours set for tomorrow.
 */
test.describe.configure({ mode: 'serial' });
test.use({
  viewport: { width: 1600, height: 1000 },
  storageState: async ({ browser, baseURL }, provide) => {
    if (!dispatcherSession) {
      const signInContext = await browser.newContext({ baseURL });
      await signIn(await signInContext.newPage(), 'dispatcher@demo.test');
      dispatcherSession = await signInContext.storageState();
      await signInContext.close();
    }
    await provide(dispatcherSession);
  },
});

/** Inside the demo's 'Milano Centro' zone, which Marco Bianchi and Matteo Ricci (among others) cover. */
const centre = [
  { address: 'Piazza del Duomo, 20122 Milano MI', latitude: 45.4642, longitude: 9.19 },
  { address: 'Via Torino 40, 20123 Milano MI', latitude: 45.4612, longitude: 9.1842 },
  { address: 'Corso di Porta Romana 87, 20122 Milano MI', latitude: 45.4531, longitude: 9.1989 },
];
/** Two 'Full time' workers of the Centro zone: no hours at weekends by their template. */
const centreWorkers = ['Marco Bianchi', 'Matteo Ricci'];
const fullDay = '08:00|12:30,13:30|17:30';

async function ok<T>(response: Promise<APIResponse>): Promise<T> {
  const answer = await response;
  expect(answer.ok(), `${answer.url()}: ${await answer.text()}`).toBe(true);
  const text = await answer.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

async function createTask(request: APIRequestContext, task: Record<string, unknown>): Promise<TaskView> {
  return ok<TaskView>(
    request.post('/api/web/tasks', {
      multipart: { task: { name: 'task.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(task)) } },
    }),
  );
}

/**
 * Tomorrow has working hours: on a weekday the demo's templates give them; at a weekend two Centro workers get a
 * day's hours for tomorrow (a per-date record, made by the people manager). The returned function puts their day
 * back as it was.
 */
async function workingHoursTomorrow(browser: Browser, baseURL: string, tomorrow: string, workers: BoardData['workers']) {
  const weekday = new Date(`${tomorrow}T12:00:00Z`).getUTCDay();
  if (weekday !== 0 && weekday !== 6) return async () => undefined;
  // A context of its own, signed out: the file's dispatcher session would otherwise come with it.
  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  await signIn(await context.newPage(), 'people@demo.test');
  const request = context.request;
  const before: Array<{ id: number; hours: string }> = [];
  for (const name of centreWorkers) {
    const worker = workers.find((candidate) => `${candidate.name} ${candidate.surname}` === name);
    if (!worker) throw new Error(`${name} is not on the board`);
    const query = new URLSearchParams({ userId: String(worker.id), from: tomorrow, to: tomorrow });
    const [held] = await ok<UnavailabilityView[]>(request.get(`/api/web/worker-unavailability?${query}`));
    if (held) {
      before.push({ id: held.id, hours: held.hours });
      await ok(request.put(`/api/web/worker-unavailability/${held.id}`, { data: { hours: fullDay } }));
    } else {
      const body = { workerUnavailabilities: [{ userId: worker.id, dateUnavailability: tomorrow, hours: fullDay }] };
      const [made] = await ok<UnavailabilityView[]>(request.post('/api/web/worker-unavailability', { data: body }));
      // No hours (a single space) is what their template says for a weekend day.
      before.push({ id: made.id, hours: ' ' });
    }
  }
  return async () => {
    for (const record of before) await ok(request.put(`/api/web/worker-unavailability/${record.id}`, { data: { hours: record.hours } }));
    await context.close();
  };
}

async function openModal(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Auto-schedule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Auto-schedule' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('a day that is not after today gets the spec’s warning and cannot be confirmed', async ({ page }) => {
  await page.goto('/app/main/schedule/day');
  const dialog = await openModal(page);
  const date = dateField(dialog, 'Date to schedule');
  const confirm = dialog.getByRole('button', { name: 'Confirm' });
  await expect(confirm).toBeDisabled();

  for (const day of [dayIn(tenantTimeZone), dayIn(tenantTimeZone, -1)]) {
    await date.fill(britishDate(day));
    await expect(dialog.getByRole('alert').filter({ hasText: 'The date must be greater than today.' })).toBeVisible();
    await expect(date).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByRole('table', { name: 'Tasks to schedule' })).toHaveCount(0);
    await expect(confirm).toBeDisabled();
  }

  await date.fill(britishDate(dayIn(tenantTimeZone, 1)));
  await expect(dialog.getByText('The date must be greater than today.')).toHaveCount(0);
  await expect(date).not.toHaveAttribute('aria-invalid', 'true');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
});

test('the dispatcher auto-schedules tomorrow from the board, sees the tasks placed, and undoes it', async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  const tomorrow = dayIn(tenantTimeZone, 1);
  const board = await ok<BoardData>(page.request.get(`/api/web/tasks/board?from=${tomorrow}&to=${tomorrow}`));
  const restoreHours = await workingHoursTomorrow(browser, baseURL ?? '', tomorrow, board.workers);
  try {
    // Short tasks with no skills, in a zone four workers cover: the run has every reason to place them.
    const stamp = Date.now().toString(36);
    const type = await ok<TaskTypeView>(page.request.post('/api/web/task-types', { data: { type: `Quick check ${stamp}`, durationMins: 30, skills: [] } }));
    const mine: TaskView[] = [];
    for (const [index, location] of centre.entries()) {
      mine.push(await createTask(page.request, { typeId: type.id, title: `Auto ${stamp} ${index + 1}`, location }));
    }
    const summary = await ok<AutoScheduleSummary>(page.request.get(`/api/web/tasks/auto-schedule/summary?currentDate=${tomorrow}`));
    expect(summary.tasks.map((task) => task.id)).toEqual(expect.arrayContaining(mine.map((task) => task.id)));
    expect(summary.workers.length).toBeGreaterThan(0);

    await page.goto(`/app/main/schedule/day?date=${tomorrow}`);
    const grid = page.getByTestId('schedule-board');
    // The grid's script loads after the page; on a busy machine that takes a while.
    await expect(grid.getByTestId('board-worker').first()).toBeVisible({ timeout: 30_000 });
    const barOf = (task: TaskView) => grid.locator('.fc-timeline-event', { hasText: `#${task.referenceNumber} ` });
    for (const task of mine) await expect(barOf(task)).toHaveCount(0);

    // A mark on the page that a reload would wipe: the board must show the changes without one.
    await page.evaluate(() => {
      document.body.dataset.autoScheduleMark = 'kept';
    });
    const dialog = await openModal(page);
    await dateField(dialog, 'Date to schedule').fill(britishDate(tomorrow));

    await test.step('the summary lists the day’s tasks five a page, and the workers with free time', async () => {
      const total = summary.tasks.length;
      await expect(dialog.getByRole('heading', { name: `${total} tasks to schedule` })).toBeVisible();
      const table = dialog.getByRole('table', { name: 'Tasks to schedule' });
      await expect(table.locator('tbody tr')).toHaveCount(Math.min(5, total));
      const workersHeading = summary.workers.length === 1 ? '1 worker with free time' : `${summary.workers.length} workers with free time`;
      await expect(dialog.getByRole('heading', { name: workersHeading })).toBeVisible();
      await expect(dialog.getByTestId('auto-schedule-workers').getByRole('listitem')).toHaveCount(summary.workers.length);
      if (total > 5) {
        const pages = Math.ceil(total / 5);
        await expect(dialog.getByText(`1-5 of ${total} tasks`)).toBeVisible();
        const jump = dialog.getByRole('spinbutton', { name: 'Go to page' });
        await jump.fill(String(pages));
        await jump.press('Enter');
        await expect(dialog.getByText(`Page ${pages} of ${pages}`)).toBeVisible();
      }
      // The summary is in reference order: the newest task is on the last page.
      const newest = mine[mine.length - 1];
      await expect(table.getByRole('row').filter({ hasText: `#${newest.referenceNumber}` })).toContainText(`Auto ${stamp} 3`);
    });

    let result: AutoScheduleResult | undefined;
    await test.step('Confirm shows the progress while the run works, then the result', async () => {
      // The run is held in the browser until the progress has been seen, so a fast answer cannot skip it.
      let held: Route | undefined;
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route(
        (url) => url.pathname === '/api/web/tasks/auto-schedule',
        async (route) => {
          held = route;
          await released;
          await route.continue();
        },
      );
      const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/web/tasks/auto-schedule');
      const confirm = dialog.getByRole('button', { name: 'Confirm' });
      await expect(confirm).toBeEnabled();
      await confirm.click();
      await expect(dialog.getByTestId('auto-schedule-progress')).toBeVisible();
      await expect(dialog.getByRole('progressbar', { name: 'Auto-schedule in progress' })).toBeVisible();
      await expect(confirm).toBeDisabled();
      expect(held?.request().method()).toBe('PUT');
      release();
      const response = await answered;
      expect(response.status()).toBe(200);
      result = (await response.json()) as AutoScheduleResult;
      await page.unroute((url) => url.pathname === '/api/web/tasks/auto-schedule');
    });
    if (!result) throw new Error('no auto-schedule answer');
    const { placedCount, notPlaced, workers } = result;
    expect(result.runId).not.toBeNull();
    for (const task of mine) expect(notPlaced.map((left) => left.id), `#${task.referenceNumber} is placed`).not.toContain(task.id);

    await test.step('the result says how many were placed, per worker, and what was left with its reason', async () => {
      const resultView = dialog.getByTestId('auto-schedule-result');
      await expect(resultView.getByText(new RegExp(`^${placedCount} tasks? placed on ${britishDate(tomorrow)}\\.`))).toBeVisible();
      const perWorker = dialog.getByRole('table', { name: 'Tasks and travel per worker' });
      await expect(perWorker.locator('tbody tr')).toHaveCount(workers.length);
      const busiest = workers[0];
      const busiestCells = perWorker.getByRole('row').filter({ hasText: `${busiest.name} ${busiest.surname}` }).getByRole('cell');
      await expect(busiestCells.nth(1)).toHaveText(String(busiest.tasksPlaced));
      await expect(busiestCells.nth(2)).toHaveText(`${busiest.travelMinutes} min`);
      const left = dialog.getByRole('table', { name: 'Tasks that could not be scheduled' });
      if (notPlaced.length === 0) {
        await expect(left).toHaveCount(0);
        await expect(resultView).toContainText('Every task was placed.');
      } else {
        await expect(left.locator('tbody tr')).toHaveCount(Math.min(5, notPlaced.length));
        await expect(left.locator('tbody tr').first()).toContainText(`#${notPlaced[0].referenceNumber}`);
      }
      await expect(dialog.getByRole('button', { name: 'Undo' })).toBeEnabled();
      await dialog.screenshot({ path: testInfo.outputPath('auto-schedule-result.png') });
    });

    await test.step('the board shows the placed tasks without a page reload', async () => {
      for (const task of mine) await expect(barOf(task)).toBeVisible();
      await expect(page.locator('body')).toHaveAttribute('data-auto-schedule-mark', 'kept');
    });

    await test.step('Undo puts every task back: off the grid and into the unscheduled panel', async () => {
      await dialog.getByRole('button', { name: 'Undo' }).click();
      await expect(dialog.getByTestId('auto-schedule-undone')).toHaveText(
        placedCount === 1 ? '1 task put back as it was.' : `${placedCount} tasks put back as they were.`,
      );
      await expect(dialog.getByRole('button', { name: 'Undo' })).toBeDisabled();
      for (const task of mine) await expect(barOf(task)).toHaveCount(0);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toHaveCount(0);
      const panel = page.getByTestId('board-panel-unscheduled');
      for (const task of mine) {
        await panel.getByRole('searchbox').fill(String(task.referenceNumber));
        await expect(panel.getByRole('listitem').filter({ hasText: `#${task.referenceNumber} · Quick check ${stamp}` })).toBeVisible();
      }
      await expect(page.locator('body')).toHaveAttribute('data-auto-schedule-mark', 'kept');
    });
  } finally {
    await restoreHours();
  }
});
