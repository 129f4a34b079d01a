import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { summarise, formatMs } from './lib/stats';
import { signIn } from './lib/bench-http';

/**
 * GET tasks/scheduled for one week, over HTTP against a running app, as the task list and the scheduler call it.
 * Prepare a large tenant and start the app on it first:
 *   createdb -h 127.0.0.1 -U postgres fieldops_bench
 *   export DATABASE_URL=postgres://postgres@127.0.0.1:5432/fieldops_bench
 *   npm run seed -- --tasks 100000 && PORT=3300 npm start &
 *   BASE_URL=http://localhost:3300 npx tsx bench/tasks-scheduled.ts [--requests 200]
 * Each week is asked for twice, in turn: with node:http (gzip, as a browser asks; timed until the last byte is in
 * and unzipped: the server's latency, what the p95 ≤ 80 ms is about) and with fetch, timed until its own
 * JSON.parse of the megabyte is done (what a script calling the API waits for). Prints min, median, p95, max of
 * both and the rows per answer.
 */
const baseUrl = process.env.BASE_URL ?? 'http://localhost:3000';
const requestsFlag = process.argv.indexOf('--requests');
const requests = requestsFlag > 0 ? Number(process.argv[requestsFlag + 1]) : 200;
const warmUp = 20;

/** Monday 00:00 UTC of a week `offset` weeks from now, and the Monday after. */
function week(offset: number): { from: string; to: string } {
  const monday = new Date();
  monday.setUTCHours(0, 0, 0, 0);
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7) + offset * 7);
  const next = new Date(monday.getTime() + 7 * 86_400_000);
  return { from: monday.toISOString(), to: next.toISOString() };
}

/** GET with gzip over a kept-alive connection; resolves when the last byte is in and unzipped. */
function getGzipped(agent: http.Agent, url: string, cookie: string): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers: { cookie, 'accept-encoding': 'gzip' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const raw = Buffer.concat(chunks);
        const body = response.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
        resolve({ status: response.statusCode ?? 0, body });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

async function main(): Promise<void> {
  const cookie = await signIn(baseUrl, 'owner@bench.test');
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const timings: number[] = [];
  const parsedTimings: number[] = [];
  const rows: number[] = [];
  for (let index = 0; index < warmUp + requests; index++) {
    const { from, to } = week((index % 40) - 20);
    const url = `${baseUrl}/api/web/tasks/scheduled?appointmentFrom=${encodeURIComponent(from)}&appointmentTo=${encodeURIComponent(to)}`;
    const started = performance.now();
    const answer = await getGzipped(agent, url, cookie);
    const arrived = performance.now() - started;
    if (answer.status !== 200) throw new Error(`GET tasks/scheduled answered ${answer.status}`);
    const fetchStarted = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    const body = (await response.json()) as unknown[];
    const parsed = performance.now() - fetchStarted;
    if (index >= warmUp) {
      timings.push(arrived);
      parsedTimings.push(parsed);
      rows.push(body.length);
    }
  }
  const latency = summarise(timings);
  const withParse = summarise(parsedTimings);
  const rowStats = summarise(rows);
  console.log(`GET tasks/scheduled, one week, ${requests} requests after ${warmUp} warm-up, weeks from -20 to +19`);
  console.log(`node:http, until the last byte is in and unzipped: min ${formatMs(latency.min)}, median ${formatMs(latency.median)}, p95 ${formatMs(latency.p95)}, max ${formatMs(latency.max)}`);
  console.log(`fetch, until its JSON.parse is done: min ${formatMs(withParse.min)}, median ${formatMs(withParse.median)}, p95 ${formatMs(withParse.p95)}, max ${formatMs(withParse.max)}`);
  console.log(`rows per answer: min ${rowStats.min}, median ${rowStats.median}, max ${rowStats.max}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
