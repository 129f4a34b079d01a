import { summarise, formatMs } from './lib/stats';

/**
 * GET tasks/scheduled for one week, over HTTP against a running app, as the task list and the scheduler call it.
 * Prepare a large tenant and start the app on it first:
 *   createdb -h 127.0.0.1 -U postgres fieldops_bench
 *   export DATABASE_URL=postgres://postgres@127.0.0.1:5432/fieldops_bench
 *   npm run seed -- --tasks 100000 && PORT=3300 npm start &
 *   BASE_URL=http://localhost:3300 npx tsx bench/tasks-scheduled.ts [--requests 200]
 * Prints min, median, p95 and max latency until the whole answer has arrived (what the p95 ≤ 80 ms is
 * about), the same with this script's own JSON.parse of the megabyte added, and the rows per answer.
 */
const baseUrl = process.env.BASE_URL ?? 'http://localhost:3000';
const requestsFlag = process.argv.indexOf('--requests');
const requests = requestsFlag > 0 ? Number(process.argv[requestsFlag + 1]) : 200;
const warmUp = 20;

async function signIn(): Promise<string> {
  const response = await fetch(`${baseUrl}/api/web/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ username: 'owner@bench.test', password: 'demo-pass-2026', rememberMe: true }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** Monday 00:00 UTC of a week `offset` weeks from now, and the Monday after. */
function week(offset: number): { from: string; to: string } {
  const monday = new Date();
  monday.setUTCHours(0, 0, 0, 0);
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7) + offset * 7);
  const next = new Date(monday.getTime() + 7 * 86_400_000);
  return { from: monday.toISOString(), to: next.toISOString() };
}

async function main(): Promise<void> {
  const cookie = await signIn();
  const timings: number[] = [];
  const parsedTimings: number[] = [];
  const rows: number[] = [];
  for (let index = 0; index < warmUp + requests; index++) {
    const { from, to } = week((index % 40) - 20);
    const url = `${baseUrl}/api/web/tasks/scheduled?appointmentFrom=${encodeURIComponent(from)}&appointmentTo=${encodeURIComponent(to)}`;
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    const bytes = await response.arrayBuffer();
    const arrived = performance.now() - started;
    const body = JSON.parse(new TextDecoder().decode(bytes)) as unknown[];
    const parsed = performance.now() - started;
    if (!response.ok) throw new Error(`GET tasks/scheduled answered ${response.status}`);
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
  console.log(`latency to the whole answer: min ${formatMs(latency.min)}, median ${formatMs(latency.median)}, p95 ${formatMs(latency.p95)}, max ${formatMs(latency.max)}`);
  console.log(`with this script's JSON.parse: min ${formatMs(withParse.min)}, median ${formatMs(withParse.median)}, p95 ${formatMs(withParse.p95)}, max ${formatMs(withParse.max)}`);
  console.log(`rows per answer: min ${rowStats.min}, median ${rowStats.median}, max ${rowStats.max}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
