import { createHash, randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { mainMenu } from '@/lib/contract/menu';
import { withDatabase } from './support/database';
import { demoPassword, expect, signIn, test } from './support/local-only';

/** The rules of WCAG 2.2 level AA, as axe-core tags them. */
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

interface Finding {
  screen: string;
  rule: string;
  impact: string;
  targets: string[];
}

/**
 * Runs axe on the page as it is now and keeps what it found under the screen's name. The screens are all checked before
 * the test fails, so one run lists every violation.
 */
async function audit(page: Page, screen: string, findings: Finding[]): Promise<void> {
  // A list or table still loading is not what users read: wait for it to settle.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const result = await new AxeBuilder({ page }).withTags(wcagTags).exclude('nextjs-portal').analyze();
  for (const violation of result.violations) {
    findings.push({
      screen,
      rule: violation.id,
      impact: violation.impact ?? '',
      targets: violation.nodes.slice(0, 5).map((node) => `${node.target.join(' ')} — ${node.failureSummary?.split('\n')[1] ?? ''}`),
    });
  }
}

async function visit(page: Page, path: string, ready: Locator): Promise<void> {
  await page.goto(path);
  await expect(ready).toBeVisible({ timeout: 30_000 });
}

/** A link token as createTaskLink makes it (tests/e2e/public-pages.spec.ts): the text in the URL, its hash stored. */
async function linkToken(purpose: 'FEEDBACK' | 'TRACKING'): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await withDatabase((client) =>
    client.query(
      `insert into task_access_tokens (tenant_id, task_id, purpose, token_hash, expires)
       select tenant_id, id, $1, $2, now() + interval '1 day' from tasks
       where tenant_id = (select tenant_id from users where username = 'owner@demo.test') and assignee_id is not null
       order by id limit 1`,
      [purpose, createHash('sha256').update(token).digest('hex')],
    ),
  );
  return token;
}

/** A reset link for worker8 as the forgot-password mail carries it: only the hash is stored. */
async function resetToken(): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await withDatabase((client) =>
    client.query(
      `insert into password_reset_tokens (tenant_id, user_id, token_hash, expires)
       select tenant_id, id, $1, now() + interval '1 hour' from users where username = 'worker8@demo.test'`,
      [createHash('sha256').update(token).digest('hex')],
    ),
  );
  return token;
}

test('the public pages have no WCAG 2.2 AA violations', async ({ page }) => {
  const findings: Finding[] = [];
  const heading = page.getByRole('heading').first();
  const screens: Array<[string, string, Locator]> = [
    ['login', '/app/login', page.getByRole('button', { name: 'Log in' })],
    ['sign-up', '/app/sign-up', heading],
    ['forgot password', '/app/forgot-password', heading],
    ['check email', '/app/check-email?email=someone%40example.com', heading],
    ['change password', `/app/change-password?token=${await resetToken()}`, page.getByLabel('New password', { exact: true })],
    ['expired reset link', '/app/change-password?token=not-a-real-token', page.getByRole('link', { name: 'Back to login' })],
    ['terms of use', '/terms-of-use', heading],
    ['feedback link', `/app/f/${await linkToken('FEEDBACK')}`, page.getByRole('slider', { name: 'Rating' })],
    ['tracking link', `/app/t/${await linkToken('TRACKING')}`, heading],
  ];
  for (const [screen, path, ready] of screens) {
    await visit(page, path, ready);
    await audit(page, screen, findings);
  }
  expect(findings).toEqual([]);
});

test('every screen of the owner has no WCAG 2.2 AA violations', async ({ page }) => {
  // Some 30 screens, each loaded and audited: well past the default minute on a busy machine.
  test.setTimeout(240_000);
  const findings: Finding[] = [];
  await signIn(page, 'owner@demo.test');
  const main = page.getByRole('main');

  // The owner has every role and the demo tenant the optional features: every menu entry is theirs.
  const paths = [...mainMenu.flatMap((section) => section.submenus.map((entry) => `${section.key}/${entry.key}`)), 'schedule/month'];
  for (const path of paths) {
    await visit(page, `/app/main/${path}`, main);
    await expect(page).toHaveURL(new RegExp(`/app/main/${path}`));
    await audit(page, path, findings);
  }

  await test.step('a task in the drawer, and a new one', async () => {
    await visit(page, '/app/main/tasks/scheduled', main);
    const firstTask = page.getByRole('table', { name: 'Tasks' }).getByRole('row').nth(1);
    await firstTask.dblclick();
    await expect(page.getByRole('dialog', { name: /^Task #\d+/ })).toBeVisible();
    await audit(page, 'task drawer', findings);
    await visit(page, '/app/main/tasks/scheduled?task=new', page.getByRole('dialog', { name: 'New task' }));
    await audit(page, 'new task drawer', findings);
  });

  await test.step('the schedule board, its auto-schedule modal and a route map', async () => {
    const board = page.getByTestId('schedule-board');
    await visit(page, '/app/main/schedule/day', board.getByTestId('board-worker').first());
    await audit(page, 'schedule board', findings);
    await page.getByRole('button', { name: 'Auto-schedule' }).click();
    const autoSchedule = page.getByRole('dialog', { name: 'Auto-schedule' });
    await expect(autoSchedule).toBeVisible();
    await audit(page, 'auto-schedule modal', findings);
    await autoSchedule.getByRole('button', { name: 'Cancel' }).click();
    await board.getByRole('button', { name: /^Route map of / }).first().click();
    await expect(page.getByTestId('route-map-modal')).toBeVisible();
    await audit(page, 'route map', findings);
    await page.keyboard.press('Escape');
  });

  await test.step('a settings table and its record drawer', async () => {
    await visit(page, '/app/main/settings/skills', page.getByRole('button', { name: 'Add skill' }));
    await page.getByRole('button', { name: 'Add skill' }).click();
    await expect(page.getByRole('dialog', { name: 'Add skill' })).toBeVisible();
    await audit(page, 'skill drawer', findings);
  });

  expect(findings).toEqual([]);
});

test('the worker view has no WCAG 2.2 AA violations', async ({ page }) => {
  const findings: Finding[] = [];
  await page.goto('/app/login');
  await page.getByLabel('Username').fill('worker1@demo.test');
  await page.getByLabel('Password').fill(demoPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/app\/worker$/);
  await expect(page.getByRole('region', { name: /^Today, / })).toBeVisible();
  await audit(page, 'worker list', findings);

  const taskId = await withDatabase(async (client) => {
    const { rows } = await client.query<{ id: number }>(
      `select id from tasks where assignee_id = (select id from users where username = 'worker1@demo.test') order by id limit 1`,
    );
    return rows[0].id;
  });
  await page.goto(`/app/worker?task=${taskId}`);
  await expect(page.getByRole('link', { name: 'Navigate' }).or(page.getByRole('heading', { level: 1 })).first()).toBeVisible();
  await audit(page, 'worker task', findings);
  expect(findings).toEqual([]);
});
