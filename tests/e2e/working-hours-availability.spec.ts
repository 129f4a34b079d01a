import type { CDPSession, Locator, Page } from '@playwright/test';
import { britishDate, chooseOption } from './support/controls';
import { dayIn, expect, signIn, tenantTimeZone, test } from './support/local-only';

/** The Monday and Sunday, 'YYYY-MM-DD', of the week `weeksAhead` after the current one on the tenant's clock. */
function weekAhead(weeksAhead: number): { monday: string; sunday: string } {
  const today = dayIn(tenantTimeZone);
  const noon = new Date(`${today}T12:00:00Z`);
  const sinceMonday = (noon.getUTCDay() + 6) % 7;
  const day = (offset: number) =>
    new Date(noon.getTime() + (offset - sinceMonday + 7 * weeksAhead) * 86_400_000).toISOString().slice(0, 10);
  return { monday: day(0), sunday: day(6) };
}

/** The full-time template of the demo workers: 08:00–12:30 and 13:30–17:30 on weekdays. */
const cell = (grid: Locator, name: string) => grid.getByRole('button', { name, exact: true });

async function openWeek(page: Page, worker: string, weeksAhead: number) {
  await page.goto('/app/main/working-hours/users');
  await expect(page.getByRole('heading', { name: 'Weekly availability' })).toBeVisible();
  await expect(page.getByText('Choose a worker and a day of the week, then press Generate.')).toBeVisible();
  await chooseOption(page.locator('main'), 'Worker', worker);
  for (let week = 0; week < weeksAhead; week++) await page.getByRole('button', { name: 'Next week' }).click();
  await page.getByRole('button', { name: 'Generate' }).click();
  const { monday, sunday } = weekAhead(weeksAhead);
  await expect(page.getByRole('heading', { name: new RegExp(`^Week \\d+ : ${britishDate(monday)} - ${britishDate(sunday)}$`) })).toBeVisible();
  return page.getByRole('group', { name: `Working hours of ${worker}` });
}

/** The afternoon of a full-time Wednesday, 13:30 to 17:30, is eight selected cells. */
const afternoonFirst = 'Wednesday 13:30–14:00';
const afternoonLast = 'Wednesday 17:00–17:30';

async function expectAfternoonBlocked(grid: Locator) {
  await expect(cell(grid, 'Wednesday 10:00–10:30'), 'the morning stays').toHaveAttribute('aria-pressed', 'true');
  for (const name of [afternoonFirst, 'Wednesday 15:00–15:30', afternoonLast]) {
    await expect(cell(grid, name), `${name} is cleared`).toHaveAttribute('aria-pressed', 'false');
  }
  await expect(cell(grid, 'Thursday 14:00–14:30'), 'other days keep the template').toHaveAttribute('aria-pressed', 'true');
}

async function saveAndReload(page: Page, worker: string, weeksAhead: number) {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Working hours saved successfully')).toBeVisible();
  return openWeek(page, worker, weeksAhead);
}

const centreOf = async (target: Locator) => {
  const box = await target.boundingBox();
  if (!box) throw new Error('the cell is not on screen');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
};

test('the owner blocks a worker’s afternoon by dragging the mouse over it, saves, and sees it after a reload', async ({ page }) => {
  await signIn(page, 'owner@demo.test');
  const worker = 'Marco Bianchi';
  // Three weeks ahead: the demo seeds a record for Marco a week from today (only his afternoon), which lands on the
  // Wednesday of next week whenever the suite runs on a Wednesday.
  const grid = await openWeek(page, worker, 3);
  await expect(cell(grid, afternoonFirst), "the week without records shows the template's hours").toHaveAttribute('aria-pressed', 'true');

  const from = await centreOf(cell(grid, afternoonFirst));
  const to = await centreOf(cell(grid, afternoonLast));
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, to.y, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 4 });
  await page.mouse.up();
  await expectAfternoonBlocked(grid);

  await expectAfternoonBlocked(await saveAndReload(page, worker, 3));
});

async function touchDrag(session: CDPSession, from: { x: number; y: number }, to: { x: number; y: number }) {
  await session.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
  for (const share of [0.25, 0.5, 0.75, 1]) {
    const point = { x: from.x + (to.x - from.x) * share, y: from.y + (to.y - from.y) * share };
    await session.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
  }
  await session.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true });

  test('the owner blocks an afternoon with a finger drag, saves, and sees it after a reload', async ({ page }) => {
    await signIn(page, 'owner@demo.test');
    const worker = 'Luca Ferrari';
    const grid = await openWeek(page, worker, 2);
    const session = await page.context().newCDPSession(page);
    await touchDrag(session, await centreOf(cell(grid, afternoonFirst)), await centreOf(cell(grid, afternoonLast)));
    await expectAfternoonBlocked(grid);
    await expectAfternoonBlocked(await saveAndReload(page, worker, 2));
  });
});
