import { chromium } from '@playwright/test';
import { summarise, formatMs } from './lib/stats';

/**
 * How long the task list takes to show one busy day in Chromium: from navigation to the loaded rows on screen, with
 * the page already signed in. Start the app on the large tenant first (see bench/tasks-scheduled.ts), then:
 *   BASE_URL=http://localhost:3300 npx tsx bench/task-list-render.ts [--runs 10]
 * Prints min, median, p95 and max; the target is ≤ 1 s.
 */
const baseUrl = process.env.BASE_URL ?? 'http://localhost:3000';
const runsFlag = process.argv.indexOf('--runs');
const runs = runsFlag > 0 ? Number(process.argv[runsFlag + 1]) : 10;

async function main(): Promise<void> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const page = await browser.newPage();
  await page.goto(`${baseUrl}/app/login`);
  await page.getByLabel('Username').fill('owner@bench.test');
  await page.getByLabel('Password').fill('demo-pass-2026');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/app\/main\//);

  const timings: number[] = [];
  for (let run = 0; run < runs + 1; run++) {
    const started = performance.now();
    await page.goto(`${baseUrl}/app/main/tasks/scheduled`);
    // The table says aria-busy="false" once the day's tasks are in; before that its one row is the loading row.
    await page.locator('table[aria-busy="false"] tbody tr').first().waitFor({ state: 'visible' });
    const elapsed = performance.now() - started;
    if (run > 0) timings.push(elapsed);
  }
  const rows = await page.locator('table[aria-busy="false"] tbody tr').count();
  await browser.close();
  const stats = summarise(timings);
  console.log(`task list, today, ${runs} loads after one warm-up, ${rows} rows on the first page`);
  console.log(`navigation to first row: min ${formatMs(stats.min)}, median ${formatMs(stats.median)}, p95 ${formatMs(stats.p95)}, max ${formatMs(stats.max)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
