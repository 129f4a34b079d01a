import type { Page } from '@playwright/test';
import type { BoardData } from '@/lib/contract/schedule-board';
import type { TaskView } from '@/lib/contract/tasks';
import { zonedIsoInstant } from '@/lib/contract/zoned-time';
import { withDatabase } from './support/database';
import { dayIn, expect, signIn, tenantTimeZone, test } from './support/local-only';

async function createTask(page: Page, task: Record<string, unknown>): Promise<TaskView> {
  const response = await page.request.post('/api/web/tasks', {
    multipart: { task: { name: 'task.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(task)) } },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as TaskView;
}

test('a row’s route icon shows the worker’s stops in order, names the task without a location, and says when there is no route', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'dispatcher@demo.test');
  // Two days ahead: a day the demo's own tasks and the other specs leave alone for the worker picked below.
  const day = dayIn(tenantTimeZone, 2);
  const board = (await (await page.request.get(`/api/web/tasks/board?from=${day}&to=${day}`)).json()) as BoardData;
  const busy = new Set(board.events.map((task) => task.assigneeId));
  const free = board.workers.filter((worker) => !busy.has(worker.id));
  expect(free.length, 'two workers with nothing on that day').toBeGreaterThanOrEqual(2);
  const [worker, idle] = free;
  const types = (await (await page.request.get('/api/web/task-types')).json()) as Array<{ id: number; type: string }>;
  // A type with no required custom fields, so the tasks need nothing else.
  const typeId = types.find((type) => type.type === 'Boiler service')?.id;
  const stamp = Date.now().toString(36);
  const at = (time: string) => ({ date: zonedIsoInstant(day, time, tenantTimeZone), durationMins: 60 });
  const stop = (title: string, time: string, address: string, latitude: number, longitude: number) =>
    createTask(page, {
      typeId,
      title: `${title} ${stamp}`,
      assigneeId: worker.id,
      appointment: at(time),
      location: { address, latitude, longitude },
    });
  // Created out of order: the map follows the appointments, not the creation.
  await stop('Second stop', '11:00', 'Via Torino 2, Milano', 45.4628, 9.1859);
  await stop('First stop', '09:00', 'Piazza Duomo 1, Milano', 45.4642, 9.19);
  const unplaced = await createTask(page, {
    typeId,
    title: `No address ${stamp}`,
    assigneeId: worker.id,
    appointment: at('14:00'),
  });

  // The worker's phone reported two positions that day: the map draws them as the actual trail.
  await withDatabase((client) =>
    client.query(
      `insert into worker_positions (tenant_id, user_id, lat, lng, recorded)
       select tenant_id, id, p.lat, p.lng, p.recorded::timestamptz from users,
         (values (45.4640, 9.1895, $2), (45.4630, 9.1865, $3)) as p(lat, lng, recorded)
       where id = $1`,
      [worker.id, zonedIsoInstant(day, '08:50', tenantTimeZone), zonedIsoInstant(day, '10:55', tenantTimeZone)],
    ),
  );

  await page.goto(`/app/main/schedule/day?date=${day}`);
  const grid = page.getByTestId('schedule-board');
  await grid.getByRole('button', { name: `Route map of ${worker.name} ${worker.surname}` }).click({ timeout: 30_000 });
  const modal = page.getByTestId('route-map-modal');
  await expect(modal).toBeVisible();
  const stops = modal.getByRole('list', { name: 'Stops' }).getByRole('listitem');
  await expect(stops).toHaveCount(2);
  await expect(stops.nth(0)).toContainText(`First stop ${stamp}`);
  await expect(stops.nth(1)).toContainText(`Second stop ${stamp}`);
  await expect(modal.getByTestId('route-map-marker')).toHaveCount(2);
  await expect(modal.getByTestId('route-map-no-location')).toContainText(unplaced.title);
  await expect(modal.getByTestId('route-map-no-route')).toHaveCount(0);
  await expect(modal.getByTestId('route-map-legend-trail')).toHaveText('Actual trail (GPS positions) · 2 positions');
  await page.keyboard.press('Escape');
  await expect(modal).toHaveCount(0);

  await grid.getByRole('button', { name: `Route map of ${idle.name} ${idle.surname}` }).click();
  await expect(page.getByTestId('route-map-no-route')).toHaveText('No route found');
  await expect(page.getByTestId('route-map-no-location')).toHaveCount(0);
});
