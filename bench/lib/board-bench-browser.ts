import { chromium, type Page } from '@playwright/test';
import { formatMs, summarise } from './stats';

/**
 * The board in headless Chromium: navigation to the painted events, and the frame times (requestAnimationFrame
 * deltas, plus the Long Animation Frames the Performance API reports when this Chromium has them) while the grid
 * scrolls and while an event is dragged with the mouse. Prints figures; asserts nothing.
 */
const boardSelector = '[data-testid="schedule-board"]';
const eventSelector = `${boardSelector} .fc-timeline-event`;

declare global {
  interface Window {
    __boardPainted?: number;
    __longFrames?: number[];
    __frames?: number[];
    __recording?: boolean;
  }
}

/**
 * Runs in the page before its own scripts: notes performance.now() (milliseconds since navigation start) once the
 * board holds an event and a frame has been painted after it, and collects Long Animation Frame durations.
 */
function watchBoard(selectors: { board: string; event: string }): void {
  window.__longFrames = [];
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longFrames?.push(entry.duration);
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {
    // This Chromium has no Long Animation Frames API: the rAF deltas still tell the story.
  }
  let seen = false;
  const observer = new MutationObserver(() => {
    if (seen || !document.querySelector(selectors.event)) return;
    seen = true;
    observer.disconnect();
    // The frame that shows the events is painted after this rAF callback; the task queued from it runs after it.
    requestAnimationFrame(() => setTimeout(() => (window.__boardPainted = performance.now()), 0));
  });
  observer.observe(document, { childList: true, subtree: true });
}

async function signIn(page: Page, baseUrl: string, username: string): Promise<void> {
  await page.goto(`${baseUrl}/app/login`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('demo-pass-2026');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/app\/main\//);
}

function printFrames(label: string, deltas: number[], longFrames: number[]): void {
  if (deltas.length === 0) {
    console.log(`${label}: no frames recorded`);
    return;
  }
  const stats = summarise(deltas);
  const mean = deltas.reduce((sum, value) => sum + value, 0) / deltas.length;
  const slow = deltas.filter((delta) => delta > 50).length;
  const loaf = longFrames.length === 0 ? 'none' : `${longFrames.length}, longest ${formatMs(Math.max(...longFrames))}`;
  console.log(
    `${label}: ${deltas.length} frames, median ${formatMs(stats.median)}, p95 ${formatMs(stats.p95)}, max ${formatMs(stats.max)}, ` +
      `${(1000 / mean).toFixed(0)} fps on average, ${slow} frames over 50 ms; long animation frames: ${loaf}`,
  );
}

/** Scrolls the board's largest scroller along one axis a step per frame, bouncing at the ends; returns the deltas. */
function scrollFrames(args: { board: string; axis: 'x' | 'y'; frames: number; step: number }): Promise<number[]> {
  const board = document.querySelector(args.board);
  if (!board) return Promise.resolve([]);
  const candidates = [...board.querySelectorAll<HTMLElement>('.fc-scroller')].filter((element) =>
    args.axis === 'y' ? element.scrollHeight > element.clientHeight + 10 : element.scrollWidth > element.clientWidth + 10,
  );
  const scroller = candidates.sort((a, b) => b.clientWidth * b.clientHeight - a.clientWidth * a.clientHeight)[0];
  if (!scroller) return Promise.resolve([]);
  const deltas: number[] = [];
  let direction = 1;
  let last = performance.now();
  return new Promise((resolve) => {
    const frame = (time: number) => {
      deltas.push(time - last);
      last = time;
      const before = args.axis === 'y' ? scroller.scrollTop : scroller.scrollLeft;
      if (args.axis === 'y') scroller.scrollTop += args.step * direction;
      else scroller.scrollLeft += args.step * direction;
      if ((args.axis === 'y' ? scroller.scrollTop : scroller.scrollLeft) === before) direction = -direction;
      if (deltas.length < args.frames) requestAnimationFrame(frame);
      else resolve(deltas.slice(1));
    };
    requestAnimationFrame(frame);
  });
}

function startRecording(): void {
  window.__frames = [];
  window.__recording = true;
  let last = performance.now();
  const frame = (time: number) => {
    window.__frames?.push(time - last);
    last = time;
    if (window.__recording) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

function stopRecording(): number[] {
  window.__recording = false;
  return (window.__frames ?? []).slice(1);
}

/** The first event the mouse can grab: on screen, clear of the right and bottom edges, not hidden under another element. */
function grabPoint(args: { event: string; width: number; height: number }): { x: number; y: number } | null {
  for (const element of document.querySelectorAll(args.event)) {
    const rect = element.getBoundingClientRect();
    if (rect.width < 8) continue;
    const x = rect.left + Math.min(rect.width / 2, 20);
    const y = rect.top + rect.height / 2;
    if (x < 0 || y < 0 || x > args.width - 260 || y > args.height - 140) continue;
    const hit = document.elementFromPoint(x, y);
    if (hit && element.contains(hit)) return { x, y };
  }
  return null;
}

/**
 * Drags an event in view 200 px right and 120 px down and back, in small mouse steps, and lets go where it
 * started, so FullCalendar sees no change and nothing is written.
 */
async function dragFrames(page: Page): Promise<{ deltas: number[]; longFrames: number[] } | null> {
  const viewport = page.viewportSize() ?? { width: 1600, height: 900 };
  const point = await page.evaluate(grabPoint, { event: eventSelector, ...viewport });
  if (!point) return null;
  const { x, y } = point;
  const longBefore = await page.evaluate(() => window.__longFrames?.length ?? 0);
  await page.evaluate(startRecording);
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 200, y + 120, { steps: 60 });
  await page.mouse.move(x, y, { steps: 60 });
  await page.mouse.up();
  const deltas = await page.evaluate(stopRecording);
  const longFrames = await page.evaluate((from) => (window.__longFrames ?? []).slice(from), longBefore);
  return { deltas, longFrames };
}

export async function measureBoardInBrowser(options: { baseUrl: string; path: string; runs: number; username: string }): Promise<void> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1600, height: 900 } });
    // Only the app itself: the map tiles of the landing dashboard would otherwise wait on an outside host.
    await context.route(/^https?:\/\/(?!localhost[:/]|127\.0\.0\.1[:/])/, (route) => route.abort());
    const page = await context.newPage();
    // tsx (esbuild keepNames) wraps inner functions in __name(); functions sent to the page need it defined there.
    await page.addInitScript({ content: 'window.__name = (fn) => fn;' });
    await signIn(page, options.baseUrl, options.username);
    await page.addInitScript(watchBoard, { board: boardSelector, event: eventSelector });

    const paints: number[] = [];
    const outside: number[] = [];
    for (let run = 0; run < options.runs + 1; run++) {
      const started = performance.now();
      await page.goto(`${options.baseUrl}${options.path}`, { waitUntil: 'commit' });
      await page.waitForFunction(() => window.__boardPainted !== undefined, null, { timeout: 120_000, polling: 50 });
      const painted = await page.evaluate(() => window.__boardPainted ?? Number.NaN);
      if (run > 0) {
        paints.push(painted);
        outside.push(performance.now() - started);
      }
    }
    const eventCount = await page.locator(eventSelector).count();
    const rowCount = await page.locator(`${boardSelector} .fc-timeline-lane[data-resource-id], ${boardSelector} tr[data-resource-id]`).count();
    const paint = summarise(paints);
    const seen = summarise(outside);
    console.log(`board in Chromium, ${options.path}, ${options.runs} loads after one warm-up; ${eventCount} event elements, ${rowCount} row elements in the DOM`);
    console.log(`navigation start to events painted (page clock): min ${formatMs(paint.min)}, median ${formatMs(paint.median)}, p95 ${formatMs(paint.p95)}, max ${formatMs(paint.max)}`);
    console.log(`goto to painted seen by the bench (adds the polling and CDP round trips): median ${formatMs(seen.median)}, p95 ${formatMs(seen.p95)}`);

    for (const axis of ['y', 'x'] as const) {
      const longBefore = await page.evaluate(() => window.__longFrames?.length ?? 0);
      const deltas = await page.evaluate(scrollFrames, { board: boardSelector, axis, frames: 240, step: axis === 'y' ? 40 : 80 });
      const longFrames = await page.evaluate((from) => (window.__longFrames ?? []).slice(from), longBefore);
      printFrames(`scrolling the grid ${axis === 'y' ? 'down the rows (40 px a frame)' : 'along the time axis (80 px a frame)'}`, deltas, longFrames);
    }
    const dragged = await dragFrames(page);
    if (dragged) printFrames('dragging an event (120 mouse steps, let go where it started)', dragged.deltas, dragged.longFrames);
    else console.log('dragging an event: no event fully in view to drag');
  } finally {
    await browser.close();
  }
}
