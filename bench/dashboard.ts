import { performance } from 'node:perf_hooks';
import { GET as completedTasks } from '../app/api/web/dashboard/completed-tasks/route';
import { GET as customerAnalysis } from '../app/api/web/dashboard/customer-analysis/route';
import { GET as estimatedVsActual } from '../app/api/web/dashboard/estimated-hours-vs-actual-hours/route';
import { GET as taskLocationAnalysis } from '../app/api/web/dashboard/task-location-analysis/route';
import { GET as taskStatusAnalysis } from '../app/api/web/dashboard/task-status-analysis/route';
import { GET as taskTypeAnalysis } from '../app/api/web/dashboard/task-type-analysis/route';
import { GET as totalTasks } from '../app/api/web/dashboard/total-tasks/route';
import { GET as workforceAnalysis } from '../app/api/web/dashboard/workforce-analysis/route';
import { GET as workforceAvailability } from '../app/api/web/dashboard/workforce-availability/route';
import { POST as login } from '../app/api/web/login/route';
import { dashboardPeriods } from '../lib/contract/dashboard';
import { closeConnection } from '../lib/server/core/db';
import { formatMs, summarise } from './lib/stats';

/**
 * Every dashboard call on Bench Co, through its route handler as Next.js runs it (session cookie → ctx, zod, the
 * SQL, the JSON answer), for each period where the call takes one. Prints p50 and p95 per call and period, and the
 * size of the answer; asserts no time (the target is ≤ 300 ms a call).
 *   createdb -h 127.0.0.1 -U postgres fieldops_bench
 *   export DATABASE_URL=postgres://postgres@127.0.0.1:5432/fieldops_bench
 *   npm run seed -- --tasks 100000
 *   npx tsx --conditions=react-server bench/dashboard.ts [--runs 30]
 * `--conditions=react-server` lets the server modules' 'server-only' guard load outside Next.js.
 */
const runsFlag = process.argv.indexOf('--runs');
const runs = runsFlag > 0 ? Number(process.argv[runsFlag + 1]) : 30;
const warmUp = 3;
const origin = 'http://localhost:3000';

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
const noParams = { params: Promise.resolve({}) };

async function signIn(): Promise<string> {
  const response = await login(
    new Request(`${origin}/api/web/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, 'sec-fetch-site': 'same-origin', 'x-forwarded-for': '127.0.0.1' },
      body: JSON.stringify({ username: 'owner@bench.test', password: 'demo-pass-2026', rememberMe: true }),
    }),
    noParams,
  );
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}; run the seed with --tasks first`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

async function measure(cookie: string, name: string, handler: Handler, period?: string) {
  const url = `${origin}/api/web/dashboard/${name}${period ? `?period=${period}` : ''}`;
  const timings: number[] = [];
  let size = '';
  for (let index = 0; index < warmUp + runs; index++) {
    const started = performance.now();
    const response = await handler(new Request(url, { headers: { cookie, host: 'localhost:3000' } }), noParams);
    const body = (await response.json()) as unknown;
    const elapsed = performance.now() - started;
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${JSON.stringify(body)}`);
    if (index >= warmUp) timings.push(elapsed);
    size = Array.isArray(body) ? `${body.length} rows` : 'one object';
  }
  const stats = summarise(timings);
  const label = `${name}${period ? ` ${period}` : ''}`.padEnd(42);
  console.log(`${label} p50 ${formatMs(stats.median).padStart(9)}  p95 ${formatMs(stats.p95).padStart(9)}  max ${formatMs(stats.max).padStart(9)}  ${size}`);
}

async function main(): Promise<void> {
  const cookie = await signIn();
  console.log(`Dashboard calls on Bench Co, ${runs} runs each after ${warmUp} warm-up, in-process route handlers`);
  await measure(cookie, 'total-tasks', totalTasks);
  await measure(cookie, 'workforce-availability', workforceAvailability);
  await measure(cookie, 'task-status-analysis', taskStatusAnalysis);
  const periodCalls: Array<[string, Handler]> = [
    ['completed-tasks', completedTasks],
    ['estimated-hours-vs-actual-hours', estimatedVsActual],
    ['task-type-analysis', taskTypeAnalysis],
    ['task-location-analysis', taskLocationAnalysis],
    ['workforce-analysis', workforceAnalysis],
    ['customer-analysis', customerAnalysis],
  ];
  for (const [name, handler] of periodCalls) {
    for (const period of dashboardPeriods) await measure(cookie, name, handler, period);
  }
}

main()
  .then(() => closeConnection())
  .catch(async (error: unknown) => {
    console.error(error);
    await closeConnection();
    process.exitCode = 1;
  });
