import type { Locator, Page } from '@playwright/test';
import type { TaskView } from '@/lib/contract/tasks';
import { expect, signIn, test } from './support/local-only';

const phone = { width: 375, height: 800 };
const desktop = { width: 1280, height: 800 };

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('the element has no box on screen');
  return box;
}

const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function createTask(page: Page, task: Record<string, unknown>): Promise<TaskView> {
  const response = await page.request.post('/api/web/tasks', {
    multipart: { task: { name: 'task.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(task)) } },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as TaskView;
}

test('a tasks manager lands on the dashboard; on a phone the menu collapses and nothing covers anything', async ({ page }) => {
  await page.setViewportSize(phone);
  await signIn(page, 'dispatcher@demo.test');
  await expect(page).toHaveURL(/\/app\/main\/dashboard\/all$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await page.goto('/app/main');
  await expect(page).toHaveURL(/\/app\/main\/dashboard\/all$/);
  await expect(page.getByText('This screen is not built yet.')).toHaveCount(0);
  await page.goto('/app/main/tasks/scheduled');
  await expect(page.getByRole('region', { name: 'Scheduled tasks' })).toBeVisible();

  const openMenu = page.getByRole('button', { name: 'Open menu' });
  const addTask = page.getByRole('link', { name: 'Add task' });
  const userMenu = page.getByRole('button', { name: 'User menu' });
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
  const boxes = await Promise.all([openMenu, addTask, userMenu].map(boxOf));
  for (const [index, box] of boxes.entries()) {
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(phone.width);
    for (const other of boxes.slice(index + 1)) expect(overlap(box, other)).toBe(false);
  }
  // What is drawn at the middle of the add-task button is the button itself, not something laid over it.
  const addBox = boxes[1];
  const onTop = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.closest('a')?.textContent ?? null,
    { x: addBox.x + addBox.width / 2, y: addBox.y + addBox.height / 2 },
  );
  expect(onTop).toBe('Add task');

  await userMenu.click();
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
  await page.keyboard.press('Escape');

  await openMenu.click();
  const panel = page.getByRole('dialog', { name: 'FieldOps' });
  const menu = panel.getByRole('navigation', { name: 'Main menu' });
  for (const section of ['Dashboard', 'Tasks', 'Schedule', 'Tracking', 'Clients', 'Reporting', 'Settings']) {
    await expect(menu.getByRole('link', { name: section })).toBeVisible();
  }
  await expect(menu.getByRole('link', { name: 'Tasks' })).toHaveAttribute('aria-current', 'page');
  await menu.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/app\/main\/settings\/profile$/);
  await expect(panel).toBeHidden();

  await page.setViewportSize(desktop);
  const desktopMenu = page.getByRole('navigation', { name: 'Main menu' });
  for (const section of ['Dashboard', 'Tasks', 'Schedule', 'Tracking', 'Clients', 'Reporting', 'Settings']) {
    await expect(desktopMenu.getByRole('link', { name: section })).toBeVisible();
  }
  await expect(openMenu).toBeHidden();
  await desktopMenu.getByRole('link', { name: 'Tasks' }).click();
  await expect(page).toHaveURL(/\/app\/main\/tasks\/scheduled$/);
});

test('one number per task: the list id cell is the drawer number, and searching it finds the task', async ({ page }) => {
  await signIn(page, 'dispatcher@demo.test');
  const types = (await (await page.request.get('/api/web/task-types')).json()) as Array<{ id: number; type: string }>;
  const type = types.find((candidate) => candidate.type === 'Boiler service');
  if (!type) throw new Error('the demo has no Boiler service type');
  const created = await createTask(page, { typeId: type.id, description: 'Numbered once' });
  expect(created.id, 'another company holds tasks, so the database id differs from the reference number').not.toBe(
    created.referenceNumber,
  );

  await page.goto('/app/main/tasks/unscheduled');
  const list = page.getByRole('region', { name: 'Unscheduled tasks' });
  await list.getByRole('searchbox', { name: 'Search tasks' }).fill(String(created.referenceNumber));
  const table = list.getByRole('table', { name: 'Tasks' });
  // Other rows may hold the same digits in an address; the created task is the one whose id cell is the number.
  const row = table.getByRole('row').filter({ has: page.getByRole('cell', { name: String(created.referenceNumber), exact: true }) });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').nth(1)).toHaveText(String(created.referenceNumber));
  await expect(row.getByRole('checkbox', { name: `Tick task ${created.referenceNumber}`, exact: true })).toBeVisible();

  await row.getByRole('cell').nth(2).dblclick();
  const drawer = page.getByRole('dialog', { name: `Task #${created.referenceNumber} · ${type.type}` });
  await expect(drawer).toBeVisible();
});

test('the favicon is an image and an unknown API path answers the JSON 404 for every method', async ({ request }) => {
  const favicon = await request.get('/favicon.ico');
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()['content-type']).toMatch(/^image\//);
  expect([...(await favicon.body()).subarray(0, 4)]).toEqual([0, 0, 1, 0]);

  for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
    for (const path of ['/api/web/no-such-call', '/api/web/tasks/1/no/such/call']) {
      const response = await request.fetch(path, { method });
      expect(response.status(), `${method} ${path}`).toBe(404);
      expect(response.headers()['content-type']).toMatch(/^application\/json/);
      const body = (await response.json()) as { error: { code: string; message: string; requestId: string } };
      expect(body.error).toEqual({ code: 'request.notFound', message: expect.any(String), requestId: expect.any(String) });
    }
  }
  const known = await request.get('/api/web/users/me');
  expect(known.status(), 'an existing call still answers itself').toBe(401);
});
