import { expect, test } from './support/local-only';

test('the API reference lists every call from the OpenAPI document, filters them, and serves the JSON without sign-in', async ({ page, request }) => {
  const served = await request.get('/api/web/openapi.json');
  expect(served.status()).toBe(200);
  const document = (await served.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
  expect(document.openapi).toBe('3.1.0');
  expect(document.paths['/api/web/tasks/{id}']).toHaveProperty('get');

  await page.goto('/app/api-docs');
  await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();
  const calls = page.getByTestId('api-call');
  const documented = Object.values(document.paths).reduce((total, methods) => total + Object.keys(methods).length, 0);
  await expect(calls).toHaveCount(documented);
  const taskById = page.locator('[data-call="GET /api/web/tasks/{id}"]');
  await expect(taskById.locator('summary')).toContainText(/GET\s*\/api\/web\/tasks\/\{id\}/);

  await page.getByLabel('Filter by method or path').fill('get tasks/{id}');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/[?&]q=get/);
  await expect(taskById).toBeVisible();

  await expect(page.locator('[data-call="GET /api/web/zones"]')).toHaveCount(0);
  await taskById.locator('summary').click();
  await expect(taskById.getByRole('cell', { name: 'id', exact: true })).toBeVisible();
});
