import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { scheduleConfirmations } from '../lib/contract/schedule-board';
import { zonedIsoInstant } from '../lib/contract/zoned-time';
import { closeConnection, connection } from '../lib/server/core/db';
import { measureBoardInBrowser } from './lib/board-bench-browser';
import { benchTimeZone, droppedCount, prepareBoardBench, resetDropTasks, type BoardBenchSetup, type Week } from './lib/board-bench-data';
import { formatMs, summarise } from './lib/stats';
import { signIn } from './lib/bench-http';

/**
 * The scheduler's "Speed" figures (issue 11) on Bench Co: 100 workers, one week holding 2,000 assigned events.
 *   createdb -h 127.0.0.1 -U postgres fieldops_bench
 *   export DATABASE_URL=postgres://postgres@127.0.0.1:5432/fieldops_bench
 *   npm run seed -- --tasks 100000
 *   npm run build && PORT=3300 npm start &
 *   BASE_URL=http://localhost:3300 npx tsx bench/scheduler-board.ts [--reads 30] [--drops 200] [--paints 5] [--no-browser | --browser-only]
 * DATABASE_URL must name the database the app runs on: the bench first adds its own data there, idempotently
 * (workers up to 100 on the tenant's template and zones, assigned tasks in the current local week up to 2,000, a
 * pool of unscheduled tasks for the drops, put back to unscheduled before and after each run), then measures over
 * HTTP and in headless Chromium (/usr/bin/chromium, or CHROMIUM_PATH):
 *   (a) GET tasks/board for the current week: bytes (as sent gzipped, and unzipped) and time until the last byte
 *       is in and unzipped; GET tasks/scheduled for the same week beside it, the answer the board no longer reads;
 *   (b) PUT tasks/{id}/schedule: drops of unscheduled tasks onto next week's working hours, answered and saved
 *       (the answer comes after the commit), then moves of the same tasks, p50/p95;
 *   (c) /app/main/schedule/week: navigation to the events painted, frame times scrolling and dragging.
 * Targets (the issue): board painted ≤ 1.5 s, a drop ≤ 150 ms, scrolling and dragging smooth. It prints figures
 * and never asserts a time.
 */
const baseUrl = process.env.BASE_URL ?? 'http://localhost:3000';
const flag = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const reads = flag('reads', 30);
const drops = flag('drops', 200);
const paints = flag('paints', 5);
const withBrowser = !process.argv.includes('--no-browser');
const browserOnly = process.argv.includes('--browser-only');
const warmUp = 5;
const username = 'owner@bench.test';

interface Fetched {
  status: number;
  body: Buffer;
  wireBytes: number;
  ms: number;
}

/** GET with gzip, as a browser asks, over a kept-alive connection; timed until the last byte is in and unzipped. */
function getGzipped(agent: http.Agent, url: string, cookie: string): Promise<Fetched> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers: { cookie, 'accept-encoding': 'gzip' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const raw = Buffer.concat(chunks);
        const body = response.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
        resolve({ status: response.statusCode ?? 0, body, wireBytes: raw.length, ms: performance.now() - started });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

async function timeReads(label: string, url: string, cookie: string, count: number): Promise<Fetched | null> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let last: Fetched | null = null;
  const times: number[] = [];
  for (let index = 0; index < warmUp + count; index++) {
    last = await getGzipped(agent, url, cookie);
    if (last.status !== 200) {
      console.log(`${label}: answered ${last.status} (${last.body.toString().slice(0, 200)}); skipped`);
      agent.destroy();
      return null;
    }
    if (index >= warmUp) times.push(last.ms);
  }
  agent.destroy();
  if (!last) return null;
  const stats = summarise(times);
  console.log(
    `${label}: ${kb(last.wireBytes)} gzipped (${kb(last.body.length)} unzipped); ${count} reads after ${warmUp} warm-up: ` +
      `min ${formatMs(stats.min)}, median ${formatMs(stats.median)}, p95 ${formatMs(stats.p95)}, max ${formatMs(stats.max)}`,
  );
  return last;
}

async function measureReads(setup: BoardBenchSetup, cookie: string): Promise<void> {
  const { week } = setup;
  const board = await timeReads('GET tasks/board, one week', `${baseUrl}/api/web/tasks/board?from=${week.from}&to=${week.to}`, cookie, reads);
  if (board) {
    const data = JSON.parse(board.body.toString()) as Record<string, unknown>;
    const sizes = ['workers', 'events', 'unassigned', 'unscheduled', 'unavailable']
      .map((key) => `${key} ${Array.isArray(data[key]) ? (data[key] as unknown[]).length : '?'}`)
      .join(', ');
    console.log(`  the answer holds ${sizes}`);
  }
  const range = `appointmentFrom=${encodeURIComponent(week.start.toISOString())}&appointmentTo=${encodeURIComponent(week.end.toISOString())}`;
  await timeReads('GET tasks/scheduled, same week (full task views, for comparison)', `${baseUrl}/api/web/tasks/scheduled?${range}`, cookie, Math.min(reads, 10));
}

/** The n-th drop's place: next week Monday to Friday, 08:00-16:00 on the tenant's clock, workers in turn. */
function target(setup: BoardBenchSetup, week: Week, index: number, shift: number) {
  const day = new Date(Date.parse(`${week.from}T12:00:00Z`) + (index % 5) * 86_400_000).toISOString().slice(0, 10);
  const minutes = 8 * 60 + ((index * 7 + shift) % 33) * 15;
  const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return {
    date: zonedIsoInstant(day, time, benchTimeZone),
    assigneeId: setup.workerIds[(index + shift) % setup.workerIds.length],
  };
}

async function put(url: string, cookie: string, body: unknown): Promise<{ status: number; ms: number; updated?: string; code?: string }> {
  const started = performance.now();
  const response = await fetch(url, {
    method: 'PUT',
    headers: { cookie, 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { updated?: string; error?: { code: string } };
  return { status: response.status, ms: performance.now() - started, updated: answer.updated, code: answer.error?.code };
}

function printWrites(label: string, times: number[], refused: Map<string, number>): void {
  if (times.length === 0) {
    console.log(`${label}: nothing saved`);
  } else {
    const stats = summarise(times);
    console.log(`${label}: ${times.length} saved, min ${formatMs(stats.min)}, p50 ${formatMs(stats.median)}, p95 ${formatMs(stats.p95)}, max ${formatMs(stats.max)}`);
  }
  if (refused.size > 0) console.log(`  not saved: ${[...refused].map(([code, n]) => `${code} × ${n}`).join(', ')}`);
}

/**
 * Drops, then moves, one write at a time as one dispatcher makes them. Each confirms every warning the rules may
 * raise (zones, skills, ...), as the dispatcher's second request after the dialog does: the timing is the write
 * that saves, every rule checked.
 */
async function measureWrites(setup: BoardBenchSetup, cookie: string): Promise<void> {
  const confirm = [...scheduleConfirmations];
  const pool = setup.dropTasks.slice(0, warmUp + drops);
  const updated = new Map(pool.map((task) => [task.id, task.updated]));
  for (const kind of ['drop', 'move'] as const) {
    const times: number[] = [];
    const refused = new Map<string, number>();
    for (const [index, task] of pool.entries()) {
      const place = target(setup, setup.nextWeek, index, kind === 'drop' ? 0 : 11);
      const answer = await put(`${baseUrl}/api/web/tasks/${task.id}/schedule`, cookie, {
        ...place,
        durationMins: 60,
        updated: updated.get(task.id),
        confirm,
      });
      if (answer.status === 200 && answer.updated) {
        updated.set(task.id, answer.updated);
        if (index >= warmUp) times.push(answer.ms);
      } else {
        const code = answer.code ?? String(answer.status);
        refused.set(code, (refused.get(code) ?? 0) + 1);
      }
    }
    printWrites(
      kind === 'drop'
        ? `PUT tasks/{id}/schedule, drop of an unscheduled task onto a worker (answered = saved), after ${warmUp} warm-up`
        : 'PUT tasks/{id}/schedule, move of the same task to another worker and time',
      times,
      refused,
    );
  }
}

async function main(): Promise<void> {
  if (!process.env.DATABASE_URL) throw new Error('Set DATABASE_URL to the database the app at BASE_URL runs on.');
  const conn = await connection();
  try {
    const setup = await prepareBoardBench(conn.db, warmUp + drops);
    console.log(
      `Bench Co: ${setup.workerIds.length} active workers (${setup.addedWorkers} added now); week ${setup.week.from} to ${setup.week.to} ` +
        `holds ${setup.weekEvents} assigned tasks (${setup.addedEvents} added now); ${setup.dropTasks.length} tasks in the drop pool`,
    );
    if (!browserOnly) {
      const cookie = await signIn(baseUrl, username);
      await measureReads(setup, cookie);
      await measureWrites(setup, cookie);
      const ids = setup.dropTasks.map((task) => task.id);
      console.log(`  ${await droppedCount(conn.db, ids)} pool tasks on the board after the writes; putting them back to unscheduled`);
      await resetDropTasks(conn.db, setup.tenantId);
    }
    if (withBrowser) await measureBoardInBrowser({ baseUrl, path: '/app/main/schedule/week', runs: paints, username });
  } finally {
    await closeConnection();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
