import type { Page } from '@playwright/test';
import { expect, signIn, test } from './support/local-only';

/**
 * Presses Tab, as a keyboard user does, until the focused element matches the selector; fails after `limit` presses.
 * Returns how many presses it took.
 */
async function tabTo(page: Page, selector: string, limit = 120): Promise<number> {
  for (let presses = 1; presses <= limit; presses++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((wanted) => document.activeElement?.matches(wanted) ?? false, selector)) return presses;
  }
  throw new Error(`Tab never reached ${selector} in ${limit} presses`);
}

const focusInside = (page: Page, selector: string) =>
  page.evaluate((wanted) => Boolean(document.activeElement?.closest(wanted)), selector);

test('the task list, the task drawer and the scheduler’s panels work with the keyboard alone', async ({ page }) => {
  await signIn(page, 'dispatcher@demo.test');
  let reference = '';

  await test.step('a task of the list opens with Tab and Enter', async () => {
    await page.goto('/app/main/tasks/scheduled');
    const table = page.getByRole('table', { name: 'Tasks' });
    await expect(table).toHaveAttribute('aria-busy', 'false');
    await tabTo(page, 'table[aria-label="Tasks"] tbody button');
    reference = (await page.locator(':focus').textContent())?.trim() ?? '';
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: new RegExp(`^Task #${reference} · `) })).toBeVisible();
  });

  await test.step('Tab stays in the drawer, Escape closes it and the focus goes back to the task', async () => {
    const drawer = page.getByRole('dialog', { name: /^Task #/ });
    for (let press = 0; press < 25; press++) {
      await page.keyboard.press('Tab');
      expect(await focusInside(page, '[role="dialog"]'), `focus left the drawer after ${press + 1} Tab presses`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
    await expect(page).not.toHaveURL(/task=/);
    await expect(page.locator('table[aria-label="Tasks"] tbody button:focus')).toHaveText(reference);
  });

  await test.step('the unscheduled panel is reached with Tab and a task opens with Enter', async () => {
    await page.goto('/app/main/schedule/day');
    const panel = page.getByTestId('board-panel-unscheduled');
    // The grid's script loads after the page; on a busy machine that takes a while.
    await expect(panel.getByRole('listitem').first()).toBeVisible({ timeout: 30_000 });
    await tabTo(page, '[data-testid="board-panel-unscheduled"] input[type="search"]');
    await page.keyboard.press('Tab');
    const task = page.locator(':focus');
    await expect(task).toHaveAttribute('data-drag-task', /\d+/);
    const title = (await task.getAttribute('data-title')) ?? '';
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: new RegExp(`^Task #${/^#(\d+)/.exec(title)?.[1]} · `) });
    await expect(drawer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
  });
});
